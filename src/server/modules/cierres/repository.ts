// Queries of the monthly close: the months with their state, one month's row, the valued stock a close stores
// (docs/costs.md, "Monthly close") and the stored report.
import { sql, type SQL } from 'drizzle-orm';
import type { CierreDetRow, CierreRow } from '@shared/contract/cierres';
import type { Db } from '../../db/client';
import { cierres, cierresDet, insumos, movimientos, unimeds, usuarios } from '../../db/schema/index';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';

/** How far back the list of months goes (20 years). */
const MAX_MESES = 240;

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const primerDia = (periodo: string) => `${periodo}-01`;

/** The row's columns for the months in `meses` (a relation with `ini date`). */
function monthRows(meses: SQL): SQL {
  return sql`select to_char(m.ini, 'YYYY-MM') as periodo, coalesce(c.estado, 'ABIERTO') as estado,
      (select count(*)::int from ${movimientos} x where x.fecha >= m.ini and x.fecha < (m.ini + interval '1 month')::date) as movimientos,
      ${iso(sql`c.cerrado_at`)} as cerrado_at, uc.full_name as cerrado_por,
      ${iso(sql`c.reabierto_at`)} as reabierto_at, ur.full_name as reabierto_por, c.motivo_reapertura
    from (${meses}) m
    left join ${cierres} c on c.periodo = to_char(m.ini, 'YYYY-MM')
    left join ${usuarios} uc on uc.id = c.cerrado_por
    left join ${usuarios} ur on ur.id = c.reabierto_por
    order by m.ini desc`;
}

/** Every month from the first with movements (or the first closed) to the last one that has ended, newest first. */
export function listCierres(db: Db, hoy: string): Promise<JsonRows<CierreRow>> {
  const ultimo = sql`(date_trunc('month', ${hoy}::date) - interval '1 month')`;
  const meses = sql`select g::date as ini
    from (select least((select date_trunc('month', min(fecha)) from ${movimientos}),
                       (select to_date(min(periodo) || '-01', 'YYYY-MM-DD') from ${cierres})) as d) b,
         generate_series(greatest(b.d, ${ultimo} - interval '${sql.raw(String(MAX_MESES - 1))} months'), ${ultimo}, interval '1 month') g
    where b.d is not null`;
  return jsonRows(db, monthRows(meses), MAX_MESES);
}

export async function cierreRowOf(db: Db, periodo: string): Promise<CierreRow> {
  const [row] = await rowsOf<CierreRow>(db, monthRows(sql`select ${primerDia(periodo)}::date as ini`));
  return row;
}

/** The state of one month, locked for the close or the reopening (null: never closed). */
export async function lockCierre(tx: Db, periodo: string): Promise<{ estado: string } | null> {
  const [row] = await rowsOf<{ estado: string }>(tx, sql`select estado from ${cierres} where periodo = ${periodo} for update`);
  return row ?? null;
}

export async function cerrados(tx: Db): Promise<string[]> {
  const rows = await rowsOf<{ periodo: string }>(tx, sql`select periodo from ${cierres} where estado = 'CERRADO' order by periodo`);
  return rows.map((r) => r.periodo);
}

/** The last month before `periodo` with a movement, or null. */
export async function mesAnteriorConMovimientos(tx: Db, periodo: string): Promise<string | null> {
  const [row] = await rowsOf<{ p: string | null }>(
    tx,
    sql`select to_char(max(fecha), 'YYYY-MM') as p from ${movimientos} where fecha < ${primerDia(periodo)}::date`,
  );
  return row?.p ?? null;
}

/**
 * Stores the month's valued stock by supply from the kardex's stored values: opening = the balance after the last
 * movement before the month, closing = after the last one in it; entries = INGRESO and count surpluses (`ingreso`),
 * exits = SALIDA and count shortages (`salida`), each with its `importe`. Supplies with no movement in the month and
 * a zero balance are left out.
 */
export async function guardarInventario(tx: Db, periodo: string): Promise<void> {
  const ini = primerDia(periodo);
  await tx.execute(sql`delete from ${cierresDet} where periodo = ${periodo}`);
  await tx.execute(sql`insert into ${cierresDet} (periodo, insumo_id, inicial_cantidad, inicial_importe, ingresos_cantidad,
        ingresos_importe, salidas_cantidad, salidas_importe, final_cantidad, final_importe)
      select ${periodo}, i.id, coalesce(a.q, 0), coalesce(a.v, 0), coalesce(m.iq, 0), coalesce(m.iv, 0), coalesce(m.sq, 0),
             coalesce(m.sv, 0), f.q, f.v
      from ${insumos} i
      cross join lateral (select x.saldo_cantidad as q, x.saldo_importe as v from ${movimientos} x
        where x.insumo_id = i.id and x.fecha < (${ini}::date + interval '1 month')::date order by x.fecha desc, x.id desc limit 1) f
      left join lateral (select x.saldo_cantidad as q, x.saldo_importe as v from ${movimientos} x
        where x.insumo_id = i.id and x.fecha < ${ini}::date order by x.fecha desc, x.id desc limit 1) a on true
      left join lateral (select sum(x.ingreso) as iq, sum(case when x.ingreso > 0 then x.importe else 0 end) as iv,
               sum(x.salida) as sq, sum(case when x.salida > 0 then x.importe else 0 end) as sv, count(*) as n
        from ${movimientos} x
        where x.insumo_id = i.id and x.fecha >= ${ini}::date and x.fecha < (${ini}::date + interval '1 month')::date) m on true
      where m.n > 0 or f.q <> 0 or f.v <> 0`);
}

export async function inventarioDe(db: Db, periodo: string): Promise<CierreDetRow[]> {
  return rowsOf<CierreDetRow>(
    db,
    sql`select d.insumo_id, i.insumo_codigo, i.insumo_name, coalesce(u.unimed_abrev, '') as unimed,
          d.inicial_cantidad::float8 as inicial_cantidad, d.inicial_importe::float8 as inicial_importe,
          d.ingresos_cantidad::float8 as ingresos_cantidad, d.ingresos_importe::float8 as ingresos_importe,
          d.salidas_cantidad::float8 as salidas_cantidad, d.salidas_importe::float8 as salidas_importe,
          d.final_cantidad::float8 as final_cantidad, d.final_importe::float8 as final_importe
        from ${cierresDet} d join ${insumos} i on i.id = d.insumo_id left join ${unimeds} u on u.unimed_id = i.unimed_id
        where d.periodo = ${periodo} order by i.insumo_name, i.insumo_codigo`,
  );
}

export async function borrarInventario(tx: Db, periodo: string): Promise<void> {
  await tx.execute(sql`delete from ${cierresDet} where periodo = ${periodo}`);
}
