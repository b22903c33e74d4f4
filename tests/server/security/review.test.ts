// Security review, server side (docs/security.md): the CSP and hardening headers on every kind of answer, every
// read route refused without a live session (walked over the registered routes), the own-record routes refusing
// other users' ids, and logout, password change and deactivation ending sessions on every server of one database.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { actividades, fotos } from '../../../src/server/db/schema/index';
import { signToken } from '../../../src/server/lib/tokens';
import type { ApiRoute } from '../../../src/server/plugins/auth';
import { CSP_DIRECTIVES, PERMISSIONS_POLICY } from '../../../src/server/plugins/security-headers';
import { TEST_JWT_SECRET } from '../constants';
import { seedMachine } from '../fixtures';
import { call, createTestApp, createUser, login, twinApp, TEST_PASSWORD, type TestApp } from '../helpers';

/** The only reads allowed without a session: the health probe and the office's name and logo for the login screen. */
const PUBLIC_READS = ['GET /api/health', 'GET /api/ajustes'];

const routeKey = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `default-src 'self'; …` → { 'default-src': ["'self'"], … } */
function parseCsp(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = values;
  }
  return out;
}

describe('security headers on every kind of answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maq-csp-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Maquinarias</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.x=1');
    t = await createTestApp({ STATIC_DIR: dir }, { serveStatic: true });
  });
  afterAll(() => t.close());

  const answers = () =>
    Promise.all(
      ['/', '/salida', '/assets/app.js', '/sw.js', '/api/health', '/api/actividades', '/api/no-existe', '/assets/no-existe.js'].map(
        async (url) => ({ url, res: await t.app.inject({ method: 'GET', url }) }),
      ),
    );

  it('the policy forbids inline and foreign script, talks only to its own origin and cannot be framed', async () => {
    for (const { url, res } of await answers()) {
      const csp = parseCsp(res.headers['content-security-policy'] as string);
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['script-src-attr'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['connect-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['form-action'], url).toEqual(["'self'"]);
      expect(csp['img-src'], url).toEqual(["'self'", 'blob:', 'data:']);
      expect(csp['worker-src'], url).toEqual(["'self'"]);
      // Over plain http on the LAN, upgrading every asset to https would leave a blank page.
      expect(csp['upgrade-insecure-requests'], url).toBeUndefined();
      // No directive anywhere lets a script through by another door.
      const all = Object.values(csp).flat();
      expect(all, url).not.toContain("'unsafe-eval'");
      expect(
        all.filter((v) => v === "'unsafe-inline'"),
        url,
      ).toHaveLength(1); // style-src only
      expect(csp['style-src'], url).toContain("'unsafe-inline'");
      expect(Object.keys(csp).sort(), url).toEqual(
        Object.keys(CSP_DIRECTIVES)
          .map((k) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
          .sort(),
      );
    }
  });

  it('sends the hardening headers too', async () => {
    for (const { url, res } of await answers()) {
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('every read needs a live session', () => {
  let t: TestApp;
  let admin: string;
  let reads: ApiRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    reads = t.app.apiRoutes.filter((r) => r.method === 'GET');
  });
  afterAll(() => t.close());

  it('only the health probe and the office settings are readable without one', () => {
    expect(reads.length).toBeGreaterThan(30);
    expect(
      reads
        .filter((r) => r.access === 'public')
        .map(routeKey)
        .sort(),
    ).toEqual([...PUBLIC_READS].sort());
    expect(t.app.apiRoutes.filter((r) => r.access === 'public').map(routeKey)).toEqual(expect.arrayContaining(PUBLIC_READS));
  });

  it('every other GET and HEAD answers 401 without a token, with a broken, forged, expired or logged-out one, and for a deactivated user', async () => {
    const sessionPayload = { user: { id: 1, fullName: 'Administrador', matchPassword: false }, area: { id: 0, name: '' }, roles: [] };
    const expired = (await signToken(TEST_JWT_SECRET, -30, sessionPayload)).token;
    const forged = (await signToken('otra-clave-que-no-es-la-del-servidor', 3600, sessionPayload)).token;
    const loggedOut = await login(t.app);
    expect((await call(t.app, loggedOut, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    const deactivated = await createUser(t, [ROLE.usuarioClave]);
    await t.app.inject({ method: 'GET', url: '/api/actividades', headers: bearer(deactivated.token) });
    const off = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/usuarios/${deactivated.id}`,
      payload: { id: deactivated.id, username: deactivated.username, estado: 0 },
    });
    expect(off.statusCode).toBe(200);
    const refusedWith: Record<string, Record<string, string> | undefined> = {
      'no token': undefined,
      'broken token': { authorization: 'Bearer no.es.token' },
      'forged token': bearer(forged),
      'expired token': bearer(expired),
      'logged-out token': bearer(loggedOut),
      'deactivated user': bearer(deactivated.token),
    };
    const failures: string[] = [];
    for (const r of reads.filter((x) => x.access !== 'public')) {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const [why, headers] of Object.entries(refusedWith)) {
          const res = await t.app.inject({ method, url: concrete(r.url), headers });
          if (res.statusCode !== 401) failures.push(`${method} ${r.url} (${why}) → ${res.statusCode}`);
          else if (method === 'GET' && res.json().message !== MSG.sessionRequired) failures.push(`${r.url} (${why}): ${res.body}`);
        }
      }
      // The same request with a live session gets past the check: the refusal above is about the session.
      const ok = await t.app.inject({ method: 'GET', url: concrete(r.url), headers: bearer(admin) });
      if (ok.statusCode === 401 || ok.statusCode >= 500) failures.push(`GET ${r.url} with a live session → ${ok.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("own-record routes refuse other users' ids", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  /** How each route that lets a user act on their own record without its role proves it refuses someone else's. */
  const OWN_RECORD_CASES: Record<string, () => Promise<void>> = {
    'PUT /api/usuarios/setpwd/:id': async () => {
      const me = await createUser(t, []);
      const other = await createUser(t, []);
      const set = (id: number, bodyId: number) =>
        call(t.app, me.token, { method: 'PUT', url: `/api/usuarios/setpwd/${id}`, payload: { id: bodyId, password: 'Intrusa-clave-9' } });
      expect((await set(other.id, other.id)).statusCode).toBe(403);
      // Own id in the path, someone else's in the body: refused as well.
      expect((await set(me.id, other.id)).statusCode).toBe(400);
      // The other user's password is the one it was.
      expect(await login(t.app, other.username, TEST_PASSWORD)).toBeTruthy();
      const intruder = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: other.username, password: 'Intrusa-clave-9' },
      });
      expect(intruder.statusCode).toBe(401);
      // Their own one they may change.
      expect((await set(me.id, me.id)).statusCode).toBe(200);
    },
    'POST /api/fallas/:falla_id/fotos': async () => {
      const maq = await seedMachine(t.database.db);
      const owner = await createUser(t, [ROLE.fallaNuevo]);
      const stranger = await createUser(t, [ROLE.fallaNuevo]);
      const made = await call(t.app, owner.token, {
        method: 'POST',
        url: '/api/fallas',
        payload: { maquinaria_id: maq.id, descripcion: `Falla ajena ${randomUUID().slice(0, 6)}` },
      });
      expect(made.statusCode).toBe(201);
      const fallaId = made.json().falla_id as number;
      const boundary = `----x${randomUUID()}`;
      const jpeg = readFileSync(new URL('../images/foto-40x30.jpg', import.meta.url));
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = (token: string) =>
        call(t.app, token, {
          method: 'POST',
          url: `/api/fallas/${fallaId}/fotos`,
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
      const refused = await upload(stranger.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.photoNotOwner);
      const photos = async () => (await t.database.db.select({ n: count() }).from(fotos).where(eq(fotos.falla_id, fallaId)))[0].n;
      expect(await photos()).toBe(0);
      expect((await upload(owner.token)).statusCode).toBe(201);
      expect(await photos()).toBe(1);
    },
  };

  it('every route registered as selfAllowed has its case here, and each refuses another user', async () => {
    const own = t.app.apiRoutes.filter((r) => r.selfAllowed).map(routeKey);
    expect(own.sort()).toEqual(Object.keys(OWN_RECORD_CASES).sort());
    for (const k of own) await OWN_RECORD_CASES[k]();
  });

  it("an Idempotency-Key is the user's own: another user sending the same key never gets the first user's answer", async () => {
    const a = await createUser(t, [ROLE.actividadNuevo]);
    const b = await createUser(t, [ROLE.actividadNuevo]);
    const key = randomUUID();
    const send = (token: string, name: string) =>
      call(t.app, token, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: name }, key });
    const first = await send(a.token, `Propia de A ${key.slice(0, 6)}`);
    const second = await send(b.token, `Propia de B ${key.slice(0, 6)}`);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(second.json().activ_nombre).toBe(`Propia de B ${key.slice(0, 6)}`);
    expect(second.json().id).not.toBe(first.json().id);
  });

  it("a logout ends only the caller's own session", async () => {
    const u = await createUser(t, []);
    const mine = await login(t.app, u.username);
    const adminSession = await login(t.app);
    expect((await call(t.app, mine, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await call(t.app, adminSession, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
  });
});

describe('sessions end on every server of one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await twinApp(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  // A read every session may make, whatever its codes (the welcome cards).
  const read = (t: TestApp, token: string) => call(t.app, token, { method: 'GET', url: '/api/inicio' });
  const statuses = async (token: string) => [(await read(a, token)).statusCode, (await read(b, token)).statusCode];

  it('a logout on either server ends the session on both', async () => {
    for (const [where, other] of [
      [a, b],
      [b, a],
    ]) {
      const token = await login(other.app);
      expect(await statuses(token)).toEqual([200, 200]);
      expect((await call(where.app, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
      expect(await statuses(token)).toEqual([401, 401]);
    }
  });

  it("one's own password change on one server ends the user's other sessions on both, keeping the one it was made from", async () => {
    const u = await createUser(a, []);
    const tablet = await login(a.app, u.username);
    const desktop = await login(b.app, u.username);
    await pause(1100); // tokens carry whole seconds: the change must come in a later second than their issue
    const changed = await call(b.app, desktop, {
      method: 'PUT',
      url: `/api/usuarios/setpwd/${u.id}`,
      payload: { id: u.id, password: 'Cambiada-en-b-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await statuses(tablet)).toEqual([401, 401]);
    expect(await statuses(desktop)).toEqual([200, 200]);
    // The old password no longer opens a session on either server; the new one does on both.
    for (const t of [a, b]) {
      const old = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: TEST_PASSWORD } });
      expect(old.statusCode).toBe(401);
      expect(await login(t.app, u.username, 'Cambiada-en-b-1')).toBeTruthy();
    }
  });

  it("a manager's reset on one server and a deactivation on the other end every session of the user on both", async () => {
    const admin = await login(a.app);
    const u = await createUser(a, []);
    const sessions = [await login(a.app, u.username), await login(b.app, u.username)];
    await pause(1100);
    const reset = await call(a.app, admin, {
      method: 'PUT',
      url: `/api/usuarios/setpwd/${u.id}`,
      payload: { id: u.id, password: 'Reiniciada-1' },
    });
    expect(reset.statusCode).toBe(200);
    for (const s of sessions) expect(await statuses(s)).toEqual([401, 401]);

    const again = await login(b.app, u.username, 'Reiniciada-1');
    expect(await statuses(again)).toEqual([200, 200]);
    const off = await call(b.app, admin, {
      method: 'PUT',
      url: `/api/usuarios/${u.id}`,
      payload: { id: u.id, username: u.username, estado: 0 },
    });
    expect(off.statusCode).toBe(200);
    expect(await statuses(again)).toEqual([401, 401]);
    // A refused session never reached a change.
    const write = await call(a.app, again, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Después del cese' } });
    expect(write.statusCode).toBe(401);
    expect(await a.database.db.select().from(actividades).where(eq(actividades.activ_nombre, 'Después del cese'))).toHaveLength(0);
  });
});
