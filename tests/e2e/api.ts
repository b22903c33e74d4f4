// Direct API calls for e2e setup and checks (users with known roles and passwords, stock lookups).
import { randomUUID } from 'node:crypto';
import { baseUrl, PASSWORD } from './browser';
import { RANGE_MONTHS, rangeFirstDay } from '@shared/contract/ranges';
import { limaDate } from '@shared/domain/dates';

/** Password the e2e users get once set up, so they skip the forced change screen. */
export const USER_PASSWORD = 'Clave2026!e2e';

export async function apiLogin(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls the API with a bearer token (and a fresh Idempotency-Key on writes); throws on non-2xx unless `allow`. */
export async function api<T = unknown>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  allow: number[] = [],
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const data = (text ? JSON.parse(text) : null) as T;
  if (!res.ok && !allow.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, data };
}

let adminToken: string | undefined;

/** Token of the seeded admin (default password: the server still answers with a token, matchPassword aside). */
export async function admin(): Promise<string> {
  adminToken ??= await apiLogin('admin', PASSWORD);
  return adminToken;
}

/**
 * Creates (once per run) a user with exactly `roles` and returns its name. With `keepDefault` the
 * user keeps the default password (forced change on first login); otherwise it gets USER_PASSWORD.
 */
export async function ensureUser(username: string, roles: number[], opts: { keepDefault?: boolean } = {}): Promise<string> {
  const token = await admin();
  const list = await api<{ id: number; username: string }[]>(token, 'GET', '/api/usuarios');
  let user = list.data.find((u) => u.username === username);
  if (!user) {
    const created = await api<{ id: number }>(token, 'POST', '/api/usuarios', {
      username,
      email: `${username}@muni.gob.pe`,
      estado: 1,
      full_name: `Usuario ${username}`,
      editorMode: 'crear',
    });
    user = { id: created.data.id, username };
  }
  await api(token, 'PUT', `/api/usuarios/savepermission/${user.id}`, { id: user.id, myChoices: roles });
  if (!opts.keepDefault)
    await api(token, 'PUT', `/api/usuarios/setpwd/${user.id}`, { id: user.id, password: USER_PASSWORD, confirmedPassword: USER_PASSWORD });
  return username;
}

/** The widest range a bounded list answers, up to today (contract/ranges.ts): a spec's "every row" of that list. */
export function widest(resource: keyof typeof RANGE_MONTHS) {
  const ffin = limaDate();
  return { fini: rangeFirstDay(ffin, RANGE_MONTHS[resource]), ffin };
}
