// Cost per machine: a constructed month computed by hand (parts exit, fuel exit in gallons, a work order's labour and
// parts, an outside repair with its amount, daily reports with readings and one without, a rental valuation of rubro 1
// and one of rubro 2), the month split, the machine filter and the month-range bounds.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { MENU } from '@shared/auth/permissions';
import { movimientos, reparaciones } from '../../src/server/db/schema/index';
import { revalorizarInsumos } from '../../src/server/db/valuation';
import { costosPorMaquina } from '../../src/server/modules/costosmaquina/service';
import { entryBody, seedOrder } from './fixtures';
import { call, createUser } from './helpers';
import { sessionApp } from './session-app';
import { reportBody, seedValoriza, type ValorizaFixture } from './valoriza-fixture';

const ITEMS = [
  { insumo_codigo: 'CM-FIL', insumo_name: 'Filtro de aceite', cantidad: 10, unimed: 'UND' },
  { insumo_codigo: 'CM-DSL', insumo_name: 'Petróleo diésel B5', cantidad: 100, unimed: 'GLN' },
];

describe('cost per machine', () => {
  const s = sessionApp();
  let f: ValorizaFixture;
  let filtro: number;
  let diesel: number;
  const send = (method: 'POST' | 'PUT', url: string, payload?: object) => call(s.t.app, s.admin, { method, url, payload });
  const ok = async (p: Promise<{ statusCode: number; body: string; json: () => any }>, code = 201) => {
    const r = await p;
    expect(r.statusCode, r.body).toBe(code);
    return r.json();
  };

  beforeAll(async () => {
    const db = s.t.database.db;
    f = await seedValoriza(s.t);
    // Entry on 2025-02-01: 10 filters at S/ 120.00 and 100 gallons of diesel at S/ 15.00 (the unit prices set on the
    // entry's movements, as a priced purchase order gives them).
    await seedOrder(db, { orden_id: 9101, nro: '9101', anio: 2025, items: ITEMS });
    const e = await ok(send('POST', '/api/ingresos', entryBody('9101', 2025, ITEMS, { fecha: '2025-02-01' })));
    [filtro, diesel] = e.ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
    await db.transaction(async (tx) => {
      for (const [id, precio] of [
        [filtro, 120],
        [diesel, 15],
      ])
        await tx
          .update(movimientos)
          .set({ costo_unitario: precio })
          .where(and(eq(movimientos.insumo_id, id), eq(movimientos.tipo, 'INGRESO')));
      await revalorizarInsumos(tx);
    });
    // Diesel marked as fuel on the parameters screen; labour at the default rate of S/ 25.00 per hour.
    await ok(
      send('PUT', '/api/parametros', {
        tarifa_mano_obra: 25,
        turno_horas_dia: 8,
        turno_dias: [1, 2, 3, 4, 5, 6],
        km_max_dia: 600,
        combustibles: [diesel],
      }),
      200,
    );

    // March 2025, the backhoe: an exit of 2 filters (240.00) and 10 gallons of diesel (150.00, 37.85 litres).
    await ok(
      send('POST', '/api/salidas', {
        editorMode: 'crear',
        nro_vale: 'CM-0001',
        fecha: '2025-03-10',
        maquinaria_id: f.retro,
        operador_dni: f.op1.dni,
        salidas_det: [
          { insumo_id: filtro, cantidad: 2 },
          { insumo_id: diesel, cantidad: 10 },
        ],
      }),
    );
    // A work order started on 2025-03-12: 1 filter (120.00) and 3.5 + 2 hours of labour (5.5 × 25.00 = 137.50).
    const uid = randomUUID();
    await ok(send('POST', '/api/ordenestrabajo', { uid, maquinaria_id: f.retro, descripcion: 'Cambio de filtros', tipo: 'PREVENTIVA' }));
    await ok(
      send('PUT', `/api/ordenestrabajo/${uid}`, {
        estado: 'EN CURSO',
        inicio: '2025-03-12T14:00:00.000Z',
        mano_obra: [
          { nombre: 'PÉREZ QUISPE, ANA', fecha: '2025-03-12', horas: 3.5 },
          { nombre: 'RAMOS TITO, LUIS', fecha: '2025-03-13', horas: 2 },
        ],
        repuestos: [{ insumo_id: filtro, cantidad: 1 }],
      }),
      200,
    );
    // An outside repair of S/ 850.00 on 2025-03-20.
    await db
      .insert(reparaciones)
      .values({ maquinaria_id: f.retro, descripcion: 'Reparación de bomba hidráulica', fecha: '2025-03-20', monto: 850 });
    // Reports: 1000 → 1008 (8 h, S/ 684.00) and 1008 → 1014.5 (6.5 h, S/ 555.75) with readings; one without readings
    // of 4 h (S/ 342.00); April: 1014.5 → 1020 (5.5 h).
    const r1 = await ok(
      send(
        'POST',
        '/api/partesdiarios',
        reportBody(f, { fecha: '2025-03-10', horometro_inicial: 1000, horometro_final: 1008 }, { cantid: 8, preuni: 85.5 }),
      ),
    );
    const r2 = await ok(
      send(
        'POST',
        '/api/partesdiarios',
        reportBody(f, { fecha: '2025-03-11', horometro_inicial: 1008, horometro_final: 1014.5 }, { cantid: 6.5, preuni: 85.5 }),
      ),
    );
    const r3 = await ok(send('POST', '/api/partesdiarios', reportBody(f, { fecha: '2025-03-15' }, { cantid: 4, preuni: 85.5 })));
    await ok(
      send(
        'POST',
        '/api/partesdiarios',
        reportBody(f, { fecha: '2025-04-02', horometro_inicial: 1014.5, horometro_final: 1020 }, { cantid: 5.5, preuni: 85.5 }),
      ),
    );
    const header = {
      editorMode: 'crear',
      fecha: '2025-03-31',
      tipo_doc: 2,
      ndoc: '20123456789',
      rsocial: 'CONSTRUCTORA ANDINA S.A.C.',
      observacion: 'Marzo',
    };
    // Rubro 1 bills the two reports with readings: income 684.00 + 555.75 = 1,239.75; rubro 2 (social support) is no income.
    await ok(send('POST', '/api/valoriza', { ...header, rubro: 1, partesdiarios: [{ parte_id: r1.parte_id }, { parte_id: r2.parte_id }] }));
    await ok(send('POST', '/api/valoriza', { ...header, rubro: 2, partesdiarios: [{ parte_id: r3.parte_id }] }));
  });

  it('computes the constructed month by hand', async () => {
    const rows = await costosPorMaquina(s.t.database.db, { desde: '2025-01', hasta: '2025-04' });
    expect(rows).toEqual([
      {
        maquinaria_id: f.retro,
        periodo: '2025-03',
        horas: 18.5,
        repuestos: 360,
        reparaciones: 850,
        mano_obra: 137.5,
        combustible_importe: 150,
        combustible_litros: 37.85,
        costo_total: 1497.5,
        costo_hora: 80.95, // 1,497.50 / 18.5 = 80.9459…
        litros_hora: 2.05, // 37.85 / 18.5 = 2.0459…
        ingresos: 1239.75,
        margen: -257.75,
      },
      {
        maquinaria_id: f.retro,
        periodo: '2025-04',
        horas: 5.5,
        repuestos: 0,
        reparaciones: 0,
        mano_obra: 0,
        combustible_importe: 0,
        combustible_litros: 0,
        costo_total: 0,
        costo_hora: 0,
        litros_hora: 0,
        ingresos: 0,
        margen: null,
      },
    ]);
  });

  it('filters by machine and month and bounds the range', async () => {
    const db = s.t.database.db;
    expect(await costosPorMaquina(db, { desde: '2025-03', hasta: '2025-03', maquinaria_id: f.volquete })).toEqual([]);
    const march = await costosPorMaquina(db, { desde: '2025-03', hasta: '2025-03', maquinaria_id: f.retro });
    expect(march.map((r) => [r.periodo, r.costo_total])).toEqual([['2025-03', 1497.5]]);
    await expect(costosPorMaquina(db, { desde: '2025-04', hasta: '2025-03' })).rejects.toThrow();
    await expect(costosPorMaquina(db, { desde: '2022-01', hasta: '2025-03' })).rejects.toThrow();
    await expect(costosPorMaquina(db, { desde: '2025-13', hasta: '2025-13' })).rejects.toThrow();
  });

  it('lists the machines over the range with plate, meter kind and the ratios of the sums (POST /api/costosmaquina/list)', async () => {
    const res = await send('POST', '/api/costosmaquina/list', { desde: '2025-03', hasta: '2025-04', maquinaria_id: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        maquinaria_id: f.retro,
        placa: 'VAL-101',
        descripcion: 'RETROEXCAVADORA',
        horometro: true,
        horas: 24,
        repuestos: 360,
        reparaciones: 850,
        mano_obra: 137.5,
        combustible_importe: 150,
        combustible_litros: 37.85,
        costo_total: 1497.5,
        costo_hora: 62.4, // 1,497.50 / 24 = 62.395…
        litros_hora: 1.58, // 37.85 / 24 = 1.577…
        ingresos: 1239.75,
        margen: -257.75,
      },
    ]);
    const other = await send('POST', '/api/costosmaquina/list', { desde: '2025-03', hasta: '2025-04', maquinaria_id: f.volquete });
    expect(other.json()).toEqual([]);
  });

  it('refuses a bad month range (400 under hasta) and needs code 82', async () => {
    for (const body of [
      { desde: '2025-04', hasta: '2025-03' },
      { desde: '2022-01', hasta: '2025-01' },
      { desde: '2025-3', hasta: '2025-04' },
    ]) {
      const res = await send('POST', '/api/costosmaquina/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('POST', '/api/costosmaquina/list', { desde: '2022-02', hasta: '2025-01' })).statusCode).toBe(200);
    const list = (tok: string) =>
      call(s.t.app, tok, { method: 'POST', url: '/api/costosmaquina/list', payload: { desde: '2025-03', hasta: '2025-03' } });
    expect((await list((await createUser(s.t, [MENU.reportes, MENU.indicadores])).token)).statusCode).toBe(403);
    expect((await list((await createUser(s.t, [MENU.costosMaquinaria])).token)).statusCode).toBe(200);
  });
});
