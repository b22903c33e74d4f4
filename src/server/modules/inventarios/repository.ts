// Physical count queries: the kardex quantity of supplies at the end of a date (the running balance of their last
// movement on or before it), the sheets list with their counts and adjustment values, and one sheet with its lines.
import { sql, type SQL } from 'drizzle-orm';
import {
  INVENTARIOS_LIST_LIMIT,
  type InventarioDetail,
  type InventarioLinea,
  type InventarioListBody,
  type InventarioRow,
} from '@shared/contract/inventarios';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, inventarios, inventariosDet, movimientos, unimeds, usuarios } from '../../db/schema/index';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';

/**
 * The kardex balance of a supply at the end of `fecha` (SQL, for a lateral join): its quantity and its average unit
 * cost there, as the valuation engine would value a movement added at the end of that day.
 */
const saldoAl = (insumoId: SQL, fecha: SQL, when: SQL = sql`true`) => sql`
  select m.saldo_cantidad as cantidad,
         case when m.saldo_cantidad > 0 then round(m.saldo_importe / m.saldo_cantidad, 4) else m.costo_unitario end as costo
  from ${movimientos} m where ${when} and m.insumo_id = ${insumoId} and m.fecha <= ${fecha}
  order by m.fecha desc, m.id desc limit 1`;

/** Rewrites `stock_sistema` of every line of the sheet with the kardex quantity at the end of its date. */
export async function refreshStockSistema(tx: Db, inventarioId: number, fecha: string): Promise<void> {
  await tx.execute(sql`
    update ${inventariosDet} d set stock_sistema = coalesce(s.cantidad, 0)
    from ${inventariosDet} d2 left join lateral (${saldoAl(sql`d2.insumo_id`, sql`${fecha}::date`)}) s on true
    where d2.id = d.id and d.inventario_id = ${inventarioId}`);
}

/**
 * The lines of the sheets matching `where` (on `inv`), with their difference, unit cost and signed amount: the booked
 * AJUSTE's once approved; before, estimated at the average of the sheet's date (with `estimateAll` false, the list's
 * case, the average is read for drafts only: the check sits inside the lateral, so an approved sheet costs no probe).
 */
const lineas = (where: SQL, estimateAll: boolean) => sql`
  select d.id as inventario_det_id, d.inventario_id, d.insumo_id, i.insumo_codigo, i.insumo_name, u.unimed_abrev as unimed,
         d.stock_sistema::float8 as stock_sistema, d.cantidad_contada::float8 as cantidad_contada, d.motivo,
         (d.cantidad_contada - d.stock_sistema)::float8 as diferencia,
         coalesce(a.costo_unitario, p.costo, 0)::float8 as costo_unitario,
         (case when a.id is not null then case when a.ingreso > 0 then a.importe else -a.importe end
               when inv.estado = 'BORRADOR' then coalesce(round((d.cantidad_contada - d.stock_sistema) * p.costo, 2), 0)
               else 0 end)::float8 as importe
  from ${inventariosDet} d
  join ${inventarios} inv on inv.id = d.inventario_id
  join ${insumos} i on i.id = d.insumo_id
  join ${unimeds} u on u.unimed_id = i.unimed_id
  left join ${movimientos} a on a.inventario_det_id = d.id
  left join lateral (${saldoAl(sql`d.insumo_id`, sql`inv.fecha`, estimateAll ? sql`true` : sql`inv.estado = 'BORRADOR'`)}) p on true
  where ${where}`;

/** The head fields and totals of the sheets matching `where` (on `inv`), from their lines `l`. */
const sheets = (where: SQL, estimateAll: boolean) => sql`
  select inv.id, inv.fecha::text as fecha, inv.descripcion, inv.estado,
         count(l.inventario_det_id)::int as lineas,
         count(l.cantidad_contada)::int as contadas,
         count(*) filter (where l.diferencia > 0)::int as sobrantes,
         count(*) filter (where l.diferencia < 0)::int as faltantes,
         coalesce(sum(l.importe) filter (where l.importe > 0), 0)::float8 as valor_sobrantes,
         coalesce(-sum(l.importe) filter (where l.importe < 0), 0)::float8 as valor_faltantes,
         coalesce(uc.full_name, '') as usuario, ua.full_name as aprobado_por,
         to_char(inv.aprobado_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as aprobado_at,
         to_char(inv.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from ${inventarios} inv
  left join (${lineas(where, estimateAll)}) l on l.inventario_id = inv.id
  left join ${usuarios} uc on uc.id = inv.user_id
  left join ${usuarios} ua on ua.id = inv.aprobado_por
  where ${where}
  group by inv.id, uc.full_name, ua.full_name`;

export function listInventarios(db: Db, f: InventarioListBody): Promise<JsonRows<InventarioRow>> {
  const conds: SQL[] = [sql`true`];
  if (f.estado) conds.push(sql`inv.estado = ${f.estado}`);
  if (f.fini) conds.push(sql`inv.fecha >= ${f.fini}`);
  if (f.ffin) conds.push(sql`inv.fecha <= ${f.ffin}`);
  const where = sql.join(conds, sql` and `);
  return jsonRows(db, sql`${sheets(where, false)} order by inv.fecha desc, inv.id desc`, INVENTARIOS_LIST_LIMIT);
}

export async function inventarioDetailOf(db: Db, id: number): Promise<InventarioDetail> {
  const where = sql`inv.id = ${id}`;
  const [head] = await rowsOf<InventarioRow>(db, sheets(where, true));
  if (!head) throw notFound(MSG.inventarioNotFound);
  const detalle = await rowsOf<InventarioLinea & { inventario_id?: number }>(
    db,
    sql`${lineas(where, true)} order by i.insumo_codigo, d.id`,
  );
  return { ...head, detalle: detalle.map(({ inventario_id: _sheet, ...l }) => l) };
}
