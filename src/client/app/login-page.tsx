// Login: username (required) and password (marked required), today's date in Spanish
// with the city label, 'Ingresar' with a busy state; 'Credencial incorrecto' on failure, the server's
// message on 429. Success stores the token and lands on the change-password screen, the return address or
// the welcome screen.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
// Icons by their own paths: scripts/preload-screen.ts puts them in the login's one chunk.
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogIn from 'lucide-react/icons/log-in';
import { LOGIN_FIELD as FIELD, LOGIN_LABELS as LABELS, LOGIN_MSG as MSG } from '@shared/messages-login';
import { Button } from '@client/components/ui/button';
import { ApiError, call } from '@client/lib/api';
import { getSession, setToken } from '@client/lib/session';
import { useOfficeSettings } from '@client/lib/settings';
import { toast } from '@client/lib/toast';
import { landingFor, type LoginSearch } from '@client/routes/guards';
import { BrandTitle, Emblem } from './brand';
import { Copyright } from './copyright';
import { TextField } from '@client/components/form-field';
import { formatLongDateEs } from './long-date';
import { PendingLoginNote } from '@client/offline/ui/pending-login-note';

/**
 * The login endpoint's declaration, loaded when the user signs in: its zod schemas (and zod) stay off the login
 * screen's first download (docs/architecture.md). A chunk that cannot be loaded is a missing connection.
 */
const loadAuthApi = () =>
  import('@shared/contract/auth').then(
    (m) => m.authApi,
    () => {
      throw new ApiError(0, MSG.syncNoConnection);
    },
  );

/** The message of a failed login: the server's text on 429, no-connection on status 0, else the spec's. */
/** @public loaded by name through lazyRouteComponent in router.tsx */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.message || MSG.loginRateLimited;
    if (err.status === 0) return MSG.syncNoConnection;
  }
  return MSG.loginFailed;
}

/** @public loaded by name through lazyRouteComponent in router.tsx */
export function LoginPage() {
  const settings = useOfficeSettings();
  const navigate = useNavigate();
  const search: LoginSearch = useSearch({ strict: false });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const userError = touched && username.trim() === '' ? FIELD.required : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (username.trim() === '' || busy) return;
    setBusy(true);
    try {
      const authApi = await loadAuthApi();
      const answer = await call(authApi.login, { body: { username: username.trim(), password }, handle401: false, token: null });
      setToken(answer.access_token);
      const session = getSession();
      if (!session) throw new Error('invalid token');
      await navigate({ href: landingFor(session, search.redirect), replace: true });
    } catch (err) {
      toast.error(loginErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600">
      <header className="border-b border-white/10 bg-brand-900/60 px-6 py-3">
        <BrandTitle settings={settings} dark />
      </header>
      <main className="flex flex-1 items-center justify-center p-4">
        <div className="grid w-full max-w-4xl overflow-hidden rounded-xl bg-white shadow-2xl md:grid-cols-2">
          <section className="hidden flex-col items-center justify-center gap-4 bg-slate-50 p-8 text-center md:flex" aria-hidden="true">
            <Emblem className="size-40" />
            <p className="text-sm font-semibold tracking-wider text-brand-600 uppercase">{settings.officeName}</p>
            <p className="text-lg font-bold text-slate-800">{settings.shortName}</p>
          </section>
          <section className="flex flex-col gap-5 p-8">
            <div>
              <h1 className="text-2xl font-bold text-slate-800">{LABELS.shell.loginTitle}</h1>
              <p className="mt-1 text-sm text-slate-600" data-testid="login-date">
                {settings.cityLabel}, {formatLongDateEs()}
              </p>
            </div>
            <PendingLoginNote />
            <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
              <TextField
                label={LABELS.shell.username}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                autoFocus
                value={username}
                error={userError}
                onChange={(e) => setUsername(e.target.value)}
                onBlur={() => setTouched(true)}
              />
              <TextField
                label={LABELS.shell.password}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" size="lg" disabled={busy} aria-busy={busy} className="mt-2 w-full">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
                {busy ? LABELS.shell.signingIn : LABELS.shell.signIn}
              </Button>
            </form>
          </section>
        </div>
      </main>
      <footer className="px-6 py-3">
        <Copyright officeName={settings.officeName} className="text-center text-xs text-slate-300" />
      </footer>
    </div>
  );
}
