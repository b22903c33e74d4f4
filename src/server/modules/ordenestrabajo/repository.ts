// Work order queries: the list (state, machine, creation date, assigned to the caller; bounded, newest first) and
// one order with its checklist, labour, parts (its warehouse exit's lines with their stock), photos and repairs, as
// one JSON value built by the database.
import { sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@shared/auth/permissions';
import { ORDEN_LIST_MAX, type OrdenDetail, type OrdenListBody, type OrdenRow, type TecnicoRow } from '@shared/contract/ordenestrabajo';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** '2026-0012': the year and the number within it. */
export const codigoSql = sql`o.anio::text || '-' || lpad(o.numero::text, 4, '0')`;
export const codigoOf = (o: { anio: number; numero: number }) => `${o.anio}-${String(o.numero).padStart(4, '0')}`;

const rowColumns = sql`o.ot_id, o.uid, o.anio, o.numero, ${codigoSql} as codigo, o.maquinaria_id, m.placa,
  m.descripcion as maquinaria, m.horometro, o.origen, o.tipo, o.prioridad, o.estado, o.descripcion,
  to_char(o.fecha_programada, 'YYYY-MM-DD') as fecha_programada, ${iso(sql`o.inicio`)} as inicio, ${iso(sql`o.fin`)} as fin,
  o.maquina_detenida, o.tarea_id, o.falla_id,
  coalesce((select json_agg(json_build_object('usuario_id', u.id, 'nombre', coalesce(nullif(u.full_name, ''), u.username)) order by u.id)
    from ordenes_trabajo_asignados a join usuarios u on u.id = a.usuario_id where a.ot_id = o.ot_id), '[]'::json) as asignados,
  coalesce((select string_agg(coalesce(nullif(u.full_name, ''), u.username), ', ' order by u.id)
    from ordenes_trabajo_asignados a join usuarios u on u.id = a.usuario_id where a.ot_id = o.ot_id), '') as asignados_text,
  ${iso(sql`o.created_at`)} as created_at`;

/** created_at as a Lima date (the list's date filter). */
const limaDay = sql`(o.created_at at time zone 'America/Lima')::date`;

export function listOrdenes(db: Db, f: OrdenListBody, userId: number | null): Promise<JsonRows<OrdenRow>> {
  const where: SQL[] = [sql`true`];
  if (f.maquinaria_id) where.push(sql`o.maquinaria_id = ${f.maquinaria_id}`);
  if (f.estado) where.push(sql`o.estado = ${f.estado}`);
  if (f.fini) where.push(sql`${limaDay} >= ${f.fini}::date`);
  if (f.ffin) where.push(sql`${limaDay} <= ${f.ffin}::date`);
  if (f.mias) where.push(sql`exists (select 1 from ordenes_trabajo_asignados a where a.ot_id = o.ot_id and a.usuario_id = ${userId ?? 0})`);
  return jsonRows(
    db,
    sql`select ${rowColumns} from ordenes_trabajo o join maquinarias m on m.id = o.maquinaria_id
      where ${sql.join(where, sql` and `)} order by o.created_at desc, o.ot_id desc limit ${ORDEN_LIST_MAX}`,
  );
}

const detailColumns = sql`${rowColumns}, o.horometro_cierre, o.notas, o.motivo_anulacion,
  (select t.nombre from planes_tareas t where t.tarea_id = o.tarea_id) as tarea_nombre,
  (select f.descripcion from fallas f where f.falla_id = o.falla_id) as falla_descripcion,
  (select s.id from salidas s where s.ot_id = o.ot_id) as salida_id,
  coalesce((select json_agg(json_build_object('id', c.id, 'orden', c.orden, 'descripcion', c.descripcion,
      'resultado', c.resultado, 'nota', c.nota, 'falla_id', c.falla_id) order by c.orden, c.id)
    from ordenes_trabajo_checklist c where c.ot_id = o.ot_id), '[]'::json) as checklist,
  coalesce((select json_agg(json_build_object('id', l.id, 'usuario_id', l.usuario_id, 'nombre', l.nombre,
      'fecha', to_char(l.fecha, 'YYYY-MM-DD'), 'horas', l.horas) order by l.fecha, l.id)
    from ordenes_trabajo_mano_obra l where l.ot_id = o.ot_id), '[]'::json) as mano_obra,
  coalesce((select json_agg(json_build_object('salida_det_id', d.salida_det_id, 'insumo_id', d.insumo_id,
      'insumo_codigo', i.insumo_codigo, 'insumo_name', i.insumo_name, 'unimed', u.unimed_abrev, 'cantidad', d.cantidad,
      'stock', i.stock, 'insumo_maq_id', d.insumo_maq_id, 'observacion', d.observacion) order by d.salida_det_id)
    from salidas s join salidas_det d on d.salida_id = s.id join insumos i on i.id = d.insumo_id
      join unimeds u on u.unimed_id = i.unimed_id where s.ot_id = o.ot_id), '[]'::json) as repuestos,
  coalesce((select json_agg(json_build_object('id', p.id, 'ot_id', p.ot_id, 'mime', p.mime, 'size', p.size,
      'width', p.width, 'height', p.height, 'created_at', ${iso(sql`p.created_at`)}, 'usuario', pu.username) order by p.id)
    from fotos p left join usuarios pu on pu.id = p.user_id where p.ot_id = o.ot_id), '[]'::json) as fotos,
  coalesce((select json_agg(json_build_object('reparacion_id', r.reparacion_id, 'nro_orden', r.nro_orden,
      'descripcion', r.descripcion) order by r.reparacion_id)
    from reparaciones r where r.ot_id = o.ot_id), '[]'::json) as reparaciones`;

/** One order by its uid, or null. */
export async function findOrden(db: Db, uid: string): Promise<OrdenDetail | null> {
  const [r] = await rowsOf<{ d: OrdenDetail | string }>(
    db,
    sql`select row_to_json(t) as d from (select ${detailColumns}
      from ordenes_trabajo o join maquinarias m on m.id = o.maquinaria_id where o.uid = ${uid}) t`,
  );
  if (!r) return null;
  const d = typeof r.d === 'string' ? (JSON.parse(r.d) as OrdenDetail) : r.d;
  return { ...d, horometro_cierre: d.horometro_cierre === null ? null : Number(d.horometro_cierre) };
}

export async function getOrden(db: Db, uid: string): Promise<OrdenDetail> {
  const d = await findOrden(db, uid);
  if (!d) throw notFound(MSG.ordenNotFound);
  return d;
}

/** Active users holding the code that executes orders, by name (bounded like any list). */
export function listTecnicos(db: Db): Promise<JsonRows<TecnicoRow>> {
  return jsonRows(
    db,
    sql`select u.id as usuario_id, coalesce(nullif(u.full_name, ''), u.username) as nombre from usuarios u
      where u.estado = 1 and ${ROLE.ordenEjecutar}::int = any(u.roles) order by 2 limit ${ORDEN_LIST_MAX}`,
  );
}
