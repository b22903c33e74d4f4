// Parameters API: the defaults, a save (ajustes rows, fuel flags set and cleared, audited, read back by the readings
// check's km/day limit), the refusals (an unknown supply, invalid values: nothing changed) and code 84.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '@shared/auth/permissions';
import { DEFAULT_KM_PER_DAY } from '@shared/domain/lecturas';
import { auditLog, insumos, unimeds } from '../../src/server/db/schema/index';
import { leerParametros } from '../../src/server/modules/parametros/service';
import { kmPorDia } from '../../src/server/modules/partesdiarios/lecturas';
import { call, createUser } from './helpers';
import { sessionApp } from './session-app';

describe('parameters API (/api/parametros)', () => {
  const s = sessionApp();
  let diesel: number;
  let gasolina: number;
  let filtro: number;
  const get = (tok = s.admin) => call(s.t.app, tok, { method: 'GET', url: '/api/parametros' });
  const put = (payload: object, tok = s.admin) => call(s.t.app, tok, { method: 'PUT', url: '/api/parametros', payload });
  const body = (extra: Record<string, unknown> = {}) => ({
    tarifa_mano_obra: 32.5,
    turno_horas_dia: 9,
    turno_dias: [6, 1, 2, 3, 4, 5, 5],
    km_max_dia: 450,
    combustibles: [diesel],
    ...extra,
  });

  beforeAll(async () => {
    const db = s.t.database.db;
    const [u] = await db
      .insert(unimeds)
      .values({ unimed_abrev: `PR${process.pid % 1000}`, unimed_nombre: 'UNIDAD PR' })
      .returning();
    const rows = await db
      .insert(insumos)
      .values([
        { insumo_codigo: 'PR-DSL', insumo_name: 'Petróleo diésel', unimed_id: u.unimed_id },
        { insumo_codigo: 'PR-GAS', insumo_name: 'Gasolina 90', unimed_id: u.unimed_id, es_combustible: true },
        { insumo_codigo: 'PR-FIL', insumo_name: 'Filtro de aire', unimed_id: u.unimed_id },
      ])
      .returning({ id: insumos.id });
    [diesel, gasolina, filtro] = rows.map((r) => r.id);
  });

  it('answers the defaults before any save', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tarifa_mano_obra: 25,
      turno_horas_dia: 8,
      turno_dias: [1, 2, 3, 4, 5, 6],
      km_max_dia: DEFAULT_KM_PER_DAY,
      combustibles: [gasolina],
    });
    expect(await kmPorDia(s.t.database.db)).toBe(DEFAULT_KM_PER_DAY);
  });

  it('saves the parameters and exactly the fuel supplies listed, audited', async () => {
    const res = await put(body());
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      tarifa_mano_obra: 32.5,
      turno_horas_dia: 9,
      turno_dias: [1, 2, 3, 4, 5, 6],
      km_max_dia: 450,
      combustibles: [diesel],
    };
    expect(res.json()).toEqual(expected);
    expect((await get()).json()).toEqual(expected);
    const db = s.t.database.db;
    const flags = await db.select({ id: insumos.id, f: insumos.es_combustible }).from(insumos);
    expect(flags.filter((r) => r.f).map((r) => r.id)).toEqual([diesel]);
    expect(await leerParametros(db)).toEqual({
      tarifa_mano_obra: 32.5,
      turno_horas_dia: 9,
      turno_dias: [1, 2, 3, 4, 5, 6],
      km_max_dia: 450,
    });
    // The readings check reads the same key.
    expect(await kmPorDia(db)).toBe(450);
    const [a] = await db.select().from(auditLog).where(eq(auditLog.resource, 'parametros'));
    expect(a).toMatchObject({ action: 'update', before: { tarifa_mano_obra: 25, combustibles: [gasolina] }, after: expected });
  });

  it('refuses an unknown supply and invalid values, changing nothing', async () => {
    const before = (await get()).json();
    const unknown = await put(body({ combustibles: [filtro, 999999] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('combustibles.1');
    for (const bad of [{ tarifa_mano_obra: -1 }, { turno_horas_dia: 25 }, { turno_dias: [] }, { turno_dias: [0] }, { km_max_dia: 0 }]) {
      const res = await put(body(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await get()).json()).toEqual(before);
  });

  it('needs code 84 to read and to save', async () => {
    const other = await createUser(s.t, [MENU.configuracion, MENU.costosMaquinaria]);
    expect((await get(other.token)).statusCode).toBe(403);
    expect((await put(body(), other.token)).statusCode).toBe(403);
    const ok = await createUser(s.t, [MENU.parametros]);
    expect((await get(ok.token)).statusCode).toBe(200);
    expect((await put(body({ tarifa_mano_obra: 30 }), ok.token)).statusCode).toBe(200);
  });
});
