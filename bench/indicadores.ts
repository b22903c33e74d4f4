// Fleet indicators benchmark, on the machinery and plans data set (bench/machinery.ts and bench/planes.ts: 500 machines,
// three years of daily reports, 5,000 plan tasks with their executions) plus three years of upkeep per machine: a
// stopping failure every week (its state interval of one or two days, its repair with an amount), a work order every
// two weeks with labour (the last two still open). Then the indicators of the whole fleet for the last 36 months
// (GET /api/indicadores), expected under 500 ms on PostgreSQL, and the monthly report's PDF of the same range.
// Alone: `npx tsx bench/indicadores.ts` (PGlite; BENCH_DATABASE_URL=postgres://… for PostgreSQL too).
import { timeGets, type GetTiming } from './_get-timing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ALL_CODES } from '@shared/auth/permissions';
import type { Db } from '../src/server/db/client';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import { limaToday } from './exits-screen';
import { generateMachinery } from './machinery';
import { generatePlanes } from './planes';

export const INDICADORES = { days: 1095, weeks: 155, orders: 78 };
/** Budget of the indicators (median), ms. */
export const INDICADORES_BUDGET_MS = 500;

/** Runs after generatePlanes: the machines' state history, failures, repairs and work orders. */
export async function generateIndicadores(db: Db): Promise<{ intervals: number; failures: number; orders: number }> {
  const today = limaToday();
  const { days, weeks, orders } = INDICADORES;
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  const start = sql`((${today}::date - ${days}::int)::timestamp at time zone 'America/Lima')`;
  // stop k: from day 7k + 3 at 08:00, for 24 to 47 hours
  const stopStart = sql`(${start} + make_interval(days => 7 * k + 3, hours => 8))`;
  const stopEnd = sql`(${stopStart} + make_interval(hours => 24 + (m.id + k) % 24))`;
  const bw = sql`m.placa like 'BW-%'`;
  await run(sql`insert into fallas (maquinaria_id, descripcion, estado, maquina_detenida, created_at)
    select m.id, 'Falla ' || k, 1, true, ${stopStart} from maquinarias m cross join generate_series(0, ${weeks - 1}::int) k where ${bw}`);
  await run(sql`insert into maquinarias_estados (maquinaria_id, estado, desde, hasta, origen)
    select m.id, 0, ${start}, ${stopStart}, 'ALTA' from maquinarias m cross join (select 0 as k) x where ${bw}`);
  await run(sql`insert into maquinarias_estados (maquinaria_id, estado, desde, hasta, origen, ref_id)
    select m.id, 2, ${stopStart}, ${stopEnd}, 'FALLA', f.falla_id
    from maquinarias m cross join generate_series(0, ${weeks - 1}::int) k
      join fallas f on f.maquinaria_id = m.id and f.created_at = ${stopStart}
    where ${bw}`);
  await run(sql`insert into maquinarias_estados (maquinaria_id, estado, desde, hasta, origen)
    select m.id, 0, ${stopEnd}, case when k < ${weeks - 1} then ${sql`(${start} + make_interval(days => 7 * (k + 1) + 3, hours => 8))`} end, 'REPARACION'
    from maquinarias m cross join generate_series(0, ${weeks - 1}::int) k where ${bw}`);
  await run(sql`insert into reparaciones (maquinaria_id, descripcion, fecha, falla_id, monto)
    select f.maquinaria_id, 'Reparación', (f.created_at at time zone 'America/Lima')::date + 1, f.falla_id, 300 + f.falla_id % 900
    from fallas f join maquinarias m on m.id = f.maquinaria_id where ${bw}`);
  // Statistics of the tables just filled, as autovacuum takes them after a bulk load: with the empty tables' figures the
  // summary triggers of the next inserts plan nested loops over thousands of rows each (minutes instead of seconds).
  await run(sql`analyze maquinarias_estados, fallas, reparaciones`);
  const created = sql`(${start} + make_interval(days => 14 * k + 5, hours => 9))`;
  await run(sql`insert into ordenes_trabajo (uid, anio, numero, maquinaria_id, origen, tipo, estado, descripcion, inicio, fin, created_at, updated_at)
    select gen_random_uuid(), 1000 + k, m.id, m.id, 'MANUAL', case when k % 2 = 0 then 'CORRECTIVA' else 'PREVENTIVA' end,
      case when k >= ${orders - 2} then 'ABIERTA' else 'CERRADA' end, 'Orden ' || k,
      ${created}, case when k < ${orders - 2} then ${created} + interval '2 days' end, ${created}, ${created} + interval '2 days'
    from maquinarias m cross join generate_series(0, ${orders - 1}::int) k where ${bw}`);
  await run(sql`analyze ordenes_trabajo`);
  await run(sql`insert into ordenes_trabajo_mano_obra (ot_id, nombre, fecha, horas)
    select o.ot_id, 'Mecánico', (o.created_at at time zone 'America/Lima')::date, 4 + o.ot_id % 5
    from ordenes_trabajo o join maquinarias m on m.id = o.maquinaria_id where ${bw}`);
  // Each machine's state is its open interval's (OPERATIVO).
  await run(sql`analyze`);
  const count = async (q: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${q}`))) as unknown as { rows: { n: number }[] }).rows[0].n;
  return { intervals: await count('maquinarias_estados'), failures: await count('fallas'), orders: await count('ordenes_trabajo') };
}

export type IndicadoresResult = GetTiming;

/**
 * The last 36 months of the whole fleet, the screen's default 12 months, and the 36 months' PDF, through app.inject,
 * twice to warm up then `runs` times.
 */
export async function timeIndicadores(app: FastifyInstance, token: string, runs = 7): Promise<IndicadoresResult[]> {
  const today = limaToday();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthsBack = (n: number) => {
    const back = y * 12 + m - 1 - n;
    return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
  };
  const desde = monthsBack(35);
  const hasta = today.slice(0, 7);
  const cases = [
    { name: 'fleet indicators GET /api/indicadores (36 months)', url: `/api/indicadores?desde=${desde}&hasta=${hasta}` },
    // what the screen asks for when it opens: the last 12 months of the fleet
    {
      name: "fleet indicators GET /api/indicadores (12 months, the screen's default)",
      url: `/api/indicadores?desde=${monthsBack(11)}&hasta=${hasta}`,
    },
    { name: 'monthly report PDF GET /api/indicadores/pdf (36 months)', url: `/api/indicadores/pdf?desde=${desde}&hasta=${hasta}` },
  ];
  return timeGets(app, token, cases, runs);
}

async function standalone(): Promise<void> {
  for (const [label, url] of [
    ['PGlite', process.env.BENCH_SKIP_PGLITE ? 'skip' : undefined],
    ['PostgreSQL', process.env.BENCH_DATABASE_URL],
  ] as const) {
    if (url === 'skip' || (label === 'PostgreSQL' && !url)) continue;
    if (url) process.env.TEST_DATABASE_URL = url;
    else delete process.env.TEST_DATABASE_URL;
    const teardown = await setupTemplate();
    const t = await createTestApp();
    try {
      const t0 = performance.now();
      const mc = await generateMachinery(t.database.db);
      await generatePlanes(t.database.db);
      const g = await generateIndicadores(t.database.db);
      console.log(
        `${label}: ${mc.machines} machines, ${g.intervals} state intervals, ${g.failures} failures, ${g.orders} orders generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const { token } = await createUser(t, ALL_CODES);
      for (const x of await timeIndicadores(t.app, token)) {
        // the PDF has no goal of its own
        const within = x.name.includes('PDF')
          ? ''
          : ` (${x.median <= INDICADORES_BUDGET_MS ? 'within' : 'ABOVE'} ${INDICADORES_BUDGET_MS} ms)`;
        console.log(
          `${label} ${x.name}: median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${x.bytes} bytes${within}, load ${loadavg()[0].toFixed(1)}`,
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
