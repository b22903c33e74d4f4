// Database constraints of the data model (both spec documents, §3): the database itself refuses what the rules forbid.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import type { Db } from '../../../src/server/db/client';
import {
  actividades,
  costos,
  costosDet,
  cuentas,
  fallas,
  ingresos,
  insumos,
  maquinarias,
  operadores,
  partesDiarios,
  partesDiariosDet,
  pedidos,
  reparaciones,
  unimeds,
  usuarios,
  valorizaciones,
} from '../../../src/server/db/schema/index';
import { pgErrorToApp } from '../../../src/server/lib/pg-errors';
import { createTestApp, type TestApp } from '../helpers';

const pgCode = (e: unknown): string | undefined => {
  const x = e as { code?: string; cause?: { code?: string } };
  return typeof x?.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code) ? x.code : x?.cause?.code;
};

/** The error code PostgreSQL answers to `write`, which runs in a transaction that is always rolled back. */
async function refusal(db: Db, write: (tx: Db) => Promise<unknown>): Promise<string | undefined> {
  const done = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      await write(tx as unknown as Db);
      throw done;
    });
  } catch (e) {
    return e === done ? 'accepted' : pgCode(e);
  }
  return 'accepted';
}

const UNIQUE = '23505';
const CHECK = '23514';
const FK = '23503';

describe('data model constraints', () => {
  let t: TestApp;
  let db: Db;
  const ids = { maq: 0, op: 0, act: 0, costoDet: 0, unimed: 0, parte: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const [m] = await db
      .insert(maquinarias)
      .values({ descripcion: 'Cargador frontal', marca: 'CAT', placa: 'EGA-101', anio_fabrica: 2015 })
      .returning();
    const [o] = await db.insert(operadores).values({ dni: '40123456', nombres: 'JUAN PEREZ' }).returning();
    const [a] = await db.insert(actividades).values({ activ_nombre: 'Limpieza de cauce' }).returning();
    const [c] = await db.insert(costos).values({ descripcion: 'Alquiler' }).returning();
    const [cd] = await db.insert(costosDet).values({ costo_id: c.id, descripcion: 'Hora máquina', precio: 180 }).returning();
    const [u] = await db.select().from(unimeds).limit(1);
    const [p] = await db
      .insert(partesDiarios)
      .values({ nro_parte_interno: '001', fecha: '2026-01-05', maquinaria_id: m.id, operador_id: o.operador_id, actividad_id: a.id })
      .returning();
    Object.assign(ids, { maq: m.id, op: o.operador_id, act: a.id, costoDet: cd.costo_det_id, unimed: u.unimed_id, parte: p.parte_id });
  });
  afterAll(() => t.close());

  it('stores money and quantities as numeric(12,2) (rates as numeric(5,2), unit costs as numeric(14,4))', async () => {
    const res = await db.execute(sql`
      select table_name, column_name, numeric_precision, numeric_scale from information_schema.columns
      where table_schema = 'public' and data_type = 'numeric' order by 1, 2`);
    const rows = (
      res as unknown as { rows: { table_name: string; column_name: string; numeric_precision: number; numeric_scale: number }[] }
    ).rows;
    const rates = new Set(['cuentas.tasa_impuesto', 'valorizaciones.tasa_detraccion']);
    const unitCosts = new Set([
      'movimientos.costo_unitario',
      'insumos.costo_promedio',
      'ingresos_det.precio_unitario',
      'ext_ordenes_compra_det.precio_unitario',
    ]);
    // the indicators' repair hours: a sum of exact quotients, unbounded (precision and scale null)
    const exact = new Set(['indicadores_mes.horas_reparacion']);
    const expected = (name: string) => (rates.has(name) ? '5,2' : unitCosts.has(name) ? '14,4' : exact.has(name) ? '0,0' : '12,2');
    const wrong = rows
      .filter((r) => `${Number(r.numeric_precision)},${Number(r.numeric_scale)}` !== expected(`${r.table_name}.${r.column_name}`))
      .map((r) => `${r.table_name}.${r.column_name}`);
    expect(rows.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('keeps plates (any case), DNIs, usernames (any case) and one entry per purchase order unique', async () => {
    expect(
      await refusal(db, (tx) => tx.insert(maquinarias).values({ descripcion: 'X', marca: 'Y', placa: 'EGA-101', anio_fabrica: 2010 })),
    ).toBe(UNIQUE);
    expect(
      await refusal(db, (tx) => tx.insert(maquinarias).values({ descripcion: 'X', marca: 'Y', placa: 'ega-101', anio_fabrica: 2010 })),
    ).toBe(UNIQUE);
    expect(await refusal(db, (tx) => tx.insert(operadores).values({ dni: '40123456', nombres: 'OTRO' }))).toBe(UNIQUE);
    expect(await refusal(db, (tx) => tx.insert(usuarios).values({ username: 'ADMIN', passwordHash: 'x' }))).toBe(UNIQUE);
    const entry = { nro_ordencompra: '0000123', anio: 2025, orden_id: 9123, fecha: '2026-01-05', proveedor: 'P' };
    expect(
      await refusal(db, async (tx) => {
        await tx.insert(ingresos).values(entry);
        await tx.insert(ingresos).values({ ...entry, orden_id: 9124 });
      }),
    ).toBe(UNIQUE);
    expect(
      await refusal(db, async (tx) => {
        await tx.insert(ingresos).values(entry);
        await tx.insert(ingresos).values({ ...entry, nro_ordencompra: '0000124' });
      }),
    ).toBe(UNIQUE);
  });

  it("answers a plate taken in another case with the spec's message", async () => {
    const err = await db
      .insert(maquinarias)
      .values({ descripcion: 'X', marca: 'Y', placa: 'Ega-101', anio_fabrica: 2010 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const app = pgErrorToApp(err);
    expect([app?.statusCode, app?.message]).toEqual([409, MSG.plateRegistered]);
  });

  it('refuses statuses outside their ranges', async () => {
    expect(await refusal(db, (tx) => tx.insert(actividades).values({ activ_nombre: 'X', activ_estado: 2 }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(usuarios).values({ username: 'zz', passwordHash: 'x', estado: -1 }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(costos).values({ descripcion: 'X', estado: 2 }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(fallas).values({ maquinaria_id: ids.maq, descripcion: 'X', estado: 2 }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(pedidos).values({ maquinaria_id: ids.maq, fecha: '2026-01-05', estado: 2 }))).toBe(CHECK);
    expect(
      await refusal(db, (tx) =>
        tx.insert(maquinarias).values({ descripcion: 'X', marca: 'Y', placa: 'NEW-1', anio_fabrica: 2010, estado: 4 }),
      ),
    ).toBe(CHECK);
    expect(
      await refusal(db, (tx) =>
        tx.insert(maquinarias).values({ descripcion: 'X', marca: 'Y', placa: 'NEW-2', anio_fabrica: 2010, estado: 3 }),
      ),
    ).toBe('accepted');
  });

  it('never lets stock go negative', async () => {
    expect(
      await refusal(db, (tx) =>
        tx.insert(insumos).values({ insumo_codigo: 'NEG-1', insumo_name: 'X', unimed_id: ids.unimed, stock: -0.01 }),
      ),
    ).toBe(CHECK);
  });

  it('refuses references to missing rows', async () => {
    expect(await refusal(db, (tx) => tx.insert(fallas).values({ maquinaria_id: 999999, descripcion: 'X' }))).toBe(FK);
    expect(
      await refusal(db, (tx) =>
        tx
          .insert(partesDiarios)
          .values({ nro_parte_interno: '9', fecha: '2026-01-05', maquinaria_id: ids.maq, operador_id: ids.op, actividad_id: 999999 }),
      ),
    ).toBe(FK);
  });

  it('a failure is repaired by one repair, of its own machine', async () => {
    const [f] = await db.insert(fallas).values({ maquinaria_id: ids.maq, descripcion: 'Fuga hidráulica' }).returning();
    const [other] = await db
      .insert(maquinarias)
      .values({ descripcion: 'Volquete', marca: 'VOLVO', placa: 'EGB-202', anio_fabrica: 2018 })
      .returning();
    const repair = { maquinaria_id: ids.maq, descripcion: 'Cambio de manguera', fecha: '2026-01-06', falla_id: f.falla_id };
    expect(await refusal(db, (tx) => tx.insert(reparaciones).values(repair))).toBe('accepted');
    expect(await refusal(db, (tx) => tx.insert(reparaciones).values({ ...repair, maquinaria_id: other.id }))).toBe(FK);
    expect(
      await refusal(db, async (tx) => {
        await tx.insert(reparaciones).values(repair);
        await tx.insert(reparaciones).values({ ...repair, descripcion: 'Otra' });
      }),
    ).toBe(UNIQUE);
  });

  it('valuations: the document number matches its type (DNI 8 digits, RUC 11), amounts and rates in range', async () => {
    const base = { fecha: '2026-01-05', rubro: 1, rsocial: 'X' };
    const insert = (v: Partial<typeof valorizaciones.$inferInsert>) =>
      refusal(db, (tx) => tx.insert(valorizaciones).values({ ...base, ndoc: '20486512347', ...v }));
    expect(await insert({ tipo_doc: 2 })).toBe('accepted');
    expect(await insert({ tipo_doc: 1, ndoc: '40123456' })).toBe('accepted');
    expect(await insert({ tipo_doc: 1 })).toBe(CHECK);
    expect(await insert({ tipo_doc: 2, ndoc: '40123456' })).toBe(CHECK);
    expect(await insert({ tipo_doc: 2, rubro: 4 })).toBe(CHECK);
    expect(await insert({ tipo_doc: 2, monto: -1 })).toBe(CHECK);
    expect(await insert({ tipo_doc: 2, monto_deposito: -1 })).toBe(CHECK);
    expect(await insert({ tipo_doc: 2, tasa_detraccion: 101 })).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(cuentas).values({ nro_cuenta: 'X-1', tipo_cuenta: 'otra' }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(cuentas).values({ nro_cuenta: 'X-2', tipo_cuenta: 'deposito', tasa_impuesto: -1 }))).toBe(
      CHECK,
    );
  });

  it('daily report lines: non-negative amounts and a known unit', async () => {
    const line = { parte_id: ids.parte, costo_det_id: ids.costoDet, cantid: 2, preuni: 180, pretot: 360 };
    expect(await refusal(db, (tx) => tx.insert(partesDiariosDet).values(line))).toBe('accepted');
    expect(await refusal(db, (tx) => tx.insert(partesDiariosDet).values({ ...line, unidad: 'MES' }))).toBe(CHECK);
    expect(await refusal(db, (tx) => tx.insert(partesDiariosDet).values({ ...line, cantid: -1 }))).toBe(CHECK);
    expect(
      await refusal(db, (tx) =>
        tx.insert(partesDiarios).values({
          nro_parte_interno: '2',
          fecha: '2026-01-05',
          maquinaria_id: ids.maq,
          operador_id: ids.op,
          actividad_id: ids.act,
          monto: -5,
        }),
      ),
    ).toBe(CHECK);
  });
});
