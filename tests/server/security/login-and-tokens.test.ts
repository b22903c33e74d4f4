import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { signToken } from '../../../src/server/lib/tokens';
import { TEST_JWT_SECRET } from '../constants';
import type { TestApp } from '../helpers';

// Every argon2 verification the server runs, with the hash it verified against (calls go through unchanged).
const verified = vi.hoisted(() => [] as string[]);
vi.mock('../../../src/server/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/server/lib/passwords')>();
  return {
    ...real,
    verifyPassword: (hashed: string, plain: string) => {
      verified.push(hashed);
      return real.verifyPassword(hashed, plain);
    },
  };
});
// One process runs many server test files (the project is not isolated), so the app's modules may already be loaded
// with the real passwords module: they are loaded again here under the mock, and dropped after this file (afterAll).
vi.resetModules();
const { call, createTestApp, createUser, login, TEST_PASSWORD } = await import('../helpers');

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const key = new TextEncoder().encode(TEST_JWT_SECRET);

describe('security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
  });
  afterAll(async () => {
    await t.close();
    vi.doUnmock('../../../src/server/lib/passwords');
    vi.resetModules();
  });

  const attempt = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/inicio', headers: { authorization: `Bearer ${token}` } });

  it('sends the helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  describe('login failures', () => {
    it('answers exactly the same for an unknown user, a wrong password and an inactive user', async () => {
      const inactive = await createUser(t, [], { estado: 0 });
      const active = await createUser(t, []);
      const answers = [
        await attempt('no-existe', TEST_PASSWORD, '10.0.1.1'),
        await attempt(active.username, 'incorrecta', '10.0.1.2'),
        await attempt(inactive.username, TEST_PASSWORD, '10.0.1.3'),
      ];
      for (const a of answers) {
        expect(a.statusCode).toBe(401);
        expect(a.body).toBe(JSON.stringify({ message: MSG.loginFailed }));
      }
      expect(new Set(answers.map((a) => a.headers['content-length'])).size).toBe(1);
    });

    it('an unknown user costs an argon2id verification too, so the answer does not tell users apart by time', async () => {
      const knownUser = await createUser(t, []);
      verified.length = 0;
      await attempt(knownUser.username, 'incorrecta', '10.0.2.1');
      await attempt('nadie-1', 'incorrecta', '10.0.2.2');
      await attempt('nadie-2', 'incorrecta', '10.0.2.3');
      // One verification per attempt; for unknown users against a real argon2id hash of the same cost.
      expect(verified).toHaveLength(3);
      const params = (h: string) => h.split('$').slice(0, 4).join('$');
      expect(verified[1]).toMatch(/^\$argon2id\$/);
      expect(params(verified[1])).toBe(params(verified[0]));
      expect(verified[2]).toBe(verified[1]);
    });

    it('limits failures per username: the 4th attempt within 10 minutes is 429 even with the right password', async () => {
      const u = await createUser(t, []);
      for (let i = 0; i < 3; i++) expect((await attempt(u.username, 'mala', `10.1.0.${i}`)).statusCode).toBe(401);
      const blocked = await attempt(u.username, TEST_PASSWORD, '10.1.0.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: MSG.loginRateLimited });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // case variants count as the same user
      expect((await attempt(u.username.toUpperCase(), 'mala', '10.1.0.10')).statusCode).toBe(429);
    });

    it('limits failures per address across usernames', async () => {
      for (let i = 0; i < 9; i++) expect((await attempt(`fantasma${i}`, 'mala', '10.2.0.1')).statusCode).toBe(401);
      expect((await attempt('admin', TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
      expect((await attempt('admin', TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    });

    it('a client cannot dodge the address limit with X-Forwarded-For (only a local proxy is trusted)', async () => {
      const spoofed = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: `espectro${i}`, password: 'mala' },
          remoteAddress: '10.4.0.1',
          headers: { 'x-forwarded-for': `172.16.0.${i}` },
        });
      for (let i = 0; i < 9; i++) expect((await spoofed(i)).statusCode).toBe(401);
      expect((await spoofed(99)).statusCode).toBe(429);
      // a reverse proxy on this machine does pass the client's address on
      const viaProxy = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'admin', password: TEST_PASSWORD },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': ip },
        });
      expect((await viaProxy('10.4.0.1')).statusCode).toBe(429);
      expect((await viaProxy('10.4.0.2')).statusCode).toBe(200);
    });

    it("a successful login clears the user's counter", async () => {
      const u = await createUser(t, []);
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 2; i++) expect((await attempt(u.username, 'mala', `10.3.${round}.${i}`)).statusCode).toBe(401);
        expect((await attempt(u.username, TEST_PASSWORD, `10.3.${round}.9`)).statusCode).toBe(200);
      }
    });
  });

  describe('tokens', () => {
    it('refuses a missing, malformed or non-bearer Authorization header with 401', async () => {
      for (const authorization of ['', 'Bearer', 'Bearer a.b', 'Basic YWRtaW46eA==', 'Bearer ' + 'a'.repeat(9000), 'Bearer x.y.z']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/actividades', headers: { authorization } });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(MSG.sessionRequired);
      }
    });

    it('refuses an expired token', async () => {
      const { token } = await signToken(TEST_JWT_SECRET, -60, {
        user: { id: 1, fullName: 'A', matchPassword: false },
        area: { id: 1, name: 'x' },
        roles: [],
      });
      expect((await get(token)).statusCode).toBe(401);
    });

    it('refuses a token revoked by logout', async () => {
      const token = await login(t.app, 'admin', TEST_PASSWORD);
      expect((await get(token)).statusCode).toBe(200);
      expect((await call(t.app, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
      expect((await get(token)).statusCode).toBe(401);
      expect((await call(t.app, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    });

    it('refuses a forged signature, alg none, a token without exp and a token of a deleted user', async () => {
      const good = await login(t.app, 'admin', TEST_PASSWORD);
      const [h, p] = good.split('.');
      const forged = await new SignJWT(JSON.parse(Buffer.from(p, 'base64url').toString()))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('otro-secreto-otro-secreto-otro'));
      expect((await get(forged)).statusCode).toBe(401);
      // payload changed (roles), original signature kept
      const tampered = `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), user: { id: 2, fullName: 'x', matchPassword: false } })}.${good.split('.')[2]}`;
      expect((await get(tampered)).statusCode).toBe(401);
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      for (const none of [
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.c2ln`,
      ]) {
        expect((await get(none)).statusCode).toBe(401);
      }
      const noExp = await new SignJWT({ ...payload, exp: undefined }).setProtectedHeader({ alg: 'HS256' }).sign(key);
      expect((await get(noExp)).statusCode).toBe(401);
      const u = await createUser(t, []);
      expect((await get(u.token)).statusCode).toBe(200);
      expect((await call(t.app, good, { method: 'DELETE', url: `/api/usuarios/${u.id}` })).statusCode).toBe(200);
      expect((await get(u.token)).statusCode).toBe(401);
    });

    it('a valid token is still needed before a body is even validated (401 before 400)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/actividades',
        payload: '{bad json',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
