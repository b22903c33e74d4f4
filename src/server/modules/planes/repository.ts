// Plan queries as JSON built by PostgreSQL (docs/architecture.md, "Writing a list endpoint"): the plans, one plan with
// its tasks, the machine's current meter, the fleet's due list (one set-based query: state and forecast computed in
// SQL by the rules of shared/domain/planes.ts, over the wear CTE's meter and daily use) and the compliance report.
import { sql, type SQL } from 'drizzle-orm';
import {
  PLANES_LIST_LIMIT,
  type CumplimientoBody,
  type CumplimientoRow,
  type PlanDetail,
  type PlanRow,
  type VencimientoRow,
  type VencimientosBody,
} from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { MAX_FORECAST_DAYS } from '@shared/domain/wear';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { intList, rowsOf } from '../../lib/sql';
import { horometroActual, wearCtes } from '../../lib/wear';

/** The wear assignments a task changes, as a JSON array of ids. */
const insumosOf = (tarea: SQL) =>
  sql`coalesce((select json_agg(ti.insumo_maq_id order by ti.insumo_maq_id) from planes_tareas_insumos ti where ti.tarea_id = ${tarea}), '[]'::json)`;

/** The last time a task was done (index probe of planes_tareas_ejec_tarea_idx). */
const ultimaOf = (tarea: SQL) => sql`(select max(e.fecha) from planes_tareas_ejecuciones e where e.tarea_id = ${tarea})`;

/** The plans of one machine (null: all), by plate and name. */
export function listPlanes(db: Db, maquinariaId: number | null): Promise<JsonRows<PlanRow>> {
  return jsonRows(
    db,
    sql`select p.plan_id, p.maquinaria_id, m.placa, m.descripcion, p.nombre, p.activo,
        (select count(*)::int from planes_tareas t where t.plan_id = p.plan_id) as tareas
      from planes p join maquinarias m on m.id = p.maquinaria_id
      ${maquinariaId === null ? sql`` : sql`where p.maquinaria_id = ${maquinariaId}`}
      order by m.placa, p.nombre, p.plan_id
      limit ${PLANES_LIST_LIMIT}`,
  );
}

/** Plan rows by id (the copy's answer). */
export async function planRowsOf(db: Db, ids: readonly number[]): Promise<PlanRow[]> {
  if (!ids.length) return [];
  const json = await jsonRows<PlanRow>(
    db,
    sql`select p.plan_id, p.maquinaria_id, m.placa, m.descripcion, p.nombre, p.activo,
        (select count(*)::int from planes_tareas t where t.plan_id = p.plan_id) as tareas
      from planes p join maquinarias m on m.id = p.maquinaria_id
      where p.plan_id in (${intList(ids)}) order by m.placa, p.plan_id`,
  );
  return JSON.parse(json) as PlanRow[];
}

/** One plan with its machine and its tasks (404 when it does not exist). */
export async function planDetailOf(db: Db, planId: number): Promise<PlanDetail> {
  const json = await jsonRows<PlanDetail>(
    db,
    sql`select p.plan_id, p.maquinaria_id, m.placa, m.descripcion, m.horometro, p.nombre, p.activo,
        coalesce((select json_agg(json_build_object(
          'tarea_id', t.tarea_id, 'plan_id', t.plan_id, 'nombre', t.nombre, 'cada_medidor', t.cada_medidor,
          'cada_dias', t.cada_dias, 'margen_medidor', t.margen_medidor, 'margen_dias', t.margen_dias,
          'programacion', t.programacion, 'checklist', t.checklist, 'insumos', ${insumosOf(sql`t.tarea_id`)},
          'base_fecha', t.base_fecha, 'base_medidor', t.base_medidor, 'proximo_medidor', t.proximo_medidor,
          'proximo_fecha', t.proximo_fecha, 'activo', t.activo, 'ultima_fecha', ${ultimaOf(sql`t.tarea_id`)}
        ) order by t.tarea_id) from planes_tareas t where t.plan_id = p.plan_id), '[]'::json) as tareas
      from planes p join maquinarias m on m.id = p.maquinaria_id
      where p.plan_id = ${planId}`,
  );
  const [row] = JSON.parse(json) as PlanDetail[];
  if (!row) throw notFound(MSG.planNotFound);
  return row;
}

/** The machine's current meter (the machine list's `horometro_actual`). */
export async function currentMeter(db: Db, maquinariaId: number): Promise<number> {
  const [r] = await rowsOf<{ actual: string }>(
    db,
    sql`with ${wearCtes({ maquinariaIds: [maquinariaId] })}
      select (${horometroActual})::text as actual from maquinarias m left join wear_machine wm on wm.maquinaria_id = m.id
      where m.id = ${maquinariaId}`,
  );
  return r ? Number(r.actual) : 0;
}

/**
 * Every active task of an active plan with its machine, next due, current meter and daily use, its state (vencida once
 * the meter or the date reaches its due, proxima within either margin, else al_dia: estadoTarea) and its forecast
 * due date (pronosticoTarea: the due date or, sooner, the day the daily use brings the meter to its due; the wear
 * forecast's rule on the same 4-decimal daily use). Filtered by machine, state and forecast range; soonest first.
 */
export function listVencimientos(db: Db, f: VencimientosBody, today = limaDate()): Promise<JsonRows<VencimientoRow>> {
  return jsonRows(db, vencimientosQuery(f, today));
}

/** The due list's query (its rows, before jsonRows aggregates them). */
function vencimientosQuery(f: VencimientosBody, today: string): SQL {
  const maq = f.maquinaria_id ? f.maquinaria_id : null;
  const where: SQL[] = [];
  if (f.estado) where.push(sql`v.estado = ${f.estado}`);
  if (f.fini) where.push(sql`v.fecha_pronostico >= ${f.fini}::date`);
  if (f.ffin) where.push(sql`v.fecha_pronostico <= ${f.ffin}::date`);
  const hoy = sql`${today}::date`;
  return sql`with ${wearCtes({ today, maquinariaIds: maq ? [maq] : null })},
      tt as (
        select t.tarea_id, t.plan_id, p.nombre as plan_nombre, t.nombre as tarea_nombre, m.id as maquinaria_id, m.placa,
          m.descripcion, m.horometro, t.cada_medidor, t.cada_dias, t.margen_medidor, t.margen_dias, t.programacion,
          t.proximo_medidor, t.proximo_fecha, ${horometroActual} as horometro_actual,
          coalesce(wm.uso_diario, 0) as uso_diario, t.checklist
        from planes_tareas t
        join planes p on p.plan_id = t.plan_id
        join maquinarias m on m.id = p.maquinaria_id
        left join wear_machine wm on wm.maquinaria_id = m.id
        where t.activo and p.activo ${maq ? sql`and p.maquinaria_id = ${maq}` : sql``}
      ),
      v as (
        select tt.*,
          case
            when (tt.proximo_medidor is not null and tt.horometro_actual >= tt.proximo_medidor)
              or (tt.proximo_fecha is not null and ${hoy} >= tt.proximo_fecha) then 'vencida'
            when (tt.proximo_medidor is not null and tt.horometro_actual >= tt.proximo_medidor - tt.margen_medidor)
              or (tt.proximo_fecha is not null and ${hoy} >= tt.proximo_fecha - tt.margen_dias) then 'proxima'
            else 'al_dia'
          end as estado,
          least(
            case
              when tt.proximo_medidor is null then null
              when tt.proximo_medidor <= tt.horometro_actual then ${hoy}
              when tt.uso_diario > 0 and ceil((tt.proximo_medidor - tt.horometro_actual) / tt.uso_diario) <= ${MAX_FORECAST_DAYS}
                then ${hoy} + ceil((tt.proximo_medidor - tt.horometro_actual) / tt.uso_diario)::int
            end,
            tt.proximo_fecha
          ) as fecha_pronostico
        from tt
      )
      select v.tarea_id, v.plan_id, v.plan_nombre, v.tarea_nombre, v.maquinaria_id, v.placa, v.descripcion, v.horometro,
        v.cada_medidor, v.cada_dias, v.margen_medidor, v.margen_dias, v.programacion, v.proximo_medidor, v.proximo_fecha,
        v.horometro_actual, v.uso_diario, v.estado, v.fecha_pronostico, ${ultimaOf(sql`v.tarea_id`)} as ultima_fecha,
        v.checklist, ${insumosOf(sql`v.tarea_id`)} as insumos
      from v
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by case v.estado when 'vencida' then 0 when 'proxima' then 1 else 2 end, v.fecha_pronostico nulls last, v.placa, v.tarea_id
      limit ${PLANES_LIST_LIMIT}`;
}

/**
 * The day the machine's meter reached `medidor` (its meter at registration plus the running total of its reports, the
 * meter summary), or null when it has not.
 */
const meterReachedOn = (medidor: SQL) => sql`(select min(s.fecha) from partes_diarios_medidor s
  where s.maquinaria_id = m.id and m.horometro_inicial + (case when m.horometro then s.horas_acum else s.km_acum end) >= ${medidor})`;

/**
 * Tasks done in the range (HECHA: an execution dated in it, on time or late) and tasks missed in it (OMITIDA: due in the
 * range, by date or by the day the meter reached the due meter, and not done by its end: done after it, or still
 * pending once due by today).
 */
export function listCumplimiento(db: Db, f: CumplimientoBody, today = limaDate()): Promise<JsonRows<CumplimientoRow>> {
  const maq = f.maquinarias ? sql`and m.id in (${intList(f.maquinarias)})` : sql``;
  const fini = sql`${f.fini}::date`;
  const ffin = sql`${f.ffin}::date`;
  const base = sql`from planes_tareas t join planes p on p.plan_id = t.plan_id join maquinarias m on m.id = p.maquinaria_id`;
  return jsonRows(
    db,
    sql`with hechas as (
        select 'HECHA' as tipo, t.tarea_id, m.placa, m.descripcion, m.horometro, p.nombre as plan_nombre, t.nombre as tarea_nombre,
          least(e.vence_fecha, case when e.vence_medidor is not null then ${meterReachedOn(sql`e.vence_medidor`)} end) as vence_fecha,
          e.vence_medidor, e.fecha, e.medidor, e.a_tiempo
        ${base} join planes_tareas_ejecuciones e on e.tarea_id = t.tarea_id
        where e.fecha between ${fini} and ${ffin} ${maq}
      ),
      tarde as (
        select 'OMITIDA' as tipo, t.tarea_id, m.placa, m.descripcion, m.horometro, p.nombre as plan_nombre, t.nombre as tarea_nombre,
          least(e.vence_fecha, case when e.vence_medidor is not null then ${meterReachedOn(sql`e.vence_medidor`)} end) as vence_fecha,
          e.vence_medidor, null::date as fecha, null::numeric as medidor, null::boolean as a_tiempo, e.fecha as hecha
        ${base} join planes_tareas_ejecuciones e on e.tarea_id = t.tarea_id
        where e.fecha > ${ffin} and (e.vence_fecha is null or e.vence_fecha <= ${ffin}) ${maq}
      ),
      pendientes as (
        select 'OMITIDA' as tipo, t.tarea_id, m.placa, m.descripcion, m.horometro, p.nombre as plan_nombre, t.nombre as tarea_nombre,
          least(t.proximo_fecha, case when t.proximo_medidor is not null then ${meterReachedOn(sql`t.proximo_medidor`)} end) as vence_fecha,
          t.proximo_medidor as vence_medidor, null::date as fecha, null::numeric as medidor, null::boolean as a_tiempo
        ${base}
        where t.activo and p.activo and (t.proximo_fecha is null or t.proximo_fecha <= ${ffin}) ${maq}
      ),
      todas as (
        select * from hechas
        union all select tipo, tarea_id, placa, descripcion, horometro, plan_nombre, tarea_nombre, vence_fecha, vence_medidor,
          fecha, medidor, a_tiempo from tarde where vence_fecha between ${fini} and ${ffin} and vence_fecha < hecha
        union all select * from pendientes where vence_fecha between ${fini} and ${ffin} and vence_fecha <= ${today}::date
      )
      select * from todas order by placa, vence_fecha nulls last, tipo, tarea_id
      limit ${PLANES_LIST_LIMIT}`,
  );
}
