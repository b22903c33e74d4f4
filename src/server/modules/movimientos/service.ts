// Valued kardex: the ledger rows of a supply (or all) in a date range with the values the valuation stored on each
// movement (unit cost, amount, running quantity and value), and before each supply's first movement of the range an
// opening-balance row: the balance of its last movement before `fini`, read back from that first movement (an index
// probe only where it cannot tell; never a sum of the years before). The all-supplies view pages by KARDEX_MAX_ROWS movements (next page offset in the X-Next-Offset header).
import { sql, type SQL } from 'drizzle-orm';
import { KARDEX_MAX_ROWS, SALDO_INICIAL, type MovimientoRow } from '@shared/contract/movimientos';
import type { Db } from '../../db/client';
import { insumos, movimientos } from '../../db/schema/index';
import { intList, rowsOf } from '../../lib/sql';

export interface KardexFilter {
  insumo_id?: number | null;
  fini?: string | null;
  ffin?: string | null;
  limit?: number | null;
  offset?: number | null;
}

export async function kardex(db: Db, f: KardexFilter): Promise<{ rows: MovimientoRow[]; nextOffset: number | null }> {
  const limit = f.limit ?? KARDEX_MAX_ROWS;
  const offset = f.offset ?? 0;
  const conds: SQL[] = [sql`true`];
  if (f.insumo_id) conds.push(sql`m.insumo_id = ${f.insumo_id}`);
  if (f.fini) conds.push(sql`m.fecha >= ${f.fini}`);
  if (f.ffin) conds.push(sql`m.fecha <= ${f.ffin}`);
  const where = sql.join(conds, sql` and `);
  // A later page also reads the row before it, to know whether its first supply began on the page before.
  const from = offset > 0 ? offset - 1 : 0;
  const raw = await rowsOf<MovimientoRow>(
    db,
    sql`select m.id::float8 as id, m.insumo_id, i.insumo_codigo, i.insumo_name, m.fecha::text as fecha, m.tipo, m.proveedor,
          m.nro_guiaremision, m.ingreso::float8 as ingreso, m.salida::float8 as salida,
          m.costo_unitario::float8 as costo_unitario, m.importe::float8 as importe,
          m.saldo_cantidad::float8 as saldo, m.saldo_importe::float8 as saldo_importe
        from ${movimientos} m join ${insumos} i on i.id = m.insumo_id
        where ${where}
        order by m.insumo_id, m.fecha, m.id
        limit ${limit + 1 + (offset - from)} offset ${from}`,
  );
  const before = offset > 0 ? raw.shift() : undefined;
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  if (!f.fini) return { rows: page, nextOffset: more ? offset + limit : null };

  // The first movement of the range of each supply that begins on this page (a single supply with none in the range
  // still gets its opening balance on the first page, from its last earlier movement).
  const firsts: number[] = [];
  let prev = before?.insumo_id;
  for (const r of page) {
    if (r.insumo_id !== prev) firsts.push(r.id);
    prev = r.insumo_id;
  }
  const opening =
    page.length === 0 && offset === 0 && f.insumo_id
      ? await openingRows(db, [f.insumo_id], f.fini)
      : await openingFromFirsts(db, firsts, f.fini);
  if (opening.size === 0) return { rows: page, nextOffset: more ? offset + limit : null };
  const rows: MovimientoRow[] = [];
  prev = before?.insumo_id;
  for (const r of page) {
    const o = r.insumo_id !== prev ? opening.get(r.insumo_id) : undefined;
    if (o) rows.push(o);
    rows.push(r);
    prev = r.insumo_id;
  }
  if (page.length === 0) rows.push(...opening.values());
  return { rows, nextOffset: more ? offset + limit : null };
}

/** The opening-balance row of a supply from its balance (quantity, value) and unit cost just before `fini`. */
const openingSelect = (fini: string) => sql`select -i.id as id, i.id as insumo_id, i.insumo_codigo, i.insumo_name, ${fini}::text as fecha,
    ${SALDO_INICIAL}::text as tipo, '' as proveedor, '' as nro_guiaremision, 0::float8 as ingreso, 0::float8 as salida,
    (case when a.saldo_cantidad > 0 then round(a.saldo_importe / a.saldo_cantidad, 4) else a.costo_unitario end)::float8 as costo_unitario,
    0::float8 as importe, a.saldo_cantidad::float8 as saldo, a.saldo_importe::float8 as saldo_importe`;

/**
 * The balance of each supply just before `fini` from its first movement of the range (`firsts`, movement ids): the
 * running balance stored with it less its own quantity and amount (the valuation keeps value_n = value_n-1 ± amount_n
 * exactly, db/valuation.ts), with no look at the years before. The unit cost of a non-positive balance is the last
 * earlier movement's, which a first exit or surplus carries too (valued at it); a first purchase does not, and a zero
 * balance may mean no earlier movement at all (no opening row): only those supplies are looked up in the index
 * (one backward probe each, whose cost grows with the ledger's size).
 */
async function openingFromFirsts(db: Db, firsts: number[], fini: string): Promise<Map<number, MovimientoRow>> {
  if (firsts.length === 0) return new Map();
  const rows = await rowsOf<MovimientoRow>(
    db,
    sql`with f as (
          select m.insumo_id, m.saldo_cantidad - m.ingreso + m.salida as saldo_cantidad,
            m.saldo_importe - case when m.ingreso > 0 then m.importe else -m.importe end as saldo_importe,
            m.costo_unitario, m.ingreso > 0 and m.tipo = 'INGRESO' as compra
          from ${movimientos} m where m.id in (${intList(firsts)})
        ),
        a as (
          select f.insumo_id, f.saldo_cantidad, f.saldo_importe, f.costo_unitario from f
          where f.saldo_cantidad > 0 or (f.saldo_importe <> 0 and not f.compra) or (f.saldo_cantidad < 0 and not f.compra)
          union all
          select f.insumo_id, p.saldo_cantidad, p.saldo_importe, p.costo_unitario from f
          cross join lateral (select m.saldo_cantidad, m.saldo_importe, m.costo_unitario from ${movimientos} m
                              where m.insumo_id = f.insumo_id and m.fecha < ${fini}
                              order by m.fecha desc, m.id desc limit 1) p
          where not (f.saldo_cantidad > 0 or (f.saldo_importe <> 0 and not f.compra) or (f.saldo_cantidad < 0 and not f.compra))
        )
        ${openingSelect(fini)} from a join ${insumos} i on i.id = a.insumo_id`,
  );
  return new Map(rows.map((r) => [r.insumo_id, r]));
}

/** The balance of each supply just before `fini`: its last earlier movement, found by the (insumo_id, fecha, id) index. */
async function openingRows(db: Db, ids: number[], fini: string): Promise<Map<number, MovimientoRow>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<MovimientoRow>(
    db,
    sql`${openingSelect(fini)}
        from ${insumos} i
        cross join lateral (select m.saldo_cantidad, m.saldo_importe, m.costo_unitario from ${movimientos} m
                            where m.insumo_id = i.id and m.fecha < ${fini}
                            order by m.fecha desc, m.id desc limit 1) a
        where i.id in (${intList(ids)})`,
  );
  return new Map(rows.map((r) => [r.insumo_id, r]));
}
