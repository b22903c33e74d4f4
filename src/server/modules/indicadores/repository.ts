// The fleet indicators' counts per machine and month (docs/costs.md, "Fleet indicators"), in four statements run at once: shift days,
// downtime on shift days, failures, corrective stops ended and their hours, plan tasks due and done on time (the
// tasks report's rules), and the open work-order backlog at each month's end. The service adds the hours worked and
// the costs (modules/costosmaquina) and works out the ratios.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/sql';
import { rangeEnd, rangeStart } from '../maquinarias/disponibilidad';

export interface ConteoMes {
  maquinaria_id: number;
  /** 'YYYY-MM'. */
  periodo: string;
  /** Shift days (turno_dias) of the month on which the machine was registered, up to today. */
  dias_turno: number;
  /** Hours not OPERATIVO on shift days (whole hours of those days: the service takes the shift's share). */
  horas_paro_dias_turno: number;
  fallas: number;
  reparaciones: number;
  horas_reparacion: number;
  tareas_vencen: number;
  tareas_a_tiempo: number;
  ot_abiertas: number;
  ot_horas: number;
}

export interface ConteoFiltro {
  /** First days of the first and the last month of the range (YYYY-MM-01). */
  desde: string;
  hasta: string;
  maquinariaId: number | null;
  /** ISO weekdays of the office's shift. */
  turnoDias: number[];
  hoy: string;
}

/** The last day of the month of `primero` (YYYY-MM-01). */
function ultimoDia(primero: string): string {
  const d = new Date(`${primero}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

const lima = (t: SQL) => sql`(${t} at time zone 'America/Lima')`;
const mesDe = (t: SQL) => sql`date_trunc('month', (${t})::timestamp)::date`;

/**
 * The month a task fell due by its meter: the first month of the range (or the one before it, for "before the range")
 * whose closing meter reached `medidor`, found by binary search (width_bucket) in the machine's closing meters `mm`;
 * null when not reached by the range's end. The same meter as the tasks report's (registration plus the meter summary).
 */
const mesMedidor = (medidor: SQL) => sql`case when ${medidor} is not null and mm.medidores is not null then (
    select case when w.k < cardinality(mm.medidores) then (r.d0 - interval '1 month' + w.k * interval '1 month')::date end
    from (select width_bucket(${medidor} - 0.005, mm.medidores) as k) w) end`;

export async function conteosPorMes(db: Db, f: ConteoFiltro): Promise<ConteoMes[]> {
  const only = (col: SQL) => (f.maquinariaId ? sql`and ${col} = ${f.maquinariaId}` : sql``);
  const dias = sql`string_to_array(${f.turnoDias.join(',')}, ',')::int[]`;
  const head = sql`r as (
        select ${f.desde}::date as d0, (${f.hasta}::date + interval '1 month')::date as d1, ${f.hoy}::date as hoy,
          ${rangeStart(f.desde)} as t0, ${rangeEnd(ultimoDia(f.hasta))} as t1
      ),
      meses as (select g::date as mes, (g + interval '1 month')::date as mes_fin from r, generate_series(r.d0::timestamp, (r.d1 - 1)::timestamp, interval '1 month') g)`;
  // Four statements on their own connections, at once: downtime and repairs, failures, plan tasks, backlog.
  const [paradas, fallas, tareas, ordenes] = await Promise.all([
    rowsOf<Pick<ConteoMes, 'maquinaria_id' | 'periodo' | 'dias_turno' | 'horas_paro_dias_turno' | 'reparaciones' | 'horas_reparacion'>>(
      db,
      sql`with ${head},
      -- every day of the range (and the one before it) with the running count of shift days up to it
      dias as (
        select g::date as dia, sum(case when extract(isodow from g)::int = any(${dias}) then 1 else 0 end) over (order by g) as n
        from r, generate_series((r.d0 - 1)::timestamp, (r.d1 - 1)::timestamp, interval '1 day') g
      ),
      maq as materialized (
        select m.id, (select min(e.desde) from maquinarias_estados e where e.maquinaria_id = m.id) as alta
        from maquinarias m where true ${only(sql`m.id`)}
      ),
      prog as (
        select q.id as maquinaria_id, ms.mes, greatest(0, coalesce(hi.n, 0) - coalesce(lo.n, 0))::int as dias_turno
        from maq q cross join meses ms cross join r
          cross join lateral (select greatest(ms.mes, ${lima(sql`q.alta`)}::date) as a, least(ms.mes_fin - 1, r.hoy) as b) x
          left join dias lo on lo.dia = x.a - 1
          left join dias hi on hi.dia = x.b
        where q.alta is not null and x.b >= x.a
      ),
      -- the machines' stops (any state but OPERATIVO) that meet the range, in Lima time, read once for the downtime and
      -- the repairs; a stop is corrective when a failure, a repair or a corrective work order began it
      paros as materialized (
        select e.maquinaria_id, ${lima(sql`greatest(e.desde, r.t0)`)} as a, ${lima(sql`least(coalesce(e.hasta, now()), r.t1)`)} as b,
          (e.hasta is not null and e.hasta < r.t1 and (e.origen in ('FALLA', 'REPARACION') or (e.origen = 'ORDEN'
            and exists (select 1 from ordenes_trabajo o where o.ot_id = e.ref_id and o.tipo = 'CORRECTIVA')))) as correctivo,
          extract(epoch from e.hasta - e.desde) / 3600 as horas
        from maquinarias_estados e, r
        where e.estado <> 0 and e.desde < r.t1 and (e.hasta is null or e.hasta > r.t0) ${only(sql`e.maquinaria_id`)}
      ),
      -- each stop cut into its Lima days; only shift days count
      det as (
        select p.maquinaria_id, ${mesDe(sql`g`)} as mes,
          sum(extract(epoch from least(p.b, g + interval '1 day') - greatest(p.a, g))) / 3600 as horas
        from paros p cross join lateral generate_series(date_trunc('day', p.a), p.b, interval '1 day') g
        where p.b > p.a and extract(isodow from g)::int = any(${dias})
        group by 1, 2
      ),
      -- the corrective stops that ended in the month, each with its whole length
      rep as (
        select maquinaria_id, ${mesDe(sql`b`)} as mes, count(*)::int as n, sum(horas) as horas from paros where correctivo group by 1, 2
      )
      select prog.maquinaria_id, to_char(prog.mes, 'YYYY-MM') as periodo, prog.dias_turno,
        coalesce(det.horas, 0)::float8 as horas_paro_dias_turno, coalesce(rep.n, 0) as reparaciones,
        coalesce(rep.horas, 0)::float8 as horas_reparacion
      from prog
        left join det on det.maquinaria_id = prog.maquinaria_id and det.mes = prog.mes
        left join rep on rep.maquinaria_id = prog.maquinaria_id and rep.mes = prog.mes`,
    ),
    rowsOf<{ maquinaria_id: number; periodo: string; n: number }>(
      db,
      sql`with ${head},
      fal as (
        select f.maquinaria_id, ${mesDe(lima(sql`f.created_at`))} as mes, count(*)::int as n
        from fallas f, r where f.created_at >= r.t0 and f.created_at < r.t1 ${only(sql`f.maquinaria_id`)}
        group by 1, 2
      )
      select maquinaria_id, to_char(mes, 'YYYY-MM') as periodo, n from fal`,
    ),
    rowsOf<{ maquinaria_id: number; periodo: string; vencen: number; a_tiempo: number }>(
      db,
      sql`with ${head},
      -- plan tasks, as the tasks report counts a month: done in it (on time or late), or due in it and not done by its
      -- end; a task falls due in the month of its due date or, sooner, of the month its machine's meter reached its due
      -- meter (mm: the closing meter of the month before the range and of each month of it)
      mm as materialized (
        select m.id as maquinaria_id, array_agg(m.horometro_inicial + coalesce((
            select case when m.horometro then s.horas_acum else s.km_acum end from partes_diarios_medidor s
            where s.maquinaria_id = m.id and s.fecha < ms.mes_fin order by s.fecha desc limit 1), 0) order by ms.mes) as medidores
        from maquinarias m
          cross join (select (r.d0 - interval '1 month')::date as mes, r.d0 as mes_fin from r union all select mes, mes_fin from meses) ms
        where exists (select 1 from planes p where p.maquinaria_id = m.id) ${only(sql`m.id`)}
        group by m.id
      ),
      ejec as (
        select m.id as maquinaria_id, e.fecha, e.a_tiempo, least(${mesDe(sql`e.vence_fecha`)}, ${mesMedidor(sql`e.vence_medidor`)}) as vmes
        from planes_tareas_ejecuciones e
          join planes_tareas t on t.tarea_id = e.tarea_id
          join planes p on p.plan_id = t.plan_id
          join maquinarias m on m.id = p.maquinaria_id
          cross join r
          left join mm on mm.maquinaria_id = m.id
        where e.fecha >= r.d0 ${only(sql`m.id`)}
      ),
      pend as (
        select x.maquinaria_id, least(${mesDe(sql`x.proximo_fecha`)}, x.mmes) as vmes, (x.proximo_fecha <= x.hoy or x.mmes is not null) as vencida
        from (
          select m.id as maquinaria_id, t.proximo_fecha, r.hoy, ${mesMedidor(sql`t.proximo_medidor`)} as mmes
          from planes_tareas t join planes p on p.plan_id = t.plan_id join maquinarias m on m.id = p.maquinaria_id
            cross join r left join mm on mm.maquinaria_id = m.id
          where t.activo and p.activo and (t.proximo_fecha is null or t.proximo_fecha < r.d1) ${only(sql`m.id`)}
        ) x
      ),
      cum as (
        select maquinaria_id, mes, count(*)::int as vencen, count(*) filter (where a_tiempo)::int as a_tiempo from (
          select maquinaria_id, ${mesDe(sql`fecha`)} as mes, a_tiempo from ejec, r where fecha < r.d1
          union all
          select maquinaria_id, vmes, false from ejec, r where vmes >= r.d0 and vmes < r.d1 and vmes < ${mesDe(sql`fecha`)}
          union all
          select maquinaria_id, vmes, false from pend, r where vencida and vmes >= r.d0 and vmes < r.d1
        ) u group by 1, 2
      )
      select maquinaria_id, to_char(mes, 'YYYY-MM') as periodo, vencen, a_tiempo from cum`,
    ),
    rowsOf<{ maquinaria_id: number; periodo: string; n: number; horas: number }>(
      db,
      sql`with ${head},
      -- the open backlog at each month's end: an order counts from the month it was created to the month before the one
      -- it was closed or annulled in; its hours, the mean labour of the closed orders of its type
      est as (
        select o.tipo, sum(mo.horas) / count(distinct o.ot_id) as horas
        from ordenes_trabajo o join ordenes_trabajo_mano_obra mo on mo.ot_id = o.ot_id
        where o.estado = 'CERRADA' group by o.tipo
      ),
      ot as (
        select o.maquinaria_id, o.tipo, ${mesDe(lima(sql`o.created_at`))} as mes_ini,
          case when o.estado in ('CERRADA', 'ANULADA') then ${mesDe(lima(sql`coalesce(o.fin, o.updated_at)`))} end as mes_fin
        from ordenes_trabajo o, r
        where o.created_at < r.t1 ${only(sql`o.maquinaria_id`)}
          and (o.estado not in ('CERRADA', 'ANULADA') or coalesce(o.fin, o.updated_at) >= r.t0)
      ),
      bl as (
        select ot.maquinaria_id, g::date as mes, count(*)::int as n, coalesce(sum(est.horas), 0) as horas
        from ot cross join r left join est on est.tipo = ot.tipo
          cross join lateral generate_series(greatest(ot.mes_ini, r.d0)::timestamp,
            least(coalesce(ot.mes_fin - interval '1 month', (r.d1 - 1)::timestamp), (r.d1 - 1)::timestamp), interval '1 month') g
        group by 1, 2
      )
      select maquinaria_id, to_char(mes, 'YYYY-MM') as periodo, n, horas::float8 as horas from bl`,
    ),
  ]);
  const out = new Map<string, ConteoMes>();
  const of = (id: number, periodo: string) => {
    const k = `${id}|${periodo}`;
    let c = out.get(k);
    if (!c) {
      c = {
        maquinaria_id: id,
        periodo,
        dias_turno: 0,
        horas_paro_dias_turno: 0,
        fallas: 0,
        reparaciones: 0,
        horas_reparacion: 0,
        tareas_vencen: 0,
        tareas_a_tiempo: 0,
        ot_abiertas: 0,
        ot_horas: 0,
      };
      out.set(k, c);
    }
    return c;
  };
  for (const p of paradas) Object.assign(of(p.maquinaria_id, p.periodo), p);
  for (const x of fallas) of(x.maquinaria_id, x.periodo).fallas = x.n;
  for (const x of tareas) Object.assign(of(x.maquinaria_id, x.periodo), { tareas_vencen: x.vencen, tareas_a_tiempo: x.a_tiempo });
  for (const x of ordenes) Object.assign(of(x.maquinaria_id, x.periodo), { ot_abiertas: x.n, ot_horas: x.horas });
  return [...out.values()];
}

/** Plate and description of the machines (one, or all). */
export function maquinasDe(
  db: Db,
  maquinariaId: number | null,
): Promise<{ id: number; placa: string; descripcion: string; horometro: boolean }[]> {
  return rowsOf(
    db,
    sql`select id, placa, descripcion, horometro from maquinarias ${maquinariaId ? sql`where id = ${maquinariaId}` : sql``} order by placa, id`,
  );
}
