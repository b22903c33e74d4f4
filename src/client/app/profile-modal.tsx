// 'Perfil' of the user menu: name, area, number of permissions, session dates, and a change of one's own password.
import { useState } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { formatDateTime } from '@client/lib/format';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { PasswordForm, setPassword, type PasswordValues } from '@client/features/usuarios/password-form';
import { ModalActions } from '@client/components/modal-actions';

const FORM_ID = 'profile-password-form';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1 text-sm">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-800">{value}</dd>
    </div>
  );
}

export function ProfileModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: PasswordValues) => {
    if (!session) return;
    setBusy(true);
    try {
      await setPassword(session.user.id, values);
      toast.success(MSG.operationOk);
      setFormKey((k) => k + 1);
    } catch {
      toast.error(MSG.passwordFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={LABELS.shell.profile}
      width="md"
      closeDisabled={busy}
      footer={
        <>
          <ModalActions
            busy={busy}
            onCancel={() => onOpenChange(false)}
            cancelLabel={LABELS.close}
            confirmLabel={LABELS.shell.changePassword}
            form={FORM_ID}
          />
        </>
      }
    >
      {session && (
        <dl className="mb-4 border-b border-border pb-3">
          <Row label={LABELS.shell.fullName} value={session.user.fullName.toUpperCase()} />
          <Row label={LABELS.shell.area} value={session.area.name} />
          <Row label={LABELS.shell.rolesCount} value={String(session.roles.length)} />
          <Row label={LABELS.shell.serverDate} value={session.date} />
          {session.exp !== undefined && <Row label={LABELS.shell.sessionUntil} value={formatDateTime(session.exp * 1000)} />}
        </dl>
      )}
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{LABELS.shell.changePassword}</h3>
      <PasswordForm key={formKey} id={FORM_ID} onSubmit={submit} disabled={busy} />
    </Modal>
  );
}
