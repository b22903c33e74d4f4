// Valued-kardex benchmark: one supply with 200,000 movements over ten years (an entry at a changing price every fourth
// movement, exits between), valued once by the valuation routine as a restore does; then the valued kardex of that
// supply (a month, and the full range capped by the row limit) and a backdated exit placed before 10,000 later
// movements of the supply, saved through POST /api/salidas (its revaluation included). Budgets: 300 ms and 500 ms.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { KARDEX_MAX_ROWS } from '@shared/contract/movimientos';
import type { Db } from '../src/server/db/client';
import { revalorizar } from '../src/server/db/valuation';
import { rowsOf } from '../src/server/lib/sql';
import { limaToday } from './exits-screen';

export const VALUATION = { movements: 200_000, days: 3650, later: 10_000 };
/** Budget of the valued kardex of one supply (median), ms. */
export const KARDEX_BUDGET_MS = 300;
/** Budget of saving a backdated exit with its revaluation (median), ms. */
export const BACKDATED_BUDGET_MS = 500;

export interface ValuationData {
  insumoId: number;
  maquinariaId: number;
  operadorDni: string;
  /** A month in the middle of the history ('YYYY-MM-DD' bounds). */
  month: { fini: string; ffin: string };
  /** The date before which `later` movements of the supply lie. */
  backdate: string;
  /** Movements of the supply dated on or after `backdate`. */
  laterCount: number;
  valueMs: number;
}

const addDays = (ymd: string, n: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function generateValuation(db: Db): Promise<ValuationData> {
  const { movements, days } = VALUATION;
  const today = limaToday();
  const start = addDays(today, -days);
  const [ins] = await rowsOf<{ id: number }>(
    db,
    sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
        values ('VAL-BENCH', 'Filtro de aceite valorizado', 'val-bench filtro de aceite valorizado', (select min(unimed_id) from unimeds))
        returning id`,
  );
  const [maq] = await rowsOf<{ id: number }>(
    db,
    sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica)
        values ('CARGADOR VALORIZADO', 'CATERPILLAR', '950H', 'VB-001', 2018) returning id`,
  );
  await db.execute(sql`insert into operadores (dni, nombres) values ('59000001', 'OPERADOR VALORIZADO') on conflict do nothing`);
  // Every 4th movement an entry of 30 units at S/ 80–120, the others exits of 5: the stock grows by 15 every four.
  await db.execute(sql`insert into movimientos (insumo_id, fecha, tipo, proveedor, nro_guiaremision, ingreso, salida, costo_unitario)
    select ${ins.id}, ${start}::date + (g::bigint * ${days} / ${movements})::int,
      case when g % 4 = 0 then 'INGRESO' else 'SALIDA' end,
      case when g % 4 = 0 then 'PROVEEDOR VALORIZADO' else 'VB-001' end,
      case when g % 4 = 0 then 'G-' || g else 'V-' || g end,
      case when g % 4 = 0 then 30 else 0 end,
      case when g % 4 = 0 then 0 else 5 end,
      case when g % 4 = 0 then 80 + (g % 4001) / 100.0 else 0 end
    from generate_series(0, ${movements - 1}) g`);
  await db.execute(
    sql`update insumos set stock = (select sum(ingreso - salida) from movimientos where insumo_id = ${ins.id}) where id = ${ins.id}`,
  );
  const t0 = performance.now();
  await db.transaction((tx) => revalorizar(tx, new Map([[ins.id, '0001-01-01']])));
  const valueMs = performance.now() - t0;
  await db.execute(sql`analyze movimientos`);
  // The date with `later` movements of the supply on or after it.
  const [cut] = await rowsOf<{ fecha: string }>(
    db,
    sql`select fecha::text as fecha from movimientos where insumo_id = ${ins.id}
        order by fecha desc, id desc offset ${VALUATION.later} limit 1`,
  );
  const [later] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from movimientos where insumo_id = ${ins.id} and fecha >= ${cut.fecha}`,
  );
  const mid = addDays(start, Math.floor(days / 2));
  const [y, m] = mid.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return {
    insumoId: ins.id,
    maquinariaId: maq.id,
    operadorDni: '59000001',
    month: { fini: `${mid.slice(0, 8)}01`, ffin: last },
    backdate: cut.fecha,
    laterCount: later.n,
    valueMs,
  };
}

export interface ValuationResult {
  name: string;
  rows: number;
  median: number;
  p95: number;
  budget: number;
}

async function timed(runs: number, once: (i: number) => Promise<number>) {
  await once(-2);
  await once(-1);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = await once(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { rows, median: pick(0.5), p95: pick(0.95) };
}

export async function timeValuation(app: FastifyInstance, token: string, d: ValuationData, runs = 11): Promise<ValuationResult[]> {
  const headers = { authorization: `Bearer ${token}` };
  const kardex = (payload: object) => async () => {
    const res = await app.inject({ method: 'POST', url: '/api/movimientos/list', payload, headers });
    if (res.statusCode !== 200) throw new Error(`kardex: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    return (res.json() as unknown[]).length;
  };
  const out: ValuationResult[] = [];
  const month = await timed(runs, kardex({ insumo_id: d.insumoId, ...d.month }));
  out.push({ name: `valued kardex, 1 supply of ${VALUATION.movements} movements, 1 month`, ...month, budget: KARDEX_BUDGET_MS });
  const all = await timed(runs, kardex({ insumo_id: d.insumoId }));
  out.push({
    name: `valued kardex, 1 supply of ${VALUATION.movements} movements, all (first ${KARDEX_MAX_ROWS})`,
    ...all,
    budget: KARDEX_BUDGET_MS,
  });
  const exit = await timed(runs, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/salidas',
      headers,
      payload: {
        nro_vale: `VB-${i + 3}`,
        fecha: d.backdate,
        maquinaria_id: d.maquinariaId,
        operador_dni: d.operadorDni,
        salidas_det: [{ insumo_id: d.insumoId, cantidad: 1 }],
      },
    });
    if (res.statusCode !== 201) throw new Error(`backdated exit: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    return d.laterCount;
  });
  out.push({ name: `backdated exit before ${d.laterCount} later movements of its supply`, ...exit, budget: BACKDATED_BUDGET_MS });
  return out;
}
