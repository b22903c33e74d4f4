// The one place where the kardex is valued (docs/costs.md, "Weighted average"); it lives in the database layer because
// the seed and the restore value the ledger too. Every write of a movement ends here:
// from the earliest date it touched, each later movement of the supply is valued again in (fecha, id) order and its
// running balance rewritten, inside the caller's transaction and under the caller's lock of the supply row.
//
// Quantities and values are integer cents while computing. An entry brings its purchase price; a surplus of a count
// comes in at the average; an exit or a shortage leaves at the average of its point in the ledger, and the exit that
// empties the supply takes the whole remaining value, so a supply with no stock is worth exactly nothing.
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { insumos, movimientos } from './schema/index';
import { rowsOf } from '../lib/sql';

/** Supplies whose ledger changed, each with the earliest date touched ('YYYY-MM-DD'). */
export type Afectados = Map<number, string>;

/** Adds (supply, date) to the set, keeping the earliest date per supply. */
export function afectar(out: Afectados, insumoId: number, fecha: string): Afectados {
  const prev = out.get(insumoId);
  if (prev === undefined || fecha < prev) out.set(insumoId, fecha);
  return out;
}

interface LedgerRow {
  id: number;
  tipo: string;
  ingreso: number;
  salida: number;
  costo_unitario: number;
  importe: number;
  saldo_cantidad: number;
  saldo_importe: number;
}

/** A unit cost in soles per unit, kept to 4 decimals like the column. */
const cost4 = (n: number): number => Math.round(n * 10_000) / 10_000;
const cents = (n: number): number => Math.round(n * 100);

/**
 * Values the ledger of every supply from its earliest touched date on, then the supply's average and stock value.
 * `nuevos`: for a supply whose only change is movements just inserted on that date (the smallest new id), the pass
 * starts at them: the rows of the date before them (smaller ids) did not move. A replay of a day's exits on one supply
 * otherwise read every earlier exit of the day again for each new one.
 */
export async function revalorizar(tx: Db, afectados: Afectados, nuevos?: ReadonlyMap<number, number>): Promise<void> {
  const ids = [...afectados.keys()].sort((a, b) => a - b);
  for (const insumoId of ids) await revalorizarInsumo(tx, insumoId, afectados.get(insumoId) ?? '0001-01-01', nuevos?.get(insumoId) ?? 0);
}

async function revalorizarInsumo(tx: Db, insumoId: number, desde: string, desdeId: number): Promise<void> {
  // The balance just before (desde, desdeId): the last movement before it in (fecha, id) order (the index on
  // (insumo_id, fecha, id) serves it). desdeId 0: the last movement of an earlier date.
  const [anchor] = await rowsOf<LedgerRow>(
    tx,
    sql`select m.costo_unitario::float8 as costo_unitario, m.saldo_cantidad::float8 as saldo_cantidad,
          m.saldo_importe::float8 as saldo_importe
        from ${movimientos} m where m.insumo_id = ${insumoId} and (m.fecha, m.id) < (${desde}::date, ${desdeId}::bigint)
        order by m.fecha desc, m.id desc limit 1`,
  );
  let q = cents(anchor?.saldo_cantidad ?? 0);
  let v = cents(anchor?.saldo_importe ?? 0);
  let avg = q > 0 ? v / q : (anchor?.costo_unitario ?? 0);
  const rows = await rowsOf<LedgerRow>(
    tx,
    sql`select m.id::float8 as id, m.tipo, m.ingreso::float8 as ingreso, m.salida::float8 as salida,
          m.costo_unitario::float8 as costo_unitario, m.importe::float8 as importe,
          m.saldo_cantidad::float8 as saldo_cantidad, m.saldo_importe::float8 as saldo_importe
        from ${movimientos} m where m.insumo_id = ${insumoId} and (m.fecha, m.id) >= (${desde}::date, ${desdeId}::bigint)
        order by m.fecha, m.id`,
  );
  const changed: { id: number; costo: number; importe: number; q: number; v: number }[] = [];
  for (const r of rows) {
    const inQ = cents(r.ingreso);
    const outQ = cents(r.salida);
    let costo: number;
    let importe: number;
    if (inQ > 0) {
      // An entry keeps its purchase price; a count's surplus comes in at the average, so it leaves the average as it is.
      costo = r.tipo === 'INGRESO' ? r.costo_unitario : cost4(avg);
      importe = Math.round(inQ * costo);
      q += inQ;
      v += importe;
    } else {
      costo = cost4(avg);
      // The exit that takes the whole stock takes its whole value (no cent left behind by rounding).
      importe = q > 0 && outQ >= q ? v + Math.round((outQ - q) * avg) : Math.round(outQ * avg);
      q -= outQ;
      v -= importe;
    }
    // The average after a row depends only on what is stored with it (the balance, or the row's unit cost when the
    // balance is not positive), exactly as the anchor reads it: a pass that starts at any date values the later
    // rows as a pass from the first movement does. (Carrying the previous average across an exit instead let the
    // cent an exit rounds away make a partial pass and a full pass disagree.)
    avg = q > 0 ? v / q : costo;
    const next = { id: r.id, costo, importe, q, v };
    if (
      cost4(r.costo_unitario) !== costo ||
      cents(r.importe) !== importe ||
      cents(r.saldo_cantidad) !== q ||
      cents(r.saldo_importe) !== v
    ) {
      changed.push(next);
    }
  }
  if (changed.length > 0) {
    // One statement for every changed row (arrays as text, which both drivers pass the same way). The supply and date
    // repeat the read's range so the join reads those rows through their index; on the id alone the planner hashed
    // the whole table (200,000 movements: 400 ms before writing a row).
    const list = (f: (c: (typeof changed)[number]) => number): string => changed.map(f).join(',');
    await tx.execute(
      sql`update ${movimientos} as m set costo_unitario = v.costo, importe = v.importe, saldo_cantidad = v.q, saldo_importe = v.v
          from (select unnest(string_to_array(${list((c) => c.id)}, ',')::bigint[]) as id,
                       unnest(string_to_array(${list((c) => c.costo)}, ',')::numeric[]) as costo,
                       unnest(string_to_array(${list((c) => c.importe / 100)}, ',')::numeric[]) as importe,
                       unnest(string_to_array(${list((c) => c.q / 100)}, ',')::numeric[]) as q,
                       unnest(string_to_array(${list((c) => c.v / 100)}, ',')::numeric[]) as v) as v
          where m.id = v.id and m.insumo_id = ${insumoId} and m.fecha >= ${desde}`,
    );
  }
  await tx
    .update(insumos)
    .set({ costo_promedio: cost4(avg), valor_stock: v / 100 })
    .where(sql`${insumos.id} = ${insumoId}`);
}

/** Values the whole ledger of every supply (the demo seed, a restore): one pass per supply from its first movement. */
export async function revalorizarInsumos(tx: Db): Promise<void> {
  const ids = await rowsOf<{ insumo_id: number }>(tx, sql`select distinct insumo_id from ${movimientos}`);
  await revalorizar(tx, new Map(ids.map((r) => [r.insumo_id, '0001-01-01'])));
}
