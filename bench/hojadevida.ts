// Hoja de vida benchmark: one machine with three years of history (a daily report with readings every day, an exit of
// two parts every other day, a failure with its state change and repair every week, a part change every month, work
// orders, a plan of five tasks) among the machinery bench's fleet when run from bench/run.ts; then its record for the
// default range (the last 12 months) and for the whole three years, each expected under 300 ms.
// Alone: `npx tsx bench/hojadevida.ts` (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL too).
import { timeGets, type GetTiming } from './_get-timing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pathToFileURL } from 'node:url';
import { ALL_CODES } from '@shared/auth/permissions';
import type { Db } from '../src/server/db/client';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import { limaToday } from './exits-screen';

export const HOJA = { days: 1095 };
/** Budget of the record (median), ms. */
export const HOJA_BUDGET_MS = 300;

/** Generates the machine and its history; answers its id. */
export async function generateHojaDeVida(db: Db): Promise<{ id: number; events: number }> {
  const today = limaToday();
  const days = HOJA.days;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica, horometro_inicial, created_at)
    values ('EXCAVADORA HOJA DE VIDA', 'CATERPILLAR', '320D', 'HV-BENCH', 2015, 1000, now() - interval '${sql.raw(String(days))} days')`);
  const [{ id }] = ((await run(sql`select id from maquinarias where placa = 'HV-BENCH'`)) as unknown as { rows: { id: number }[] }).rows;
  await run(
    sql`insert into unimeds (unimed_nombre, unimed_abrev) select 'Unidad HV', 'UHV' where not exists (select 1 from unimeds)`,
  ).catch(() => undefined);
  await run(sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
    select 'HVP' || g, 'Filtro HV ' || g, 'hvp' || g, (select min(unimed_id) from unimeds) from generate_series(1, 5) g`);
  await run(sql`insert into insumos_maquinaria (maquinaria_id, insumo_id, hour_warning, hour_critical, horas_limite, create_insumo_maq)
    select ${id}, i.id, 250, 400, 500, now() - interval '${sql.raw(String(days))} days' from insumos i where i.insumo_codigo like 'HVP%'`);
  await run(
    sql`insert into operadores (dni, nombres) select '58888888', 'OPERADOR HV' where not exists (select 1 from operadores where dni = '58888888')`,
  );
  await run(sql`insert into actividades (activ_nombre) values ('Actividad HV')`);
  await run(sql`insert into costos (descripcion) values ('Tarifas HV')`);
  await run(sql`insert into costos_det (costo_id, descripcion, precio, unidad) select max(id), 'Día HV', 800, 'DIA' from costos`);
  // A report a day with readings (8 h a day from 1000 h).
  await run(sql`insert into partes_diarios (nro_parte_interno, fecha, maquinaria_id, operador_id, actividad_id, monto, horometro_inicial, horometro_final)
    select 'HV-' || g, ${today}::date - g, ${id}, (select operador_id from operadores where dni = '58888888'), (select max(id) from actividades), 800,
      1000 + (${days} - 1 - g) * 8, 1000 + (${days} - g) * 8
    from generate_series(0, ${days - 1}) g`);
  await run(sql`insert into partes_diarios_det (parte_id, costo_det_id, cantid, preuni, pretot, unidad)
    select p.parte_id, (select max(costo_det_id) from costos_det), 1, 800, 800, 'DIA' from partes_diarios p where p.maquinaria_id = ${id}`);
  // Exits every other day, two lines each.
  await run(sql`insert into salidas (nro_vale, fecha, maquinaria_id, operador_id)
    select 'HVV-' || g, ${today}::date - g, ${id}, (select operador_id from operadores where dni = '58888888')
    from generate_series(0, ${days - 1}, 2) g`);
  await run(sql`insert into salidas_det (salida_id, insumo_id, cantidad)
    select s.id, i.id, 1 from salidas s cross join (select id from insumos where insumo_codigo in ('HVP1', 'HVP2')) i where s.maquinaria_id = ${id}`);
  // A failure a week (stopping), repaired two days later; the state intervals follow.
  await run(sql`insert into fallas (maquinaria_id, descripcion, estado, maquina_detenida, created_at)
    select ${id}, 'Falla HV ' || g, 1, true, (${today}::date - g)::timestamp at time zone 'America/Lima' + interval '9 hours'
    from generate_series(3, ${days - 1}, 7) g`);
  await run(sql`insert into reparaciones (maquinaria_id, descripcion, fecha, falla_id)
    select ${id}, 'Reparación de ' || f.descripcion, (f.created_at at time zone 'America/Lima')::date + 2, f.falla_id
    from fallas f where f.maquinaria_id = ${id}`);
  await run(sql`insert into maquinarias_estados (maquinaria_id, estado, desde, hasta, origen, ref_id)
    select ${id}, x.estado, x.desde, lead(x.desde) over (order by x.desde, x.estado desc), x.origen, x.ref
    from (
      select 2 as estado, f.created_at as desde, 'FALLA' as origen, f.falla_id as ref from fallas f where f.maquinaria_id = ${id}
      union all
      select 0, f.created_at + interval '2 days', 'REPARACION', null from fallas f where f.maquinaria_id = ${id}
      union all
      select 0, now() - interval '${sql.raw(String(days))} days', 'ALTA', null
    ) x`);
  // A part change a month.
  await run(sql`insert into cambios_insumo (insumo_maq_id, maquinaria_id, insumo_id, fecha, observacion, horas_acumuladas)
    select im.insumo_maq_id, ${id}, im.insumo_id, ${today}::date - g, 'Cambio HV', 240
    from generate_series(10, ${days - 1}, 30) g cross join (select * from insumos_maquinaria where maquinaria_id = ${id} limit 1) im`);
  // Work orders: one every two weeks, the newest two open.
  await run(sql`insert into ordenes_trabajo (uid, anio, numero, maquinaria_id, origen, tipo, descripcion, estado, created_at)
    select gen_random_uuid(), 2000 + (g % 7), 80000 + g, ${id}, 'MANUAL', 'CORRECTIVA', 'Orden HV ' || g,
      case when g < 20 then 'EN CURSO' else 'CERRADA' end, now() - make_interval(days => g)
    from generate_series(0, ${days - 1}, 14) g`);
  await run(sql`insert into planes (maquinaria_id, nombre) values (${id}, 'Plan HV')`);
  await run(sql`insert into planes_tareas (plan_id, nombre, cada_medidor, cada_dias, base_fecha, proximo_medidor, proximo_fecha)
    select (select max(plan_id) from planes), 'Tarea HV ' || g, 250 * g, 90, ${today}::date, 9000 + 250 * g, ${today}::date + 30 * g
    from generate_series(1, 5) g`);
  await run(sql`analyze`);
  const [{ n }] = (
    (await run(sql`select (select count(*) from partes_diarios where maquinaria_id = ${id}) + (select count(*) from salidas_det d join salidas s on s.id = d.salida_id where s.maquinaria_id = ${id})
      + (select count(*) from fallas where maquinaria_id = ${id}) * 3 + (select count(*) from cambios_insumo where maquinaria_id = ${id}) as n`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return { id, events: Number(n) };
}

export type HojaResult = GetTiming;

/** The record for the default range and for three years, twice to warm up then `runs` times. */
export async function timeHojaDeVida(app: FastifyInstance, token: string, id: number, runs = 9): Promise<HojaResult[]> {
  const threeYears = new Date(Date.now() - HOJA.days * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    { name: 'hoja de vida, last 12 months', url: `/api/hojadevida/${id}` },
    { name: 'hoja de vida, 3 years', url: `/api/hojadevida/${id}?fini=${threeYears}` },
  ];
  return timeGets(app, token, cases, runs);
}

async function standalone(): Promise<void> {
  for (const [label, url] of [
    ['PGlite', undefined],
    ['PostgreSQL', process.env.BENCH_DATABASE_URL],
  ] as const) {
    if (label === 'PostgreSQL' && !url) continue;
    if (url) process.env.TEST_DATABASE_URL = url;
    else delete process.env.TEST_DATABASE_URL;
    const teardown = await setupTemplate();
    const t = await createTestApp();
    try {
      const t0 = performance.now();
      const g = await generateHojaDeVida(t.database.db);
      console.log(
        `${label}: machine ${g.id} with about ${g.events} records generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const { token } = await createUser(t, ALL_CODES);
      for (const x of await timeHojaDeVida(t.app, token, g.id)) {
        const within = x.median <= HOJA_BUDGET_MS ? 'within' : 'ABOVE';
        console.log(
          `${label} ${x.name}: median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${x.bytes} bytes (${within} ${HOJA_BUDGET_MS} ms)`,
        );
      }
    } finally {
      await t.close();
      await teardown();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
