// Route guards: logged-in routes need a valid, non-expired token, else login with the
// return address; login is closed to logged-in users; a default password forces the change-password screen.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { getSession, type SessionPayload } from '@client/lib/session';
import { PATHS } from './paths';

export interface LoginSearch {
  redirect?: string;
}

/** Only in-app absolute paths are accepted as a return address. */
export function safeReturn(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (value === PATHS.root || value.startsWith(PATHS.login) || value.startsWith(PATHS.changePassword)) return undefined;
  return value;
}

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const r = safeReturn(search.redirect);
  return r ? { redirect: r } : {};
}

/** Where a user lands after login: the forced password change, the return address or the welcome screen. */
export function landingFor(session: SessionPayload, returnTo?: string): string {
  if (session.user.matchPassword) return PATHS.changePassword;
  return safeReturn(returnTo) ?? PATHS.welcome;
}

/** Guard of every logged-in route. */
export function requireSession(location: Pick<ParsedLocation, 'href'>): SessionPayload {
  const session = getSession();
  if (!session) {
    const back = safeReturn(location.href);
    throw redirect({ to: PATHS.login, search: back ? { redirect: back } : {}, replace: true });
  }
  if (session.user.matchPassword) throw redirect({ to: PATHS.changePassword, replace: true });
  return session;
}

/**
 * Guard of a screen with a role id (or ids, any of which will do): without it the user goes to the welcome screen,
 * and `onDenied` tells them why (a bookmark or a shared address of a screen they may not open). This module is part
 * of the login screen's first download, so the message comes from the caller.
 */
export function requireRole(session: SessionPayload, code: number | readonly number[] | undefined, onDenied?: () => void): void {
  if (code === undefined) return;
  const codes: readonly number[] = typeof code === 'number' ? [code] : code;
  if (!codes.some((c) => session.roles.includes(c))) {
    onDenied?.();
    throw redirect({ to: PATHS.welcome, replace: true });
  }
}

/** Guard of the login route: logged-in users go to their landing screen. */
export function loginGuard(search: LoginSearch): void {
  const session = getSession();
  if (session) throw redirect({ href: landingFor(session, search.redirect), replace: true });
}

/** Guard of the change-password screen: needs a session that still has the default password. */
export function changePasswordGuard(): SessionPayload {
  const session = getSession();
  if (!session) throw redirect({ to: PATHS.login, replace: true });
  if (!session.user.matchPassword) throw redirect({ to: PATHS.welcome, replace: true });
  return session;
}
