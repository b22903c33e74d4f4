// Part wear in SQL (docs/architecture.md, "Machinery and wear"): counters, bands, percentages and forecasts derived from the daily reports,
// never stored, so a report that arrives late from an offline device lands in the right place. The rules are
// those of src/shared/domain/wear.ts (the client's bars and projection); tests check both agree. Used by the
// machinery list, the parts of a machine, the wear PDF and the notification bell.
import { sql, type SQL } from 'drizzle-orm';
import type { MaquinariaInsumo } from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { MAX_FORECAST_DAYS, USAGE_WINDOW_DAYS, usageWindowStart } from '@shared/domain/wear';
import type { Db } from '../db/client';
import { jsonRows } from './json-rows';
import { intList } from './sql';

export { wearLevel as wearBand } from '@shared/domain/wear';

export interface WearFilter {
  /** Only these machines (none: every machine). */
  maquinariaIds?: readonly number[] | null;
  /** Only these part assignments. */
  insumoMaqIds?: readonly number[] | null;
  /** "Today" of the usage window and the forecasts (default: limaDate()). */
  today?: string;
}

/** The day a part was assigned, in Lima. */
export const assignDay = sql`(im.create_insumo_maq at time zone 'America/Lima')::date`;

/**
 * The machine's worked meter total up to a day (the running total `medido_acum` in `partes_diarios_medidor` at the
 * newest day on or before it; null when it has none). `day` omitted: every day, future ones too. One backward index
 * probe. `medido` is the readings' final − initial, or for a report without readings its HORA (hour meter) / KM
 * (odometer) quantity (docs/architecture.md, "Meter readings"), so it counts whatever the billing unit.
 */
export function meterTotal(maquinariaId: SQL, day?: SQL): SQL {
  return sql`(select s.medido_acum from partes_diarios_medidor s
    where s.maquinaria_id = ${maquinariaId} ${day ? sql`and s.fecha <= ${day}` : sql``} order by s.fecha desc limit 1)`;
}

/**
 * What the machine's reports of day `day` with readings worked above `reading` (the part of the day after a part
 * change at that reading): per report, final − max(initial, reading) when positive. Zero when `reading` is null.
 */
export function workedAbove(maquinariaId: SQL, day: SQL, reading: SQL): SQL {
  return sql`coalesce((select sum(greatest(0, p.horometro_final - greatest(p.horometro_inicial, ${reading})))
    from partes_diarios p where p.maquinaria_id = ${maquinariaId} and p.fecha = ${day}
      and p.horometro_inicial is not null and ${reading} is not null), 0)`;
}

/**
 * Where a part's counter starts, on the machine's worked-meter axis (`medido_acum`): the total at the end of its cut-off
 * day less what the cut-off day's reports with readings worked above the change's reading (`reading`, the meter read
 * at the change). A report spanning the change (initial below the reading, final above) thus splits there: the hours
 * before the reading count for the part taken out, those after for the new one; a report of the change day without
 * readings counts for the part taken out (as before readings existed).
 */
export function cutTotal(maquinariaId: SQL, day: SQL, reading: SQL): SQL {
  return sql`(coalesce(${meterTotal(maquinariaId, day)}, 0) - ${workedAbove(maquinariaId, day, reading)})`;
}

/**
 * The CTEs `wear_machine` (meter total, average daily use over the window, newest day with use) and `wear` (one row
 * per part assignment with contador, nivel, porcentaje, fecha_limite, uso_diario, ultima_fecha). Use as
 * `with ${wearCtes(f)} select …`.
 *
 * They read the meter summary `partes_diarios_medidor` (per machine and day: the day's meter quantity and the running
 * total, kept by triggers with the reports, migration 0011), never the report lines: a part's counter is the
 * machine's total minus its running total at the part's cut-off day (the day before its assignment, or its last
 * change), and the use over the window is the running total today minus the one the day before the window. Each is
 * one index probe, so 5,000 parts over two years of reports cost 5,000 probes instead of a scan and sort of every
 * line.
 */
export function wearCtes(f: WearFilter = {}): SQL {
  const today = f.today ?? limaDate();
  const start = usageWindowStart(today);
  const machines = f.maquinariaIds ? sql`where m.id in (${intList(f.maquinariaIds)})` : sql``;
  const maquinariaInsumoWhere: SQL[] = [];
  if (f.maquinariaIds) maquinariaInsumoWhere.push(sql`im.maquinaria_id in (${intList(f.maquinariaIds)})`);
  if (f.insumoMaqIds) maquinariaInsumoWhere.push(sql`im.insumo_maq_id in (${intList(f.insumoMaqIds)})`);
  const mid = sql`m.id`;
  return sql`
  wear_machine as (
    select m.id as maquinaria_id, t.total,
      round(coalesce(${meterTotal(mid, sql`${today}::date`)} - coalesce(${meterTotal(mid, sql`${start}::date - 1`)}, 0), 0)
        / ${USAGE_WINDOW_DAYS}, 4) as uso_diario,
      (select max(s.fecha) from partes_diarios_medidor s
        where s.maquinaria_id = m.id and s.medido > 0) as ultima
    from maquinarias m
    -- Machines with a meter summary only (the newest day's running total is the machine's total).
    join lateral (
      select s.medido_acum as total from partes_diarios_medidor s
      where s.maquinaria_id = m.id order by s.fecha desc limit 1
    ) t on true
    ${machines}
  ),
  wear_cut as (
    select im.insumo_maq_id, im.maquinaria_id, im.insumo_id, im.hour_warning, im.hour_critical, im.horas_limite,
      im.last_date_mantenimiento, im.create_insumo_maq, ${assignDay} as fecha_asignacion,
      coalesce(im.last_date_mantenimiento, ${assignDay} - 1) as corte,
      case when im.last_date_mantenimiento is not null then im.last_horometro_mantenimiento end as lectura_corte
    from insumos_maquinaria im
    ${maquinariaInsumoWhere.length ? sql`where ${sql.join(maquinariaInsumoWhere, sql` and `)}` : sql``}
  ),
  wear_part as (
    select c.*, m.estado as estado_maquina, coalesce(wm.total, 0) - coalesce(k.acum, 0) as contador,
      case when wm.ultima > c.corte then wm.ultima end as ultima_fecha,
      coalesce(wm.uso_diario, 0) as uso_diario
    from wear_cut c
    join maquinarias m on m.id = c.maquinaria_id
    left join wear_machine wm on wm.maquinaria_id = c.maquinaria_id
    -- A join, not a scalar subquery in the select list: the counter is used by several columns below, and each use
    -- of a subquery would probe the index again.
    left join lateral (select ${cutTotal(sql`c.maquinaria_id`, sql`c.corte`, sql`c.lectura_corte`)} as acum) k on true
  ),
  wear_days as (
    select wp.*,
      -- A machine that is not OPERATIVO is not working: no forecast (its old use would date the limit decades away).
      case when wp.contador >= wp.horas_limite then 0
        when wp.uso_diario > 0 and wp.estado_maquina = 0 then ceil((wp.horas_limite - wp.contador) / wp.uso_diario)
      end as dias
    from wear_part wp
  ),
  wear as (
    select wd.*,
      case when wd.contador >= wd.hour_critical then 'danger' when wd.contador >= wd.hour_warning then 'warning' else 'info' end as nivel,
      case when wd.horas_limite > 0 then round(wd.contador / wd.horas_limite * 100, 2) when wd.contador > 0 then 100 else 0 end as porcentaje,
      case when wd.dias <= ${MAX_FORECAST_DAYS} then ${today}::date + wd.dias::int end as fecha_limite
    from wear_days wd
  )`;
}

/**
 * The machine's current meter over `maquinarias m left join wear_machine wm` (the machine list, the preventive plans'
 * due list, the machine's record read it from here): its meter at registration plus what its reports counted.
 */
export const horometroActual = sql`m.horometro_inicial + coalesce(wm.total, 0)`;

/** The wire part object (contract `maquinariaInsumo`) from `wear w join insumos i join maquinarias m`. */
export const maquinariaInsumoColumns = sql`
  w.insumo_maq_id, w.maquinaria_id, w.insumo_id, i.insumo_codigo, i.insumo_name,
  json_build_object('hour_warning', w.hour_warning, 'hour_critical', w.hour_critical) as horas_alerta,
  w.horas_limite, w.contador, w.nivel, w.porcentaje, w.fecha_limite, w.last_date_mantenimiento, w.fecha_asignacion,
  to_char(w.create_insumo_maq at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as create_insumo_maq,
  m.horometro, w.uso_diario`;

export const maquinariaInsumoFrom = sql`wear w join insumos i on i.id = w.insumo_id join maquinarias m on m.id = w.maquinaria_id`;

/** A part with its machine's plate and description and the date of the newest report that counted. */
export interface InsumoCounter extends MaquinariaInsumo {
  placa: string;
  descripcion: string;
  ultima_fecha: string | null;
}

/** Every part (optionally of some machines or assignments) with its wear, by machine plate then assignment. */
export async function insumoCounters(db: Db, f: WearFilter = {}): Promise<InsumoCounter[]> {
  if (f.maquinariaIds?.length === 0 || f.insumoMaqIds?.length === 0) return [];
  const json = await jsonRows<InsumoCounter>(
    db,
    sql`with ${wearCtes(f)}
      select ${maquinariaInsumoColumns}, m.placa, m.descripcion, w.ultima_fecha
      from ${maquinariaInsumoFrom}
      order by m.placa, w.maquinaria_id, w.insumo_maq_id`,
  );
  return JSON.parse(json) as InsumoCounter[];
}
