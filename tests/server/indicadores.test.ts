// Fleet indicators (GET /api/indicadores, code 83) on a constructed month, October 2026, every figure worked out by
// hand below; the PDF; the range bounds; the role code.
//
// October 2026 starts on a Thursday; its Sundays are the 4th, 11th, 18th and 25th. The shift is 8 h Monday to
// Saturday, so each machine registered since September has 31 − 4 = 27 shift days = 216 scheduled hours.
// Machine A (hour meter):
// - stopped EN REPARACION by failure F1 from Tue 13 Oct 08:00 to Thu 15 Oct 08:00 (Lima) = 48 h: Tue 16 h, Wed 24 h,
//   Thu 8 h, all shift days; within the shift 48 × 8/24 = 16 h. Available 216 − 16 = 200 h; availability
//   200 / 216 = 92.59 %;
// - ten daily reports of 10 h each (readings 1000 → 1100): 100 h worked; failures F1 and F2 (not stopping) in the
//   month: MTBF 100 / 2 = 50 h; the corrective stop of F1 ended in October: MTTR 48 / 1 = 48 h;
// - utilisation 100 / 200 = 50 %;
// - plan: task T1 due 10 Oct done 8 Oct (on time), task T2 due 20 Oct not done: 2 due, 1 on time: 50 %;
// - orders: O1 corrective, closed 5 Oct with 6 h of labour; O2 corrective, opened 25 Oct and still open: backlog at
//   the month's end 1 order, estimated at the mean labour of the closed corrective orders, 6 h;
// - costs (cost per machine): the repair of F1, S/ 1,200.00, and O1's labour, 6 h × S/ 25.00 = S/ 150.00:
//   S/ 1,350.00, S/ 13.50 per hour worked.
// Machine B: registered, always OPERATIVO, no work: 216 h scheduled and available, availability 100 %. Its order O3
// was annulled on 4 Oct: not open at the month's end.
// The fleet in October: scheduled 432 h, downtime 16 h, available 416 h, availability 416 / 432 = 96.30 %, 100 h
// worked, MTBF 50 h, MTTR 48 h, compliance 50 %, utilisation 100 / 416 = 24.04 %, 1 open order (6 h), S/ 13.50 per hour.
// September (both machines from 1 Sep, a Tuesday; Sundays 6, 13, 20, 27): 26 shift days = 208 h each, nothing else.
import { beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '@shared/auth/permissions';
import type { IndicadoresAnswer, IndicadorMes } from '@shared/contract/indicadores';
import {
  actividades,
  ajustes,
  fallas,
  maquinarias,
  maquinariasEstados,
  operadores,
  ordenesTrabajo,
  ordenesTrabajoManoObra,
  partesDiarios,
  planes,
  planesTareas,
  planesTareasEjecuciones,
  reparaciones,
} from '../../src/server/db/schema/index';
import { call, createUser, limaInstant as lima } from './helpers';
import { sessionApp } from './session-app';

describe('GET /api/indicadores', () => {
  const s = sessionApp();
  let a: number;
  let b: number;
  const get = async (q: string, token = s.admin) => call(s.t.app, token, { method: 'GET', url: `/api/indicadores?${q}` });
  const ind = async (q: string) => {
    const res = await get(q);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as IndicadoresAnswer;
  };

  beforeAll(async () => {
    const db = s.t.database.db;
    await db
      .insert(ajustes)
      .values([
        { key: 'turno_horas_dia', value: '8' },
        { key: 'turno_dias', value: '1,2,3,4,5,6' },
        { key: 'tarifa_mano_obra', value: '25' },
      ])
      .onConflictDoNothing();
    const [ma, mb] = await db
      .insert(maquinarias)
      .values([
        { descripcion: 'CARGADOR FRONTAL', marca: 'CAT', placa: 'IND-A', anio_fabrica: 2018, horometro_inicial: 1000 },
        { descripcion: 'VOLQUETE', marca: 'VOLVO', placa: 'IND-B', anio_fabrica: 2019 },
      ])
      .returning();
    a = ma.id;
    b = mb.id;
    const [f1, f2] = await db
      .insert(fallas)
      .values([
        { maquinaria_id: a, descripcion: 'Fuga hidráulica', estado: 1, maquina_detenida: true, created_at: lima('2026-10-13', '08:00') },
        { maquinaria_id: a, descripcion: 'Luz de freno', estado: 0, created_at: lima('2026-10-20', '10:00') },
      ])
      .returning();
    expect(f2).toBeTruthy();
    await db.insert(maquinariasEstados).values([
      { maquinaria_id: a, estado: 0, origen: 'ALTA', desde: lima('2026-09-01'), hasta: lima('2026-10-13', '08:00') },
      {
        maquinaria_id: a,
        estado: 2,
        origen: 'FALLA',
        ref_id: f1.falla_id,
        desde: lima('2026-10-13', '08:00'),
        hasta: lima('2026-10-15', '08:00'),
      },
      { maquinaria_id: a, estado: 0, origen: 'REPARACION', desde: lima('2026-10-15', '08:00') },
      { maquinaria_id: b, estado: 0, origen: 'ALTA', desde: lima('2026-09-01') },
    ]);
    await db
      .insert(reparaciones)
      .values({ maquinaria_id: a, descripcion: 'Cambio de manguera', fecha: '2026-10-15', falla_id: f1.falla_id, monto: 1200 });
    const [op] = await db.insert(operadores).values({ dni: '70010020', nombres: 'OPERADOR INDICADORES' }).returning();
    const [act] = await db.insert(actividades).values({ activ_nombre: 'Perfilado de vías' }).returning();
    await db.insert(partesDiarios).values(
      Array.from({ length: 10 }, (_, i) => ({
        nro_parte_interno: `IND-${i + 1}`,
        fecha: `2026-10-${String(i + 1).padStart(2, '0')}`,
        maquinaria_id: a,
        operador_id: op.operador_id,
        actividad_id: act.id,
        horometro_inicial: 1000 + 10 * i,
        horometro_final: 1010 + 10 * i,
      })),
    );
    const [plan] = await db.insert(planes).values({ maquinaria_id: a, nombre: 'Plan mensual' }).returning();
    const [t1] = await db
      .insert(planesTareas)
      .values([
        { plan_id: plan.plan_id, nombre: 'Engrase', cada_dias: 30, base_fecha: '2026-10-08', proximo_fecha: '2026-11-07' },
        { plan_id: plan.plan_id, nombre: 'Revisión de frenos', cada_dias: 30, base_fecha: '2026-09-20', proximo_fecha: '2026-10-20' },
      ])
      .returning();
    await db
      .insert(planesTareasEjecuciones)
      .values({ tarea_id: t1.tarea_id, fecha: '2026-10-08', medidor: 1070, vence_fecha: '2026-10-10', a_tiempo: true });
    const orden = (numero: number, maq: number, tipo: string, estado: string, creada: string) => ({
      uid: crypto.randomUUID(),
      anio: 2026,
      numero,
      maquinaria_id: maq,
      origen: 'MANUAL',
      tipo,
      estado,
      descripcion: `Orden ${numero}`,
      created_at: creada,
      updated_at: creada,
    });
    const [o1] = await db
      .insert(ordenesTrabajo)
      .values([
        {
          ...orden(901, a, 'CORRECTIVA', 'CERRADA', lima('2026-10-02', '10:00')),
          inicio: lima('2026-10-02', '10:00'),
          fin: lima('2026-10-05', '15:00'),
          updated_at: lima('2026-10-05', '15:00'),
        },
        orden(902, a, 'CORRECTIVA', 'ABIERTA', lima('2026-10-25', '10:00')),
        { ...orden(903, b, 'PREVENTIVA', 'ANULADA', lima('2026-10-03', '10:00')), updated_at: lima('2026-10-04', '09:00') },
      ])
      .returning();
    await db.insert(ordenesTrabajoManoObra).values({ ot_id: o1.ot_id, nombre: 'Mecánico', fecha: '2026-10-05', horas: 6 });
  });

  const october = (m: IndicadorMes | undefined) => m && { ...m, periodo: undefined };

  it('works out every figure of machine A in the constructed month', async () => {
    const r = await ind(`desde=2026-10&hasta=2026-10&maquinaria_id=${a}`);
    expect(r.turno_horas_dia).toBe(8);
    expect(r.turno_dias).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.meses).toHaveLength(1);
    expect(r.meses[0]).toEqual({
      periodo: '2026-10',
      horas_programadas: 216,
      horas_detenida: 16,
      horas_disponibles: 200,
      horas_trabajadas: 100,
      disponibilidad: 92.59,
      fallas: 2,
      mtbf: 50,
      reparaciones: 1,
      horas_reparacion: 48,
      mttr: 48,
      tareas_vencen: 2,
      tareas_a_tiempo: 1,
      cumplimiento: 50,
      utilizacion: 50,
      ot_abiertas: 1,
      ot_horas: 6,
      costo_total: 1350,
      costo_hora: 13.5,
      combustible_litros: 0,
      litros_hora: 0,
    });
    expect(r.maquinas).toHaveLength(1);
    expect(r.maquinas[0]).toMatchObject({ maquinaria_id: a, placa: 'IND-A', horometro: true, disponibilidad: 92.59, costo_hora: 13.5 });
  });

  it('agrees with the downtime endpoint and the tasks report for the same month', async () => {
    const disp = await call(s.t.app, s.admin, {
      method: 'POST',
      url: '/api/maquinarias/disponibilidad',
      payload: { maquinaria_id: a, fini: '2026-10-01', ffin: '2026-10-31' },
    });
    // the calendar downtime of the month, of which the shift's 8 of 24 hours count: 48 × 8/24 = 16
    expect(disp.json()[0].horas_detenida).toBe(48);
    const cum = await call(s.t.app, s.admin, {
      method: 'POST',
      url: '/api/planes/cumplimiento',
      payload: { maquinarias: [a], fini: '2026-10-01', ffin: '2026-10-31' },
    });
    const rows = cum.json() as { tipo: string; a_tiempo: boolean | null }[];
    expect(rows.length).toBe(2);
    expect(rows.filter((x) => x.tipo === 'HECHA' && x.a_tiempo)).toHaveLength(1);
  });

  it('adds the machines up for the fleet, month by month and over the range', async () => {
    const r = await ind('desde=2026-09&hasta=2026-10');
    const mine = r.maquinas.filter((m) => m.maquinaria_id === a || m.maquinaria_id === b);
    expect(mine).toHaveLength(2);
    expect(r.maquinas.length).toBe(2); // the base seed registers no machine
    expect(r.meses.map((m) => m.periodo)).toEqual(['2026-09', '2026-10']);
    expect(r.meses[0]).toMatchObject({
      horas_programadas: 416,
      horas_detenida: 0,
      disponibilidad: 100,
      fallas: 0,
      mtbf: null,
      mttr: null,
      cumplimiento: null,
      ot_abiertas: 0,
    });
    expect(october(r.meses[1])).toEqual({
      periodo: undefined,
      horas_programadas: 432,
      horas_detenida: 16,
      horas_disponibles: 416,
      horas_trabajadas: 100,
      disponibilidad: 96.3,
      fallas: 2,
      mtbf: 50,
      reparaciones: 1,
      horas_reparacion: 48,
      mttr: 48,
      tareas_vencen: 2,
      tareas_a_tiempo: 1,
      cumplimiento: 50,
      utilizacion: 24.04,
      ot_abiertas: 1,
      ot_horas: 6,
      costo_total: 1350,
      costo_hora: 13.5,
      combustible_litros: 0,
      litros_hora: 0,
    });
    // the range: 416 + 432 = 848 scheduled, 16 down: (848 − 16) / 848 = 98.11 %; 100 / 832 = 12.02 % used; the backlog
    // is October's
    expect(r.total).toMatchObject({
      horas_programadas: 848,
      horas_detenida: 16,
      disponibilidad: 98.11,
      utilizacion: 12.02,
      ot_abiertas: 1,
      ot_horas: 6,
    });
    const mb = r.maquinas.find((m) => m.maquinaria_id === b)!;
    expect(mb).toMatchObject({
      horas_programadas: 424,
      horas_detenida: 0,
      disponibilidad: 100,
      horas_trabajadas: 0,
      utilizacion: 0,
      costo_hora: null,
      ot_abiertas: 0,
    });
  });

  it('prints the monthly management report', async () => {
    const pdf = await call(s.t.app, s.admin, { method: 'GET', url: '/api/indicadores/pdf?desde=2026-09&hasta=2026-10' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('bounds the range to 36 months in order, and answers 404 for an unknown machine', async () => {
    expect((await get('desde=2024-01&hasta=2026-12')).statusCode).toBe(200);
    const long = await get('desde=2023-12&hasta=2026-12');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.hasta).toBe('El rango no puede pasar de 36 meses');
    expect((await get('desde=2026-10&hasta=2026-09')).statusCode).toBe(400);
    expect((await get('desde=2026-13&hasta=2026-12')).statusCode).toBe(400);
    expect((await get('desde=2026-10&hasta=2026-10&maquinaria_id=999999')).statusCode).toBe(404);
  });

  it('needs the code of the screen (83)', async () => {
    const other = await createUser(s.t, [MENU.costosMaquinaria]);
    const allowed = await createUser(s.t, [MENU.indicadores]);
    expect((await get('desde=2026-10&hasta=2026-10', other.token)).statusCode).toBe(403);
    expect((await call(s.t.app, other.token, { method: 'GET', url: '/api/indicadores/pdf?desde=2026-10&hasta=2026-10' })).statusCode).toBe(
      403,
    );
    expect((await get('desde=2026-10&hasta=2026-10', allowed.token)).statusCode).toBe(200);
    expect((await call(s.t.app, null, { method: 'GET', url: '/api/indicadores?desde=2026-10&hasta=2026-10' })).statusCode).toBe(401);
  });
});
