// The top bar's DNI search (modules/search): operators and the identity registry.
import { beforeAll, describe, expect, it } from 'vitest';
import { extPersonas, operadores } from '../../src/server/db/schema/index';
import { call } from './helpers';
import { sessionApp } from './session-app';

describe('the top bar search (search)', () => {
  const s = sessionApp();

  describe('POST /api/search', () => {
    beforeAll(async () => {
      await s.t.database.db.insert(operadores).values({ dni: '01234567', nombres: 'ROJAS QUISPE, JUAN' });
      await s.t.database.db
        .insert(extPersonas)
        .values({ dni: '01234567', prenombres: 'JUAN', ap_primer: 'ROJAS', ap_segundo: 'QUISPE', direccion: 'JR. LIMA 123' });
    });

    it('finds an operator and a registry person by DNI, with where the operator appears', async () => {
      const res = await call(s.t.app, s.admin, { method: 'POST', url: '/api/search', payload: { dni: '01234567' } });
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
      const res = await call(s.t.app, s.admin, { method: 'POST', url: '/api/search', payload: { dni: 1234567 } });
      expect(res.json().items).toHaveLength(2);
      for (const dni of ['1234567', '123456789', 'abcdefgh', '', null]) {
        expect((await call(s.t.app, s.admin, { method: 'POST', url: '/api/search', payload: { dni } })).statusCode).toBe(400);
      }
      expect((await call(s.t.app, s.admin, { method: 'POST', url: '/api/search', payload: { dni: '99999999' } })).json()).toEqual({
        items: [],
      });
    });

    it('needs a session', async () => {
      expect((await s.t.app.inject({ method: 'POST', url: '/api/search', payload: { dni: '01234567' } })).statusCode).toBe(401);
    });
  });
});
