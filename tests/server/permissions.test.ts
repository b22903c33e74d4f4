import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES, ENDPOINT_PERMISSIONS } from '@shared/auth/permissions';
import type { ApiRoute } from '../../src/server/plugins/auth';
import { call, createTestApp, createUser, type TestApp } from './helpers';

/** Valid bodies for routes whose handler (not the guard) decides (`selfAllowed`), acting on another user's record. */
const SELF_ALLOWED_BODIES: Record<string, object> = {
  'PUT /api/usuarios/setpwd/:id': { id: 999999, password: 'Clave-larga-1' },
  // Without 33, a photo goes only to a failure its user reported (999999 is not theirs).
  'POST /api/fallas/:falla_id/fotos': {},
};

const key = (r: ApiRoute) => `${r.method} ${r.url}`;
const urlOf = (r: ApiRoute) => r.url.replace(/:[A-Za-z_]+/g, '999999');
const resourceOf = (path: string) => path.split('/')[2];

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

  it('every registered non-GET /api route has its entry in ENDPOINT_PERMISSIONS, equal to the rule applied', () => {
    const missing = routes.filter((r) => r.method !== 'GET' && ENDPOINT_PERMISSIONS[key(r)] === undefined).map(key);
    expect(missing).toEqual([]);
    const differing = routes.filter((r) => r.method !== 'GET' && ENDPOINT_PERMISSIONS[key(r)] !== r.rule).map(key);
    expect(differing).toEqual([]);
  });

  it('every ENDPOINT_PERMISSIONS entry of a module with changes registered is a registered route (no stale entries)', () => {
    const registered = new Set(routes.map(key));
    // A module that so far registers only reads (a picker list) is not built yet: its entries are skipped.
    const modules = new Set(routes.filter((r) => r.method !== 'GET').map((r) => resourceOf(r.url)));
    const stale = Object.keys(ENDPOINT_PERMISSIONS).filter((k) => modules.has(resourceOf(k.split(' ')[1])) && !registered.has(k));
    expect(stale).toEqual([]);
  });

  it('every code in the table is a grantable code of the permission tree', () => {
    const codes = Object.values(ENDPOINT_PERMISSIONS).filter((v): v is number => typeof v === 'number');
    expect(codes.filter((c) => !ALL_CODES.includes(c))).toEqual([]);
  });

  it('session routes answer 401 without a token', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.rule !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: urlOf(r), payload: r.method === 'GET' ? undefined : {} });
      if (res.statusCode !== 401) failures.push(`${key(r)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('every DELETE of the table answers an empty application/json body as it answers no body (not a bare 400)', async () => {
    const deletes = Object.keys(ENDPOINT_PERMISSIONS).filter((k) => k.startsWith('DELETE '));
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
    const coded = routes.filter((r): r is ApiRoute & { rule: number } => typeof r.rule === 'number');
    expect(coded.length).toBeGreaterThan(5);
    const lacking = new Map<number, string>();
    const holding = new Map<number, string>();
    for (const code of new Set(coded.map((r) => r.rule))) {
      lacking.set(
        code,
        (
          await createUser(
            t,
            ALL_CODES.filter((c) => c !== code),
          )
        ).token,
      );
      holding.set(code, (await createUser(t, [code])).token);
    }
    const failures: string[] = [];
    for (const r of coded) {
      const body = r.selfAllowed ? SELF_ALLOWED_BODIES[key(r)] : {};
      if (!body) {
        failures.push(`${key(r)}: selfAllowed route without a body in SELF_ALLOWED_BODIES`);
        continue;
      }
      const payload = r.method === 'GET' ? undefined : body;
      const refused = await call(t.app, lacking.get(r.rule)!, { method: r.method as 'GET', url: urlOf(r), payload });
      if (refused.statusCode !== 403) failures.push(`${key(r)} without ${r.rule} → ${refused.statusCode}`);
      const passed = await call(t.app, holding.get(r.rule)!, {
        method: r.method as 'GET',
        url: urlOf(r),
        payload: r.method === 'GET' ? undefined : {},
      });
      if ([401, 403].includes(passed.statusCode) || passed.statusCode >= 500)
        failures.push(`${key(r)} with only ${r.rule} → ${passed.statusCode} ${passed.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
