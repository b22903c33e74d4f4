// The queries of a machine's record (docs/architecture.md, "Hoja de vida"): the meter over time, the open work orders
// and one timeline of what happened to the machine, each one set-based statement bounded by the date range and a
// number of rows, on the indexes by machine and date of each table.
import { sql, type SQL } from 'drizzle-orm';
import {
  HOJA_MAX_EVENTOS,
  HOJA_MAX_LECTURAS,
  type EventoTipo,
  type HojaEvento,
  type HojaLectura,
  type HojaOrden,
} from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import type { Db } from '../../db/client';
import { jsonRows } from '../../lib/json-rows';
import { ORDENES_ABIERTAS } from '../maquinarias/estados';

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const limaDay = (col: SQL) => sql`(${col} at time zone 'America/Lima')::date`;
const usuario = (alias: string) => sql.raw(`coalesce(nullif(${alias}.full_name, ''), ${alias}.username)`);
const texts = (list: readonly string[]) =>
  sql`(array[${sql.join(
    list.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[])`;

/**
 * The machine's meter at the end of each day with reports in the range: the day's newest reading (horómetro final)
 * when the reports carry readings, else its meter at registration plus the running total of its meter summary.
 * The newest HOJA_MAX_LECTURAS days, oldest first.
 */
export async function lecturasOf(db: Db, maquinariaId: number, fini: string, ffin: string): Promise<HojaLectura[]> {
  return JSON.parse(
    await jsonRows<HojaLectura>(
      db,
      sql`select fecha, medidor from (
          select s.fecha,
            coalesce(
              (select max(pd.horometro_final) from partes_diarios pd where pd.maquinaria_id = s.maquinaria_id and pd.fecha = s.fecha),
              m.horometro_inicial + case when m.horometro then s.horas_acum else s.km_acum end
            ) as medidor
          from partes_diarios_medidor s join maquinarias m on m.id = s.maquinaria_id
          where s.maquinaria_id = ${maquinariaId} and s.fecha between ${fini}::date and ${ffin}::date
          order by s.fecha desc
          limit ${HOJA_MAX_LECTURAS}
        ) l order by fecha`,
    ),
  ) as HojaLectura[];
}

/** The machine's work orders not yet closed nor cancelled, the oldest first. */
export async function ordenesAbiertasOf(db: Db, maquinariaId: number): Promise<HojaOrden[]> {
  return JSON.parse(
    await jsonRows<HojaOrden>(
      db,
      sql`select o.ot_id, o.anio, o.numero, o.tipo, o.prioridad, o.estado, o.descripcion, o.fecha_programada,
          o.maquina_detenida, ${iso(sql`o.created_at`)} as created_at
        from ordenes_trabajo o
        where o.maquinaria_id = ${maquinariaId} and o.estado in (${sql.join(
          ORDENES_ABIERTAS.map((e) => sql`${e}`),
          sql`, `,
        )})
        order by o.created_at, o.ot_id
        limit 200`,
    ),
  ) as HojaOrden[];
}

/** Each kind of entry of the timeline as a select of the same columns, over the machine and the range. */
function eventSelects(maquinariaId: number, fini: string, ffin: string): Record<EventoTipo, SQL> {
  const between = (col: SQL) => sql`${col} between ${fini}::date and ${ffin}::date`;
  const failureStates = texts(LABELS.failureState);
  const machineStates = texts(LABELS.machineState);
  const origen = sql`case e.origen ${sql.join(
    Object.entries(LABELS.estadosMaquina.origin).map(([k, v]) => sql`when ${k} then ${v}`),
    sql` `,
  )} else e.origen end`;
  return {
    FALLA: sql`select 'FALLA' as tipo, f.falla_id as id, ${limaDay(sql`f.created_at`)} as fecha, f.created_at as momento,
        f.descripcion as titulo, f.detalle, ${failureStates}[f.estado + 1] as estado, null::numeric as cantidad, ${usuario('u')} as usuario
      from fallas f left join usuarios u on u.id = f.user_id
      where f.maquinaria_id = ${maquinariaId} and ${between(limaDay(sql`f.created_at`))}`,
    REPARACION: sql`select 'REPARACION', r.reparacion_id, r.fecha, r.created_at, r.descripcion,
        concat_ws(' · ', r.servicio, r.proveedor, case when r.nro_orden is not null then concat('O/S ', r.nro_orden, '-', r.anio) end),
        null, null::numeric, null
      from reparaciones r
      where r.maquinaria_id = ${maquinariaId} and ${between(sql`r.fecha`)}`,
    CAMBIO: sql`select 'CAMBIO', c.id, c.fecha, c.created_at, i.insumo_name, c.observacion, null, c.horas_acumuladas, ${usuario('u')}
      from cambios_insumo c join insumos i on i.id = c.insumo_id left join usuarios u on u.id = c.user_id
      where c.maquinaria_id = ${maquinariaId} and ${between(sql`c.fecha`)}`,
    SALIDA: sql`select 'SALIDA', d.salida_det_id, s.fecha, s.created_at, i.insumo_name,
        concat('Vale N° ', s.nro_vale, coalesce(' · ' || d.observacion, '')), null, d.cantidad, ${usuario('u')}
      from salidas s join salidas_det d on d.salida_id = s.id join insumos i on i.id = d.insumo_id
      left join usuarios u on u.id = s.user_id
      where s.maquinaria_id = ${maquinariaId} and ${between(sql`s.fecha`)}`,
    PARTE: sql`select 'PARTE', p.parte_id, p.fecha, p.created_at, concat('Parte N° ', p.nro_parte_interno),
        concat_ws(' · ', a.activ_nombre, case when p.horometro_inicial is not null then concat(p.horometro_inicial, ' → ', p.horometro_final) end),
        case when p.valoriza_id is null then 'SIN VALORIZAR' else 'VALORIZADO' end,
        p.horometro_final - p.horometro_inicial, null
      from partes_diarios p left join actividades a on a.id = p.actividad_id
      where p.maquinaria_id = ${maquinariaId} and ${between(sql`p.fecha`)}`,
    ESTADO: sql`select 'ESTADO', e.id, ${limaDay(sql`e.desde`)}, e.desde, ${machineStates}[e.estado + 1],
        concat_ws(': ', ${origen}, e.motivo), case when e.hasta is null then ${LABELS.estadosMaquina.open} end,
        round((extract(epoch from coalesce(e.hasta, now()) - e.desde) / 3600)::numeric, 2), ${usuario('u')}
      from maquinarias_estados e left join usuarios u on u.id = e.user_id
      where e.maquinaria_id = ${maquinariaId} and ${between(limaDay(sql`e.desde`))}`,
    ORDEN: sql`select 'ORDEN', o.ot_id, ${limaDay(sql`o.created_at`)}, o.created_at,
        concat('OT ', o.anio, '-', lpad(o.numero::text, 4, '0'), ': ', o.descripcion), concat_ws(' · ', o.tipo, o.prioridad), o.estado, null::numeric, ${usuario('u')}
      from ordenes_trabajo o left join usuarios u on u.id = o.user_id
      where o.maquinaria_id = ${maquinariaId} and ${between(limaDay(sql`o.created_at`))}`,
  };
}

/**
 * The timeline: the entries of the kinds asked (all by default) in the range, newest first, at most
 * HOJA_MAX_EVENTOS (one more is read to say whether some were left out). One statement: a UNION ALL of one indexed
 * select per kind.
 */
export async function eventosOf(
  db: Db,
  maquinariaId: number,
  fini: string,
  ffin: string,
  tipos: readonly EventoTipo[] | undefined,
  limit = HOJA_MAX_EVENTOS,
): Promise<{ eventos: HojaEvento[]; truncados: boolean }> {
  const selects = eventSelects(maquinariaId, fini, ffin);
  const kinds = (tipos?.length ? [...new Set(tipos)] : (Object.keys(selects) as EventoTipo[])).map((k) => selects[k]);
  const rows = JSON.parse(
    await jsonRows<HojaEvento>(
      db,
      sql`select tipo, id, fecha, case when momento is null then null else ${iso(sql`momento`)} end as momento, titulo,
          nullif(detalle, '') as detalle, estado, cantidad, usuario
        from (${sql.join(kinds, sql` union all `)}) ev (tipo, id, fecha, momento, titulo, detalle, estado, cantidad, usuario)
        order by fecha desc, momento desc nulls last, tipo, id desc
        limit ${limit + 1}`,
    ),
  ) as HojaEvento[];
  return { eventos: rows.slice(0, limit), truncados: rows.length > limit };
}
