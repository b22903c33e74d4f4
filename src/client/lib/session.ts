// Session token in localStorage under the key `token`: decode, expiry check, role lookup.
import { useSyncExternalStore } from 'react';

export interface SessionPayload {
  user: { id: number; fullName: string; matchPassword: boolean };
  area: { id: number; name: string };
  roles: number[];
  date: string;
  exp?: number;
  iat?: number;
  jti?: string;
}

const KEY = 'token';
const listeners = new Set<() => void>();

function b64urlDecode(part: string): string {
  const b64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload; throws the spec's messages on a malformed token. */
export function decodeToken(token: string): SessionPayload {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new Error(
      `The inspected token doesn't appear to be a JWT. Check to make sure it has three parts and see ${location.host} for more.`,
    );
  }
  try {
    return JSON.parse(b64urlDecode(parts[1])) as SessionPayload;
  } catch {
    throw new Error('Cannot decode the token.');
  }
}

/** Expired when empty, or when exp is not later than now + offset; no exp never expires. */
export function isTokenExpired(token: string | null, offsetSeconds = 0): boolean {
  if (!token) return true;
  let payload: SessionPayload;
  try {
    payload = decodeToken(token);
  } catch {
    return true;
  }
  if (payload.exp === undefined) return false;
  return payload.exp * 1000 <= Date.now() + offsetSeconds * 1000;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function emit(): void {
  cache = undefined;
  taskToken = undefined;
  for (const l of listeners) l();
}

export function setToken(token: string): void {
  localStorage.setItem(KEY, token);
  emit();
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
  emit();
}

let cache: { token: string | null; payload: SessionPayload | null } | undefined;

/**
 * The token read once per task: a list's render asks for the session from every row's action buttons (a
 * localStorage read each, measurable over a window of rows). Forgotten at the next microtask, and on any change.
 */
let taskToken: { token: string | null } | undefined;
function tokenOfThisTask(): string | null {
  if (taskToken === undefined) {
    taskToken = { token: getToken() };
    queueMicrotask(() => {
      taskToken = undefined;
    });
  }
  return taskToken.token;
}

/** The current session, or null when logged out or expired. */
export function getSession(): SessionPayload | null {
  const token = tokenOfThisTask();
  if (cache && cache.token === token) return cache.payload;
  const payload = token && !isTokenExpired(token) ? decodeToken(token) : null;
  cache = { token, payload };
  return payload;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionPayload | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** True when the logged-in user holds the role code (spec: a control shows only if the code is present). */
export function useHasRole(code: number | undefined): boolean {
  return holdsRole(useSession(), code);
}

/** True when `session` holds the role code (no code: always). */
export function holdsRole(session: SessionPayload | null, code: number | undefined): boolean {
  if (code === undefined) return true;
  return !!session && session.roles.includes(code);
}
