// The bell's notices (modules/notificaciones): pending failures and parts in the warning or danger band.
import { describe, expect, it } from 'vitest';
import { LABELS } from '@shared/messages';
import { fallas, maquinarias } from '../../src/server/db/schema/index';
import { limaDate } from '../../src/shared/domain/dates';
import { insumoCounters, wearBand } from '../../src/server/lib/wear';
import { call } from './helpers';
import { sessionApp } from './session-app';
import { seedWear } from './wear-fixture';

describe('the bell (notificaciones)', () => {
  const s = sessionApp();

  describe('GET /api/notificaciones', () => {
    it('lists pending failures (FA) newest first and not repaired ones', async () => {
      const [m] = await s.t.database.db
        .insert(maquinarias)
        .values({ descripcion: 'EXCAVADORA', marca: 'CAT', placa: 'NOTIF-1', anio_fabrica: 2015 })
        .returning();
      await s.t.database.db.insert(fallas).values([
        { maquinaria_id: m.id, descripcion: 'Fuga hidráulica', estado: 0 },
        { maquinaria_id: m.id, descripcion: 'Ya reparada', estado: 1 },
      ]);
      const res = await call(s.t.app, s.admin, { method: 'GET', url: '/api/notificaciones' });
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items).toContainEqual({
        tipo: 'FALLA',
        abrev: 'FA',
        fecha: limaDate(),
        descripcion: LABELS.notifFailure('NOTIF-1', 'Fuga hidráulica'),
      });
      expect(items.some((i: { descripcion: string }) => i.descripcion.includes('Ya reparada'))).toBe(false);
      expect((await s.t.app.inject({ method: 'GET', url: '/api/notificaciones' })).statusCode).toBe(401);
    });

    it('lists parts whose counter (meter lines of later reports) reached the warning hours (IN)', async () => {
      const w = await seedWear(s.t);
      const items = (await call(s.t.app, s.admin, { method: 'GET', url: '/api/notificaciones' })).json().items;
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
      const counters = await insumoCounters(s.t.database.db, { maquinariaIds: [w.maquinariaId] });
      expect(counters.map((c) => [c.insumo_maq_id, c.contador, c.last_date_mantenimiento ?? c.fecha_asignacion])).toEqual([
        [w.partA, 60, '2025-01-10'],
        [w.partB, 0, limaDate()],
      ]);
      expect(await insumoCounters(s.t.database.db, { insumoMaqIds: [] })).toEqual([]);
      expect([wearBand(49.99, 50, 80), wearBand(50, 50, 80), wearBand(80, 50, 80)]).toEqual(['info', 'warning', 'danger']);
    });
  });
});
