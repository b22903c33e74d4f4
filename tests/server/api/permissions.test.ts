import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES } from '@shared/auth/permissions';
import type { ApiRoute } from '../../../src/server/plugins/auth';
import { call, createTestApp, createUser, type TestApp } from '../helpers';

/** Valid bodies for routes whose handler (not the guard) decides (`selfAllowed`), acting on another user's record. */
const SELF_ALLOWED_BODIES: Record<string, object> = {
  'PUT /api/usuarios/setpwd/:id': { id: 999999, password: 'Clave-larga-1' },
  // Without 33, a photo goes only to a failure its user reported (999999 is not theirs).
  'POST /api/fallas/:falla_id/fotos': {},
};

const key = (r: ApiRoute) => `${r.method} ${r.url}`;
const urlOf = (r: ApiRoute) => r.url.replace(/:[A-Za-z_]+/g, '999999');

describe('the role guard over every registered route', () => {
  let t: TestApp;
  let routes: ApiRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.apiRoutes;
  });
  afterAll(() => t.close());

  it('collects the registered /api routes', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map(key)).toContain('POST /api/login');
  });

  it('every registered /api route comes from its endpoint declaration, which says who may call it', () => {
    const undeclared = routes.filter((r) => !r.endpoint || r.endpoint.path !== r.url || r.endpoint.method !== r.method).map(key);
    expect(undeclared).toEqual([]);
    expect(routes.find((r) => key(r) === 'POST /api/login')?.access).toBe('public');
  });

  it('every code an endpoint asks for is a grantable code of the permission tree', () => {
    const codes = routes.flatMap((r) => (Array.isArray(r.access) ? r.access : []));
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((c) => !ALL_CODES.includes(c))).toEqual([]);
  });

  it('session routes answer 401 without a token', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: urlOf(r), payload: r.method === 'GET' ? undefined : {} });
      if (res.statusCode !== 401) failures.push(`${key(r)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('every DELETE of the table answers an empty application/json body as it answers no body (not a bare 400)', async () => {
    const deletes = routes.filter((r) => r.method === 'DELETE').map(key);
    expect(deletes.length).toBeGreaterThanOrEqual(14);
    const registered = new Set(routes.map(key));
    const all = await createUser(t, ALL_CODES);
    const failures: string[] = [];
    for (const k of deletes) {
      if (!registered.has(k)) {
        failures.push(`${k}: not registered`);
        continue;
      }
      const url = k.split(' ')[1].replace(/:[A-Za-z_]+/g, '999999');
      const bare = await call(t.app, all.token, { method: 'DELETE', url });
      const json = await call(t.app, all.token, { method: 'DELETE', url, headers: { 'content-type': 'application/json' }, payload: '' });
      // Nothing to delete at 999999: the service's own answer (404, or the route's reason), never the parser's 400.
      if (json.statusCode === 400 || json.statusCode !== bare.statusCode || json.body !== bare.body)
        failures.push(`${k}: empty JSON → ${json.statusCode} ${json.body.slice(0, 80)}; no body → ${bare.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('each role-coded route answers 403 to a user holding every other code, and passes the guard with only its code', async () => {
    const coded = routes.filter((r): r is ApiRoute & { access: readonly number[] } => Array.isArray(r.access));
    expect(coded.length).toBeGreaterThan(5);
    // Any one of the codes opens the route: the user lacking them all is refused, one holding only the first passes.
    const codesKey = (r: { access: readonly number[] }) => r.access.join(',');
    const lacking = new Map<string, string>();
    const holding = new Map<string, string>();
    for (const r of coded) {
      if (lacking.has(codesKey(r))) continue;
      lacking.set(
        codesKey(r),
        (
          await createUser(
            t,
            ALL_CODES.filter((c) => !r.access.includes(c)),
          )
        ).token,
      );
      holding.set(codesKey(r), (await createUser(t, [r.access[0]])).token);
    }
    const failures: string[] = [];
    for (const r of coded) {
      const body = r.selfAllowed ? SELF_ALLOWED_BODIES[key(r)] : {};
      if (!body) {
        failures.push(`${key(r)}: selfAllowed route without a body in SELF_ALLOWED_BODIES`);
        continue;
      }
      const payload = r.method === 'GET' ? undefined : body;
      const refused = await call(t.app, lacking.get(codesKey(r))!, { method: r.method as 'GET', url: urlOf(r), payload });
      if (refused.statusCode !== 403) failures.push(`${key(r)} without ${codesKey(r)} → ${refused.statusCode}`);
      const passed = await call(t.app, holding.get(codesKey(r))!, {
        method: r.method as 'GET',
        url: urlOf(r),
        payload: r.method === 'GET' ? undefined : {},
      });
      if ([401, 403].includes(passed.statusCode) || passed.statusCode >= 500)
        failures.push(`${key(r)} with only ${r.access[0]} → ${passed.statusCode} ${passed.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
