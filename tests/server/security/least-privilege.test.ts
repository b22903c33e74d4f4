// Least privilege (docs/security.md): every route of the endpoint table is walked with a user holding each single code
// of the permission tree, and with a user holding none. A route answers 403 exactly when the user's code is not among
// those the endpoint declares; a user with no codes reads only what is about themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES, MENU, READERS, ROLE } from '@shared/auth/permissions';
import type { ApiRoute } from '../../../src/server/plugins/auth';
import { call, createTestApp, createUser, type TestApp } from '../helpers';

const key = (r: ApiRoute) => `${r.method} ${r.url}`;
/** Parameters and bodies that fail validation: past the guard the answer is a quick 400, with no query run. */
const urlOf = (r: ApiRoute) => r.url.replace(/:[A-Za-z_]+/g, '-1');
/**
 * A read: any GET, and a POST that is no idempotent write (the list and search filters). The batch push is writes,
 * each meeting its own route's guard (sync.test.ts); the walk below still checks it passes any session's guard.
 */
const isRead = (r: ApiRoute) =>
  r.access !== 'public' && r.url !== '/api/sync/batch' && (r.method === 'GET' || (r.method === 'POST' && !r.endpoint?.idempotent));
const allows = (r: ApiRoute, code: number | null) =>
  r.access === 'session' || (code !== null && Array.isArray(r.access) && r.access.includes(code));

describe('least privilege on reads', () => {
  let t: TestApp;
  let reads: ApiRoute[];
  const tokens = new Map<number | null, string>();
  beforeAll(async () => {
    t = await createTestApp();
    reads = t.app.apiRoutes.filter(isRead);
    tokens.set(null, (await createUser(t, [])).token);
    for (const code of ALL_CODES) tokens.set(code, (await createUser(t, [code])).token);
  });
  afterAll(() => t.close());

  it('a user with no codes reads only what concerns themselves: their welcome cards, their bell, the API document', () => {
    expect(reads.length).toBeGreaterThan(60);
    expect(
      reads
        .filter((r) => r.access === 'session')
        .map(key)
        .sort(),
    ).toEqual(['GET /api/inicio', 'GET /api/notificaciones', 'GET /api/openapi.json']);
  });

  it('every route answers 403 to each single code it does not declare, and passes the guard with each one it does', async () => {
    // Writes too (their bodies fail validation, so nothing is written); a route for one's own record passes the guard
    // and lets its service decide. Logout would end the session the walk goes on with: it is any session's.
    const routes = t.app.apiRoutes.filter((r) => r.access !== 'public' && key(r) !== 'POST /api/logout');
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    // The guard decides from the declaration alone: the first route of each distinct declaration is walked with every
    // single code, each further route with the same declaration with one code it allows and one it refuses (its
    // wiring to that declaration), so the walk stays a few seconds.
    const walked = new Set<string>();
    for (const r of routes) {
      const declared = `${JSON.stringify(r.access)}|${!!r.selfAllowed}`;
      const first = !walked.has(declared);
      walked.add(declared);
      const sample = first
        ? [...tokens]
        : [...tokens].filter(
            ([code]) => code === null || (Array.isArray(r.access) && code === r.access[0]) || code === ALL_CODES.find((c) => !allows(r, c)),
          );
      for (const [code, token] of sample) {
        const res = await call(t.app, token, { method: r.method as 'GET', url: urlOf(r), payload: r.method === 'GET' ? undefined : [] });
        const refused = res.statusCode === 403;
        if (refused === (allows(r, code) || r.selfAllowed) || res.statusCode === 401 || res.statusCode >= 500)
          failures.push(`${key(r)} with ${code ?? 'no code'} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('the personal data of the valuations and of the identity registry stay with the screens that show them', () => {
    const routes = new Map(reads.map((r) => [key(r), r]));
    const valoriza = routes.get('GET /api/valoriza/:id')!;
    // The warehouse clerk and the field supervisor who writes daily reports do not read a client's document number.
    for (const code of [MENU.salidas, ROLE.salidaNuevo, ROLE.parteDiarioNuevo, MENU.fallas]) expect(allows(valoriza, code)).toBe(false);
    expect(allows(valoriza, MENU.registrarValorizaciones)).toBe(true);
    expect(routes.get('GET /api/pide/reniec/:dni')!.access).toEqual(READERS.reniec);
    expect(allows(routes.get('GET /api/pide/reniec/:dni')!, MENU.salidas)).toBe(false);
  });
});
