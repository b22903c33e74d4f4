import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { limaDate } from '../../src/shared/domain/dates';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from './helpers';

describe('sessions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  describe('POST /api/login', () => {
    it('answers the token with the session payload', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 12 * 3600 });
      const p = decodeJwt(body.access_token) as Record<string, any>;
      expect(p.user).toEqual({ id: 1, fullName: 'Administrador del Sistema', matchPassword: true });
      expect(p.area).toEqual({ id: expect.any(Number), name: 'Equipo Mecánico' });
      expect(p.roles).toEqual(ALL_CODES);
      expect(p.date).toBe(limaDate());
      expect(p.exp - p.iat).toBe(12 * 3600);
      expect(typeof p.jti).toBe('string');
    });

    it('takes the user name in any case, as the users screen keeps names unique regardless of case', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'ADMIN', password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect((decodeJwt(res.json().access_token) as any).user.id).toBe(1);
    });

    it('refuses a missing username with 400 and wrong credentials with 401 Credencial incorrecto', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: 'x' } })).statusCode).toBe(400);
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'mal' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MSG.loginFailed });
    });

    it('matchPassword turns false once the user sets a password of their own', async () => {
      const u = await createUser(t, [], { defaultPassword: 1 });
      const first = decodeJwt(await login(t.app, u.username)) as any;
      expect(first.user.matchPassword).toBe(true);
      const res = await call(t.app, u.token, {
        method: 'PUT',
        url: `/api/usuarios/setpwd/${u.id}`,
        payload: { id: u.id, password: 'Nueva-clave-9', confirmedPassword: 'Nueva-clave-9' },
      });
      expect(res.statusCode).toBe(200);
      const second = decodeJwt(await login(t.app, u.username, 'Nueva-clave-9')) as any;
      expect(second.user.matchPassword).toBe(false);
      expect(second.roles).toEqual([]);
    });
  });

  describe('POST /api/logout', () => {
    it('revokes the token: the same token then gets 401', async () => {
      const token = await login(t.app);
      expect((await call(t.app, token, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '',
      });
      expect(out.statusCode).toBe(200);
      const after = await call(t.app, token, { method: 'GET', url: '/api/actividades' });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MSG.sessionRequired);
      // other sessions of the same user stay valid
      expect((await call(t.app, admin, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    });
  });
});
