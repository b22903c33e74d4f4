import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { extPersonas, fallas, maquinarias, operadores } from '../../src/server/db/schema/index';
import { limaDate } from '../../src/shared/domain/dates';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from './helpers';
import { seedWear } from './wear-fixture';
import { insumoCounters, wearBand } from '../../src/server/lib/wear';

describe('sessions and top bar', () => {
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

  describe('GET /api/ajustes', () => {
    it('is public and gives the office names', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ajustes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ officeName: expect.any(String), shortName: expect.any(String), cityLabel: expect.any(String) });
    });
  });

  describe('POST /api/search', () => {
    beforeAll(async () => {
      await t.database.db.insert(operadores).values({ dni: '01234567', nombres: 'ROJAS QUISPE, JUAN' });
      await t.database.db
        .insert(extPersonas)
        .values({ dni: '01234567', prenombres: 'JUAN', ap_primer: 'ROJAS', ap_segundo: 'QUISPE', direccion: 'JR. LIMA 123' });
    });

    it('finds an operator and a registry person by DNI, with where the operator appears', async () => {
      const res = await call(t.app, admin, { method: 'POST', url: '/api/search', payload: { dni: '01234567' } });
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items).toEqual([
        expect.objectContaining({
          tipo: 'OPERADOR',
          dni: '01234567',
          nombres: 'ROJAS QUISPE, JUAN',
          salidas: 0,
          partes_diarios: 0,
          detalle: expect.any(String),
        }),
        { tipo: 'PERSONA', dni: '01234567', nombres: 'JUAN ROJAS QUISPE', detalle: 'Registro de identidad: JR. LIMA 123' },
      ]);
    });

    it('pads a numeric DNI that lost its leading zero, refuses fewer than 8 digits', async () => {
      const res = await call(t.app, admin, { method: 'POST', url: '/api/search', payload: { dni: 1234567 } });
      expect(res.json().items).toHaveLength(2);
      for (const dni of ['1234567', '123456789', 'abcdefgh', '', null]) {
        expect((await call(t.app, admin, { method: 'POST', url: '/api/search', payload: { dni } })).statusCode).toBe(400);
      }
      expect((await call(t.app, admin, { method: 'POST', url: '/api/search', payload: { dni: '99999999' } })).json()).toEqual({
        items: [],
      });
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/search', payload: { dni: '01234567' } })).statusCode).toBe(401);
    });
  });

  describe('GET /api/notificaciones', () => {
    it('lists pending failures (FA) newest first and not repaired ones', async () => {
      const [m] = await t.database.db
        .insert(maquinarias)
        .values({ descripcion: 'EXCAVADORA', marca: 'CAT', placa: 'NOTIF-1', anio_fabrica: 2015 })
        .returning();
      await t.database.db.insert(fallas).values([
        { maquinaria_id: m.id, descripcion: 'Fuga hidráulica', estado: 0 },
        { maquinaria_id: m.id, descripcion: 'Ya reparada', estado: 1 },
      ]);
      const res = await call(t.app, admin, { method: 'GET', url: '/api/notificaciones' });
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items).toContainEqual({
        tipo: 'FALLA',
        abrev: 'FA',
        fecha: limaDate(),
        descripcion: LABELS.notifFailure('NOTIF-1', 'Fuga hidráulica'),
      });
      expect(items.some((i: { descripcion: string }) => i.descripcion.includes('Ya reparada'))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/notificaciones' })).statusCode).toBe(401);
    });

    it('lists parts whose counter (meter lines of later reports) reached the warning hours (IN)', async () => {
      const w = await seedWear(t);
      const items = (await call(t.app, admin, { method: 'GET', url: '/api/notificaciones' })).json().items;
      const parts = items.filter((i: { abrev: string }) => i.abrev === 'IN');
      // filter A: 60 h (HORA lines after its change date) >= warning 50, < critical 80 → warning
      // filter B: never changed, assigned today: reports are not after the assignment → 0 h → not listed
      expect(parts).toEqual([
        {
          tipo: 'INSUMO',
          abrev: 'IN',
          fecha: w.lastReport,
          descripcion: LABELS.notifPart('WEAR-1', 'Filtro A', '60.00', '100.00', 'warning'),
          band: 'warning',
          maquinaria_id: w.maquinariaId,
          fecha_limite: null, // no report in the last 30 days: no forecast
        },
      ]);
      expect(items.length).toBeLessThanOrEqual(20);
      const counters = await insumoCounters(t.database.db, { maquinariaIds: [w.maquinariaId] });
      expect(counters.map((c) => [c.insumo_maq_id, c.contador, c.last_date_mantenimiento ?? c.fecha_asignacion])).toEqual([
        [w.partA, 60, '2025-01-10'],
        [w.partB, 0, limaDate()],
      ]);
      expect(await insumoCounters(t.database.db, { insumoMaqIds: [] })).toEqual([]);
      expect([wearBand(49.99, 50, 80), wearBand(50, 50, 80), wearBand(80, 50, 80)]).toEqual(['info', 'warning', 'danger']);
    });
  });
});
