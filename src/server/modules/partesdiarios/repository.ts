// Daily report queries: one SQL for the list, a report and a valuation's reports, each row with its
// machine, operator, activity and its service line (the first line of the report).
import { sql, type SQL } from 'drizzle-orm';
import type { ParteDetail, ParteRow } from '@shared/contract/partesdiarios';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { actividades, costosDet, maquinarias, operadores, partesDiarios, partesDiariosDet } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';
import { isoTimestamp } from '../../lib/timestamps';

type Raw = Omit<ParteRow, 'unidad'> & { unidad: string; pd_detalle_id: number; precio: number };

export interface ParteFilter {
  maquinaria_id?: number | null;
  fini?: string | null;
  ffin?: string | null;
  sin_valorizar?: boolean | null;
  valoriza_id?: number;
  parte_id?: number;
}

function whereOf(f: ParteFilter): SQL {
  const p = partesDiarios;
  const parts: SQL[] = [sql`true`];
  if (f.parte_id) parts.push(sql`${p.parte_id} = ${f.parte_id}`);
  if (f.maquinaria_id) parts.push(sql`${p.maquinaria_id} = ${f.maquinaria_id}`);
  if (f.fini) parts.push(sql`${p.fecha} >= ${f.fini}`);
  if (f.ffin) parts.push(sql`${p.fecha} <= ${f.ffin}`);
  if (f.sin_valorizar) parts.push(sql`${p.valoriza_id} is null`);
  if (f.valoriza_id) parts.push(sql`${p.valoriza_id} = ${f.valoriza_id}`);
  return sql.join(parts, sql` and `);
}

/** The reports of the filter, newest first; `detail` adds the line id and the cost line's current price. */
function query(f: ParteFilter, detail: boolean): SQL {
  const p = partesDiarios;
  return sql`select ${p.parte_id} as parte_id, ${p.nro_parte_interno} as nro_parte_interno, to_char(${p.fecha}, 'YYYY-MM-DD') as fecha,
          ${p.maquinaria_id} as maquinaria_id, m.descripcion as maquinaria, m.placa,
          ${p.operador_id} as operador_id, o.dni as dni_operador, o.nombres as nombre_operador,
          ${p.actividad_id} as actividad_id, a.activ_nombre as actividad,
          d.costo_det_id, c.descripcion as servicio, d.unidad,
          d.cantid::float8 as cantid, d.preuni::float8 as preuni, d.pretot::float8 as pretot,
          ${p.monto}::float8 as monto, ${p.valoriza_id} as valoriza_id, m.horometro,
          ${p.horometro_inicial}::float8 as horometro_inicial, ${p.horometro_final}::float8 as horometro_final,
          ${isoTimestamp(p.created_at)} as created_at
          ${detail ? sql`, d.pd_detalle_id, c.precio::float8 as precio` : sql``}
        from ${p}
        join ${maquinarias} m on m.id = ${p.maquinaria_id}
        join ${operadores} o on o.operador_id = ${p.operador_id}
        join ${actividades} a on a.id = ${p.actividad_id}
        join lateral (select * from ${partesDiariosDet} x where x.parte_id = ${p.parte_id} order by x.pd_detalle_id limit 1) d on true
        join ${costosDet} c on c.costo_det_id = d.costo_det_id
        where ${whereOf(f)}
        order by ${p.fecha} desc, ${p.created_at} desc, ${p.parte_id} desc`;
}

const select = (db: Db, f: ParteFilter) => rowsOf<Raw>(db, query(f, true));

const toDetail = ({ pd_detalle_id, precio, ...r }: Raw): ParteDetail => ({
  ...r,
  unidad: r.unidad as ParteRow['unidad'],
  operador: { operador_id: r.operador_id, dni: r.dni_operador, nombres: r.nombre_operador },
  partesdiarios_det: {
    pd_detalle_id,
    parte_id: r.parte_id,
    costo_det_id: r.costo_det_id,
    servicio: r.servicio,
    unidad: r.unidad as ParteRow['unidad'],
    cantid: r.cantid,
    old_cantidad: r.cantid,
    preuni: r.preuni,
    pretot: r.pretot,
    costos_det: { costo_det_id: r.costo_det_id, precio },
  },
});

/** The list: machine (0 = all), date range, optionally only unbilled; newest first. */
export function listPartes(db: Db, f: ParteFilter): Promise<JsonRows<ParteRow>> {
  return jsonRows(db, query(f, false));
}

export async function getParte(db: Db, id: number): Promise<ParteDetail> {
  const [row] = await select(db, { parte_id: id });
  if (!row) throw notFound(MSG.reportNotFound(id));
  return toDetail(row);
}

/** The reports a valuation bills, oldest first (the order of the valuation's table and PDF). */
export async function partesOfValoriza(db: Db, valorizaId: number): Promise<ParteDetail[]> {
  return (await select(db, { valoriza_id: valorizaId })).reverse().map(toDetail);
}
