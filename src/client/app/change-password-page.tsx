// Forced change of the default password (token matchPassword = true). Decision: after the new password is
// saved the session is closed (POST /api/logout) and the user signs in again with it, because the current
// token still says matchPassword and there is no token-refresh call in the contract.
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { ApiError } from '@client/lib/api';
import { useSession } from '@client/lib/session';
import { useOfficeSettings } from '@client/lib/settings';
import { toast } from '@client/lib/toast';
import { BrandTitle } from './brand';
import { logout } from '@client/lib/logout';
import { PasswordForm, setPassword, type PasswordValues } from '@client/features/usuarios/password-form';
import { ModalActions } from '@client/components/modal-actions';

const FORM_ID = 'forced-password-form';

/** @public loaded by name through lazyRouteComponent in router.tsx */
export function ChangePasswordPage() {
  const settings = useOfficeSettings();
  const session = useSession();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    if (!session) return;
    setBusy(true);
    try {
      await setPassword(session.user.id, values);
      toast.success(LABELS.shell.passwordChangedRelogin);
      await logout();
    } catch (err) {
      // 403/400 carry the server's reason (e.g. a too short password); anything else gets the spec's text.
      toast.error(err instanceof ApiError && (err.status === 400 || err.status === 403) ? err.message : MSG.passwordFailed);
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600">
      <header className="border-b border-white/10 bg-brand-900/60 px-6 py-3">
        <BrandTitle settings={settings} dark />
      </header>
      <main className="flex flex-1 items-center justify-center p-4">
        <section className="w-full max-w-md rounded-xl bg-white p-8 shadow-2xl" aria-labelledby="forced-title">
          <div className="mb-4 flex items-center gap-3">
            <KeyRound className="size-8 text-amber-500" aria-hidden="true" />
            <h1 id="forced-title" className="text-xl font-bold text-slate-800">
              {LABELS.shell.forcedPasswordTitle}
            </h1>
          </div>
          {session && <p className="mb-1 text-sm font-semibold text-slate-700">{session.user.fullName.toUpperCase()}</p>}
          <p className="mb-5 text-sm text-slate-600">{LABELS.shell.forcedPasswordText}</p>
          <PasswordForm id={FORM_ID} onSubmit={submit} disabled={busy} />
          <div className="mt-6 flex justify-between gap-2">
            <ModalActions busy={busy} onCancel={() => void logout()} cancelLabel={LABELS.shell.exit} form={FORM_ID} />
          </div>
        </section>
      </main>
    </div>
  );
}
