// Scale bench (`npm run bench -- --only=scale`): a mid-size office's history of 1 and 10 years (50 with
// BENCH_SCALE_50=1) generated on PostgreSQL with generate_series, then each list of one month and of one year timed
// through app.inject next to its SQL floor (PostgreSQL building the same range's rows as JSON by itself). A list whose
// answer does not grow must not slow down with the years: 50 (or 10) years within 1.3× of 1 year. An empty filter
// after all those years must be a 400 before any scan.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALL_CODES } from '@shared/auth/permissions';
import { rangeFirstDay } from '@shared/contract/ranges';
import { limaDate } from '@shared/domain/dates';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import type { Db } from '../src/server/db/client';
import { rowsOf } from '../src/server/lib/sql';
import { figure, type Figure } from './figures';

/** A mid-size office's year. */
const PER_YEAR = { exits: 10_000, entries: 2_000, requests: 2_000, reports: 15_000, failures: 500 };
const SUPPLIES = 2000;
const MACHINES = 40;
/** Most a list of the same range may take with the longest history against 1 year. */
export const SCALE_GOAL = 1.3;
/** Most an empty filter may take to be refused after the longest history. */
export const EMPTY_FILTER_GOAL_MS = 100;

/** Fills an empty, migrated database with `years` of history ending today. */
async function generate(db: Db, years: number): Promise<void> {
  const days = 365 * years;
  const n = (perYear: number) => perYear * years;
  // Rows are stored in date order, as an office writes them day by day: row g of `total` falls on its share of the
  // history, the last one today.
  const day = (g: SQL, total: number) =>
    sql`current_date - ${sql.raw(String(days - 1))} + ((${g} - 1)::bigint * ${sql.raw(String(days))} / ${sql.raw(String(total))})::int`;
  await db.execute(sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
    select 'S' || lpad(g::text, 5, '0'), 'Insumo ' || g, 's' || lpad(g::text, 5, '0') || ' insumo ' || g, (select min(unimed_id) from unimeds)
    from generate_series(1, ${SUPPLIES}) g`);
  await db.execute(sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica)
    select 'MAQUINA ' || g, 'CATERPILLAR', '950H', 'SC-' || lpad(g::text, 3, '0'), 2015 from generate_series(1, ${MACHINES}) g`);
  await db.execute(sql`insert into operadores (dni, nombres) select (60000000 + g)::text, 'OPERADOR ' || g from generate_series(1, 50) g`);
  await db.execute(sql`insert into actividades (activ_nombre) values ('MOVIMIENTO DE TIERRAS')`);
  const ids = sql`(select min(id) i from insumos) b, (select min(id) m from maquinarias) mq, (select min(operador_id) o from operadores) op`;
  // Exits, two lines each, and their kardex rows.
  await db.execute(sql`insert into salidas (nro_vale, fecha, maquinaria_id, operador_id)
    select 'V-' || g, ${day(sql`g`, n(PER_YEAR.exits))}, mq.m + (g % ${MACHINES}), op.o + (g % 50) from generate_series(1, ${n(PER_YEAR.exits)}) g, ${ids}`);
  await db.execute(sql`insert into salidas_det (salida_id, insumo_id, cantidad)
    select s.id, b.i + ((s.id * 7 + k) % ${SUPPLIES}), 1 + k from salidas s, generate_series(0, 1) k, (select min(id) i from insumos) b`);
  // Entries, two lines and one delivery note each.
  await db.execute(sql`insert into ingresos (nro_ordencompra, anio, orden_id, fecha, proveedor, nro_guiaremision)
    select lpad(g::text, 7, '0'), 2000 + (g % 60), g, ${day(sql`g`, n(PER_YEAR.entries))}, 'PROVEEDOR ' || (g % 80), 'G-' || g
    from generate_series(1, ${n(PER_YEAR.entries)}) g`);
  await db.execute(sql`insert into ingresos_det (ingreso_id, insumo_id, cantidad, unimed, precio_unitario)
    select e.id, b.i + ((e.id * 13 + k) % ${SUPPLIES}), 50, 'UND', 12.5 from ingresos e, generate_series(0, 1) k, (select min(id) i from insumos) b`);
  await db.execute(
    sql`insert into guias_remision (ingreso_id, nro_guiaremision, fecha_guiaremision) select id, 'G-' || id, fecha from ingresos`,
  );
  await db.execute(sql`insert into movimientos (insumo_id, fecha, tipo, proveedor, nro_guiaremision, ingreso, ingreso_det_id, costo_unitario, importe)
    select d.insumo_id, e.fecha, 'INGRESO', e.proveedor, e.nro_guiaremision, d.cantidad, d.id, 12.5, d.cantidad * 12.5
    from ingresos_det d join ingresos e on e.id = d.ingreso_id`);
  await db.execute(sql`insert into movimientos (insumo_id, fecha, tipo, proveedor, nro_guiaremision, salida, salida_det_id, costo_unitario, importe)
    select d.insumo_id, s.fecha, 'SALIDA', m.placa, s.nro_vale, d.cantidad, d.salida_det_id, 12.5, d.cantidad * 12.5
    from salidas_det d join salidas s on s.id = d.salida_id join maquinarias m on m.id = s.maquinaria_id`);
  await db.execute(sql`update insumos i set stock = x.s
    from (select insumo_id, sum(ingreso - salida) s from movimientos group by insumo_id) x where x.insumo_id = i.id`);
  // Requests of supplies, two lines each.
  await db.execute(sql`insert into pedidos (maquinaria_id, fecha, estado, observacion)
    select mq.m + (g % ${MACHINES}), ${day(sql`g`, n(PER_YEAR.requests))}, (g % 2)::smallint, 'PEDIDO ' || g from generate_series(1, ${n(PER_YEAR.requests)}) g, ${ids}`);
  await db.execute(sql`insert into pedidos_det (pedido_id, insumo_id, unimed_id, cantidad)
    select p.pedido_id, b.i + ((p.pedido_id * 11 + k) % ${SUPPLIES}), (select min(unimed_id) from unimeds), 2
    from pedidos p, generate_series(0, 1) k, (select min(id) i from insumos) b`);
  // Daily reports and failures.
  await db.execute(sql`insert into partes_diarios (nro_parte_interno, fecha, maquinaria_id, operador_id, actividad_id, monto)
    select 'P-' || g, ${day(sql`g`, n(PER_YEAR.reports))}, mq.m + (g % ${MACHINES}), op.o + (g % 50), (select min(id) from actividades), 100
    from generate_series(1, ${n(PER_YEAR.reports)}) g, ${ids}`);
  await db.execute(sql`insert into costos (descripcion) values ('ALQUILER DE MAQUINARIA')`);
  await db.execute(sql`insert into costos_det (costo_id, descripcion, precio) select min(id), 'HORA MAQUINA', 100 from costos`);
  await db.execute(sql`insert into partes_diarios_det (parte_id, costo_det_id, cantid, preuni, pretot)
    select parte_id, (select min(costo_det_id) from costos_det), 1, 100, 100 from partes_diarios`);
  await db.execute(sql`insert into fallas (maquinaria_id, descripcion, estado, created_at)
    select mq.m + (g % ${MACHINES}), 'FALLA ' || g, 1, (${day(sql`g`, n(PER_YEAR.failures))})::timestamp + interval '15 hours'
    from generate_series(1, ${n(PER_YEAR.failures)}) g, ${ids}`);
  await db.execute(sql`analyze`);
}

interface Case {
  name: string;
  url: string;
  body: Record<string, unknown>;
  /** The same range's rows as PostgreSQL alone reads them, as JSON. */
  floor: SQL;
}

const asJson = (q: SQL) => sql`select coalesce(json_agg(t), '[]')::text as json from (${q}) t`;

/** The lists of one month and of one year ending today. */
function cases(): Case[] {
  const today = limaDate();
  const ranges = {
    'one month': { fini: `${today.slice(0, 8)}01`, ffin: today },
    'one year': { fini: rangeFirstDay(today, 12), ffin: today },
  };
  const out: Case[] = [];
  for (const [label, r] of Object.entries(ranges)) {
    const between = (col: string) => sql`${sql.raw(col)} between ${r.fini}::date and ${r.ffin}::date`;
    out.push(
      {
        name: `Salidas, ${label}`,
        url: '/api/salidas/list',
        body: r,
        floor: asJson(sql`select * from salidas where ${between('fecha')} order by fecha desc`),
      },
      {
        name: `Ingresos, ${label}`,
        url: '/api/ingresos/list',
        body: r,
        floor: asJson(sql`select * from ingresos where ${between('fecha')} order by fecha desc`),
      },
      {
        name: `Pedidos, ${label}`,
        url: '/api/pedidos/list',
        body: r,
        floor: asJson(sql`select * from pedidos where ${between('fecha')} order by fecha desc`),
      },
      {
        name: `Partes diarios, ${label}`,
        url: '/api/partesdiarios/list',
        body: r,
        floor: asJson(sql`select * from partes_diarios where ${between('fecha')} order by fecha desc`),
      },
      {
        name: `Fallas, ${label}`,
        url: '/api/fallas/list',
        body: r,
        floor: asJson(
          sql`select * from fallas where created_at >= (${r.fini}::date)::timestamp at time zone 'America/Lima'
            and created_at < (${r.ffin}::date + 1)::timestamp at time zone 'America/Lima' order by created_at desc`,
        ),
      },
    );
    if (label === 'one month')
      out.push({
        name: `Kárdex de todos los insumos, ${label}`,
        url: '/api/movimientos/list',
        body: { insumo_id: 0, ...r },
        floor: asJson(sql`select * from movimientos where ${between('fecha')} order by insumo_id, fecha, id`),
      });
  }
  return out;
}

/** Median of `runs` calls after two to warm up. */
async function median(once: () => Promise<unknown>, runs = 7): Promise<number> {
  await once();
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

interface Timed {
  name: string;
  rows: number;
  endpoint: number;
  floor: number;
}

async function timeLists(app: FastifyInstance, token: string, db: Db): Promise<{ timed: Timed[]; emptyFilter: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const timed: Timed[] = [];
  for (const c of cases()) {
    let rows = 0;
    const endpoint = await median(async () => {
      const res = await app.inject({ method: 'POST', url: c.url, payload: c.body, headers });
      if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      rows = (res.json() as unknown[]).length;
    });
    const floor = await median(() => rowsOf(db, c.floor));
    timed.push({ name: c.name, rows, endpoint, floor });
  }
  // The empty filter the issue measured after 50 years: refused before any query.
  const emptyFilter = await median(async () => {
    const res = await app.inject({ method: 'POST', url: '/api/salidas/list', payload: {}, headers });
    if (res.statusCode !== 400) throw new Error(`empty exits filter: HTTP ${res.statusCode}, not 400`);
  });
  return { timed, emptyFilter };
}

/** One size: a fresh database with `years` of history, its lists timed. */
async function runSize(url: string, years: number) {
  process.env.TEST_DATABASE_URL = url;
  const teardown = await setupTemplate();
  try {
    const t = await createTestApp();
    try {
      const t0 = performance.now();
      await generate(t.database.db, years);
      console.log(`\nscale: ${years} year(s) of history generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const { token } = await createUser(t, ALL_CODES);
      return await timeLists(t.app, token, t.database.db);
    } finally {
      await t.close();
    }
  } finally {
    await teardown();
  }
}

/** The scale part: 1 and 10 years (and 50 with BENCH_SCALE_50=1) on PostgreSQL (BENCH_DATABASE_URL, or the local one). */
export async function runScale(): Promise<Figure[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sizes = process.env.BENCH_SCALE_50 === '1' ? [1, 10, 50] : [1, 10];
  const by = new Map<number, Awaited<ReturnType<typeof runSize>>>();
  for (const years of sizes) by.set(years, await runSize(url, years));
  const figures: Figure[] = [];
  const base = by.get(1)!;
  const w = Math.max(...base.timed.map((x) => x.name.length));
  console.log(`\n${'list'.padEnd(w)} | ${sizes.map((y) => `${y} y: rows, ms (SQL floor ms)`.padStart(28)).join(' | ')} | longest / 1 y`);
  for (const [i, c] of base.timed.entries()) {
    const cells = sizes.map((y) => {
      const x = by.get(y)!.timed[i];
      return `${x.rows}, ${x.endpoint.toFixed(1)} (${x.floor.toFixed(1)})`.padStart(28);
    });
    const last = by.get(sizes[sizes.length - 1])!.timed[i];
    const ratio = last.endpoint / c.endpoint;
    console.log(`${c.name.padEnd(w)} | ${cells.join(' | ')} | ${ratio.toFixed(2)}× (${ratio <= SCALE_GOAL ? 'within' : 'ABOVE'})`);
    for (const y of sizes) {
      const x = by.get(y)!.timed[i];
      figures.push(
        figure('scale (PostgreSQL)', `${c.name}, ${y} years`, x.endpoint, 'ms', undefined, { rows: x.rows, sqlFloorMs: x.floor }),
      );
    }
    figures.push(
      figure('scale (PostgreSQL)', `${c.name}: ${sizes[sizes.length - 1]} years against 1`, ratio, '×', { op: '<=', value: SCALE_GOAL }),
    );
  }
  const longest = sizes[sizes.length - 1];
  const empty = by.get(longest)!.emptyFilter;
  console.log(`POST /api/salidas/list {} after ${longest} years: 400 in ${empty.toFixed(1)} ms`);
  figures.push(
    figure('scale (PostgreSQL)', `POST /api/salidas/list {} after ${longest} years (400)`, empty, 'ms', {
      op: '<=',
      value: EMPTY_FILTER_GOAL_MS,
    }),
  );
  return figures;
}
