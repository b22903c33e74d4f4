// Preventive plans benchmark, on the machinery data set (bench/machinery.ts: 500 machines, two years of daily reports)
// with a third year of reports before it and 5 plans per machine (two tasks each: 5,000 tasks, some done), then the
// fleet's due list (POST /api/planes/vencimientos, every machine, no filter): one set-based query, expected under
// 300 ms on PostgreSQL.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client';
import { limaToday } from './exits-screen';
import { MACHINERY } from './machinery';

export const PLANES = { plansPerMachine: 5, tasksPerPlan: 2, extraDays: 365 };
/** Budget of the due list (median), ms. */
export const PLANES_BUDGET_MS = 300;

/** Runs after generateMachinery: the third year of reports and the plans. */
export async function generatePlanes(db: Db): Promise<{ plans: number; tasks: number; reports: number }> {
  const today = limaToday();
  const { days } = MACHINERY;
  await db.execute(sql`insert into partes_diarios (nro_parte_interno, fecha, maquinaria_id, operador_id, actividad_id, monto)
    select 'BP' || m.id || '-' || g, ${today}::date - g, m.id,
      (select max(operador_id) from operadores), (select max(id) from actividades), 0
    from maquinarias m cross join generate_series(${days}::int, ${days + PLANES.extraDays - 1}::int) g where m.placa like 'BW-%'`);
  await db.execute(sql`insert into partes_diarios_det (parte_id, costo_det_id, cantid, preuni, pretot, unidad)
    select p.parte_id, (select max(costo_det_id) from costos_det), 4 + p.parte_id % 7, 0, 0, 'HORA'
    from partes_diarios p where p.nro_parte_interno like 'BP%'`);
  await db.execute(sql`insert into planes (maquinaria_id, nombre)
    select m.id, 'Plan ' || k from maquinarias m cross join generate_series(1, ${PLANES.plansPerMachine}::int) k where m.placa like 'BW-%'`);
  // Every 250·k h or 30·k days, from a base 200 days ago; both schedules; due dates spread over the past and future.
  await db.execute(sql`insert into planes_tareas (plan_id, nombre, cada_medidor, cada_dias, margen_medidor, margen_dias,
      programacion, checklist, base_fecha, base_medidor, proximo_medidor, proximo_fecha)
    select p.plan_id, 'Tarea ' || j, 250 * j, 30 * ((p.plan_id + j) % 6 + 1), 25, 7,
      case when j = 1 then 'FIJA' else 'FLOTANTE' end, '["Revisar", "Cambiar"]'::jsonb,
      ${today}::date - 200, m.horometro_inicial + 5000,
      m.horometro_inicial + 4000 + ((p.plan_id * 37 + j * 11) % 2000),
      ${today}::date - 60 + ((p.plan_id * 13 + j * 7) % 120)
    from planes p join maquinarias m on m.id = p.maquinaria_id cross join generate_series(1, ${PLANES.tasksPerPlan}::int) j
    where m.placa like 'BW-%'`);
  await db.execute(sql`insert into planes_tareas_ejecuciones (tarea_id, fecha, medidor, vence_fecha, vence_medidor, a_tiempo)
    select t.tarea_id, ${today}::date - 100 - g * 30, t.base_medidor - g * 250, ${today}::date - 95 - g * 30, t.base_medidor - g * 250, g % 2 = 0
    from planes_tareas t cross join generate_series(0, 5) g`);
  await db.execute(sql`analyze`);
  const count = async (q: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${q}`))) as unknown as { rows: { n: number }[] }).rows[0].n;
  return { plans: await count('planes'), tasks: await count('planes_tareas'), reports: await count('partes_diarios') };
}

export interface PlanesResult {
  name: string;
  rows: number;
  median: number;
  p95: number;
}

/** The due list of the whole fleet through app.inject, twice to warm up then `runs` times. */
export async function timePlanes(app: FastifyInstance, token: string, runs = 7): Promise<PlanesResult> {
  const once = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/planes/vencimientos',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    if (res.statusCode !== 200) throw new Error(`due list: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    return (res.json() as unknown[]).length;
  };
  await once();
  await once();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    name: 'due list POST /api/planes/vencimientos',
    rows,
    median: times[Math.floor(times.length / 2)],
    p95: times[times.length - 1],
  };
}
