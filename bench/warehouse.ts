// Warehouse benchmark: bulk-generates ≥ 5,000 supplies, 10,000 exits and ≥ 200,000 movements with
// INSERT … SELECT generate_series, then times the heavy reads through app.inject.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client';

export const SIZES = { supplies: 5000, machines: 20, operators: 50, exits: 10_000, linesPerExit: 2, entryMovements: 180_000 };

/** Fills an empty, migrated database; answers the row counts. */
export async function generate(db: Db): Promise<{ supplies: number; exits: number; movements: number }> {
  const s = SIZES;
  await db.execute(sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
    select 'B' || lpad(g::text, 5, '0'), 'Insumo de prueba ' || g, 'b' || lpad(g::text, 5, '0') || ' insumo de prueba ' || g,
      (select min(unimed_id) from unimeds)
    from generate_series(1, ${s.supplies}) g`);
  await db.execute(sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica)
    select 'MAQUINA ' || g, 'CATERPILLAR', '950H', 'BN-' || lpad(g::text, 3, '0'), 2015 from generate_series(1, ${s.machines}) g`);
  await db.execute(sql`insert into operadores (dni, nombres)
    select (50000000 + g)::text, 'OPERADOR ' || g from generate_series(1, ${s.operators}) g`);
  // Entry movements spread over three years (2024-2026).
  await db.execute(sql`insert into movimientos (insumo_id, fecha, tipo, proveedor, nro_guiaremision, ingreso)
    select b.m + (g % ${s.supplies}), date '2024-01-01' + (g % 1095), 'INGRESO', 'PROVEEDOR ' || (g % 100), 'G001-' || g, 10
    from generate_series(1, ${s.entryMovements}) g, (select min(id) m from insumos) b`);
  // The exits of one year (2025): the widest range the exits list answers holds them all.
  await db.execute(sql`insert into salidas (nro_vale, fecha, maquinaria_id, operador_id)
    select 'V-' || lpad(g::text, 6, '0'), date '2025-01-01' + (g % 365), mq.m + (g % ${s.machines}), op.m + (g % ${s.operators})
    from generate_series(1, ${s.exits}) g, (select min(id) m from maquinarias) mq, (select min(operador_id) m from operadores) op`);
  await db.execute(sql`insert into salidas_det (salida_id, insumo_id, cantidad)
    select sa.id, b.m + ((sa.id * 7 + k) % ${s.supplies}), 1 + k
    from salidas sa, generate_series(0, ${s.linesPerExit - 1}) k, (select min(id) m from insumos) b`);
  await db.execute(sql`insert into movimientos (insumo_id, fecha, tipo, proveedor, nro_guiaremision, salida, salida_det_id)
    select d.insumo_id, sa.fecha, 'SALIDA', m.placa, sa.nro_vale, d.cantidad, d.salida_det_id
    from salidas_det d join salidas sa on sa.id = d.salida_id join maquinarias m on m.id = sa.maquinaria_id`);
  await db.execute(sql`update insumos i set stock = x.s
    from (select insumo_id, sum(ingreso - salida) s from movimientos group by insumo_id) x where x.insumo_id = i.id`);
  await db.execute(sql`analyze`);
  const count = async (table: string) => {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
    return r.rows[0].n;
  };
  return { supplies: await count('insumos'), exits: await count('salidas'), movements: await count('movimientos') };
}

/** The year of the generated exits, and the widest kardex range (contract/ranges.ts). */
export const EXITS_YEAR = { fini: '2025-01-01', ffin: '2025-12-31' };
const TWO_YEARS = { fini: '2024-01-01', ffin: '2025-12-31' };

export interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

export async function cases(db: Db): Promise<Case[]> {
  const r = (await db.execute(sql`select min(id) as id from insumos`)) as unknown as { rows: { id: number }[] };
  const one = r.rows[0].id + 123;
  const m = (await db.execute(sql`select min(id) as id from maquinarias`)) as unknown as { rows: { id: number }[] };
  const year = { fini: '2025-01-01', ffin: '2025-12-31' };
  return [
    { name: 'kardex 1 supply, 1 year', method: 'POST', url: '/api/movimientos/list', payload: { insumo_id: one, ...year } },
    { name: 'kardex Todos, 1 year (page 1)', method: 'POST', url: '/api/movimientos/list', payload: { insumo_id: 0, ...year } },
    {
      name: 'kardex Todos, 1 year (page 10)',
      method: 'POST',
      url: '/api/movimientos/list',
      payload: { insumo_id: 0, ...year, offset: 45_000 },
    },
    { name: 'kardex Todos, 2 years (page 1)', method: 'POST', url: '/api/movimientos/list', payload: { insumo_id: 0, ...TWO_YEARS } },
    { name: 'stock list GET /api/insumos', method: 'GET', url: '/api/insumos' },
    { name: 'supply search ?q=prueba 12', method: 'GET', url: '/api/insumos/search?q=prueba%2012' },
    { name: 'exits list, all 10,000 (1 year)', method: 'POST', url: '/api/salidas/list', payload: EXITS_YEAR },
    { name: 'exits list, 1 machine, 1 year', method: 'POST', url: '/api/salidas/list', payload: { maquinaria_id: m.rows[0].id, ...year } },
  ];
}

export interface Result {
  name: string;
  rows: number;
  median: number;
  p95: number;
}

/** Runs `once` twice to warm up, then `runs` times; answers the median and p95 in ms and the last row count. */
async function measure(once: () => Promise<number>, runs: number): Promise<Omit<Result, 'name'>> {
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
  const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { rows, median: pick(0.5), p95: pick(0.95) };
}

async function request(app: FastifyInstance, token: string, c: Case): Promise<number> {
  const res = await app.inject({
    method: c.method,
    url: c.url,
    payload: c.payload as object | undefined,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  const body = res.json();
  return Array.isArray(body) ? body.length : (body.items?.length ?? 1);
}

/** Times each case through app.inject (the answer is parsed, as a client would, to count its rows). */
export async function timeCases(app: FastifyInstance, token: string, list: Case[], runs = 15): Promise<Result[]> {
  const out: Result[] = [];
  for (const c of list) out.push({ name: c.name, ...(await measure(() => request(app, token, c), runs)) });
  return out;
}

/**
 * The exits list as PostgreSQL alone builds it: the same rows and fields, in the same order, as JSON text written
 * by hand here, the reference the endpoint is measured against (bench/lists.ts checks the answer is these bytes).
 */
export const EXITS_AS_JSON = sql`select coalesce(json_agg(x), '[]')::text as json from (
    select s.id, s.fecha, s.nro_vale, s.maquinaria_id, m.descripcion as maquinaria, m.placa, s.operador_id,
      o.dni as operador_dni, o.nombres as operador_name,
      to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      coalesce((select string_agg(i.insumo_codigo || ' ' || i.insumo_name || ' x ' || trim_scale(d.cantidad)::text, '; ' order by d.salida_det_id)
        from salidas_det d join insumos i on i.id = d.insumo_id where d.salida_id = s.id), '') as detalle
    from salidas s join maquinarias m on m.id = s.maquinaria_id join operadores o on o.operador_id = s.operador_id
    where s.fecha between ${EXITS_YEAR.fini} and ${EXITS_YEAR.ffin}
    order by s.fecha desc, s.created_at desc, s.id desc) x`;

/** Median of the exits list endpoint (every exit, sent and received as text) against EXITS_AS_JSON. */
export async function exitsAgainstSql(app: FastifyInstance, token: string, db: Db, runs = 15) {
  const c: Case = { name: 'exits list', method: 'POST', url: '/api/salidas/list', payload: EXITS_YEAR };
  const endpoint = await measure(async () => {
    const res = await app.inject({ method: c.method, url: c.url, payload: EXITS_YEAR, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode}`);
    return res.body.length;
  }, runs);
  const direct = await measure(async () => {
    const r = (await db.execute(EXITS_AS_JSON)) as unknown as { rows: { json: string }[] };
    return r.rows[0].json.length;
  }, runs);
  if (endpoint.rows !== direct.rows) throw new Error(`exits list: ${endpoint.rows} bytes from the API, ${direct.rows} from SQL`);
  return { endpoint: endpoint.median, sql: direct.median, ratio: endpoint.median / direct.median };
}
