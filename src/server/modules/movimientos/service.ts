// Kardex: ledger rows per supply with the running balance (window function) plus the opening balance
// before `fini` (the stock less the movements since); 'Todos' pages by KARDEX_MAX_ROWS (next page offset in the X-Next-Offset header).
import { sql, type SQL } from 'drizzle-orm';
import { KARDEX_MAX_ROWS, type MovimientoRow } from '@shared/contract/movimientos';
import { fromCents, toCents } from '@shared/domain/money';
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

interface RawRow extends Omit<MovimientoRow, 'saldo'> {
  run: number;
}

export async function kardex(db: Db, f: KardexFilter): Promise<{ rows: MovimientoRow[]; nextOffset: number | null }> {
  const limit = f.limit ?? KARDEX_MAX_ROWS;
  const offset = f.offset ?? 0;
  const conds: SQL[] = [sql`true`];
  if (f.insumo_id) conds.push(sql`m.insumo_id = ${f.insumo_id}`);
  if (f.fini) conds.push(sql`m.fecha >= ${f.fini}`);
  if (f.ffin) conds.push(sql`m.fecha <= ${f.ffin}`);
  const where = sql.join(conds, sql` and `);
  // The window runs over the filtered range in index order; LIMIT stops it once the page is full.
  const raw = await rowsOf<RawRow>(
    db,
    sql`select m.id::float8 as id, m.insumo_id, i.insumo_codigo, i.insumo_name, m.fecha::text as fecha, m.tipo, m.proveedor,
          m.nro_guiaremision, m.ingreso::float8 as ingreso, m.salida::float8 as salida,
          (sum(m.ingreso - m.salida) over (partition by m.insumo_id order by m.fecha, m.id rows unbounded preceding))::float8 as run
        from ${movimientos} m join ${insumos} i on i.id = m.insumo_id
        where ${where}
        order by m.insumo_id, m.fecha, m.id
        limit ${limit + 1} offset ${offset}`,
  );
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const opening = new Map<number, number>();
  if (f.fini && page.length > 0) {
    const ids = [...new Set(page.map((r) => r.insumo_id))];
    // The balance before fini is the stock less what moved since: the movements since a recent date are few, where
    // summing every earlier movement grew with the years (the stock is only ever changed by a movement).
    const open = await rowsOf<{ insumo_id: number; saldo: number }>(
      db,
      sql`select i.id as insumo_id,
            (i.stock - coalesce((select sum(m.ingreso - m.salida) from ${movimientos} m
                                 where m.insumo_id = i.id and m.fecha >= ${f.fini}), 0))::float8 as saldo
          from ${insumos} i where i.id in (${intList(ids)})`,
    );
    for (const o of open) opening.set(o.insumo_id, toCents(o.saldo));
  }
  const rows = page.map(({ run, ...r }) => ({ ...r, id: Number(r.id), saldo: fromCents((opening.get(r.insumo_id) ?? 0) + toCents(run)) }));
  return { rows, nextOffset: more ? offset + limit : null };
}
