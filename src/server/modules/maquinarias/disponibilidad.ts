// Machine state history and downtime (docs/architecture.md, "Machine state"): the intervals of
// `maquinarias_estados` that meet a date range, with the user's name, and per machine the time not OPERATIVO within
// the range (up to now, from its registration) with its availability. Read by the machinery endpoints and the
// machine's record (hoja de vida).
import { sql, type SQL } from 'drizzle-orm';
import { ESTADOS_MAX, type DisponibilidadRow, type EstadoIntervalo } from '@shared/contract/maquinarias';
import type { Db } from '../../db/client';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';

/** Start (Lima midnight of `fini`) and end (Lima midnight after `ffin`, never after now) of a range of days. */
export const rangeStart = (fini: string): SQL => sql`(${fini}::date::timestamp at time zone 'America/Lima')`;
export const rangeEnd = (ffin: string): SQL => sql`least(now(), (${ffin}::date + 1)::timestamp at time zone 'America/Lima')`;

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The intervals of one machine that meet the range, newest first, at most ESTADOS_MAX (or `limit`). */
export function estadosOf(
  db: Db,
  maquinariaId: number,
  fini: string,
  ffin: string,
  limit = ESTADOS_MAX,
): Promise<JsonRows<EstadoIntervalo>> {
  return jsonRows(
    db,
    sql`select e.id, e.maquinaria_id, e.estado, ${iso(sql`e.desde`)} as desde,
        case when e.hasta is null then null else ${iso(sql`e.hasta`)} end as hasta,
        e.origen, e.ref_id, e.motivo, coalesce(nullif(u.full_name, ''), u.username) as usuario
      from maquinarias_estados e
      left join usuarios u on u.id = e.user_id
      where e.maquinaria_id = ${maquinariaId}
        and e.desde < (${ffin}::date + 1)::timestamp at time zone 'America/Lima'
        and (e.hasta is null or e.hasta > ${rangeStart(fini)})
      order by e.desde desc, e.id desc
      limit ${limit}`,
  );
}

/**
 * Per machine (one, or all with `maquinariaId` null): the hours of the range it was known (from its first interval,
 * up to now) and the hours of it not OPERATIVO, each interval clipped to the range. Set-based: one pass over the
 * intervals that meet the range (index maquinarias_estados_maq_idx).
 */
export function disponibilidadQuery(maquinariaId: number | null, fini: string, ffin: string): SQL {
  const only = maquinariaId ? sql`and m.id = ${maquinariaId}` : sql``;
  return sql`with r as (select ${rangeStart(fini)} as ini, ${rangeEnd(ffin)} as fin),
    t as (
      select e.maquinaria_id,
        min(greatest(e.desde, r.ini)) as desde,
        sum(case when e.estado <> 0
          then greatest(0, extract(epoch from least(coalesce(e.hasta, now()), r.fin) - greatest(e.desde, r.ini)))
          else 0 end) as detenida
      from maquinarias_estados e, r
      where e.desde < r.fin and (e.hasta is null or e.hasta > r.ini)
        ${maquinariaId ? sql`and e.maquinaria_id = ${maquinariaId}` : sql``}
      group by e.maquinaria_id
    ),
    p as (
      select m.id as maquinaria_id, m.placa, m.descripcion, m.estado,
        greatest(0, extract(epoch from r.fin - coalesce(t.desde, r.fin))) as periodo, coalesce(t.detenida, 0) as detenida
      from maquinarias m cross join r left join t on t.maquinaria_id = m.id
      where true ${only}
    )
    select maquinaria_id, placa, descripcion, estado,
      round((periodo / 3600)::numeric, 2)::float8 as horas_periodo,
      round((detenida / 3600)::numeric, 2)::float8 as horas_detenida,
      case when periodo > 0 then round((100 * (1 - detenida / periodo))::numeric, 2)::float8 else 100 end as disponibilidad
    from p
    order by placa desc, maquinaria_id`;
}

export function listDisponibilidad(db: Db, maquinariaId: number | null, fini: string, ffin: string): Promise<JsonRows<DisponibilidadRow>> {
  return jsonRows(db, disponibilidadQuery(maquinariaId, fini, ffin));
}

export async function disponibilidadOf(db: Db, maquinariaId: number, fini: string, ffin: string): Promise<DisponibilidadRow | null> {
  const [row] = await rowsOf<DisponibilidadRow>(db, disponibilidadQuery(maquinariaId, fini, ffin));
  return row ?? null;
}
