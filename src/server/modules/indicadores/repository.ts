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
const mesMedidor = (medidor: SQL) => {
  const k = sql`width_bucket(${medidor} - 0.005, mm.medidores)`;
  return sql`case when ${medidor} is not null and mm.medidores is not null and ${k} < cardinality(mm.medidores)
    then (r.d0 - interval '1 month' + ${k} * interval '1 month')::date end`;
};

/** A stop `e` (maquinarias_estados) is corrective when a failure, a repair or a corrective work order began it. */
const correctivo = sql`(e.origen in ('FALLA', 'REPARACION') or (e.origen = 'ORDEN'
  and exists (select 1 from ordenes_trabajo o where o.ot_id = e.ref_id and o.tipo = 'CORRECTIVA')))`;

export async function conteosPorMes(db: Db, f: ConteoFiltro): Promise<ConteoMes[]> {
  const only = (col: SQL) => (f.maquinariaId ? sql`and ${col} = ${f.maquinariaId}` : sql``);
  const dias = sql`string_to_array(${f.turnoDias.join(',')}, ',')::int[]`;
  // the summary's stopped seconds on the shift's weekdays (weekdays are 1–7: inlined)
  const turno = [...new Set(f.turnoDias.map((d) => Math.trunc(d)).filter((d) => d >= 1 && d <= 7))];
  const paroTurno = turno.length ? sql.raw(turno.map((d) => `x.paro_seg[${d}]`).join(' + ')) : sql`0::numeric`;
  const head = sql`r as (
        select ${f.desde}::date as d0, (${f.hasta}::date + interval '1 month')::date as d1, ${f.hoy}::date as hoy,
          ${rangeStart(f.desde)} as t0, ${rangeEnd(ultimoDia(f.hasta))} as t1
      ),
      meses as (select g::date as mes, (g + interval '1 month')::date as mes_fin from r, generate_series(r.d0::timestamp, (r.d1 - 1)::timestamp, interval '1 month') g)`;
  // Three statements on their own connections, at once: downtime, repairs and failures, plan tasks, backlog.
  const [paradas, tareas, ordenes] = await Promise.all([
    rowsOf<
      Pick<ConteoMes, 'maquinaria_id' | 'periodo' | 'dias_turno' | 'horas_paro_dias_turno' | 'reparaciones' | 'horas_reparacion' | 'fallas'>
    >(
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
      -- the monthly summary: the closed stops cut into Lima days (the shift's weekdays taken), the corrective ones by the
      -- month they ended, the failures
      res as (
        select x.maquinaria_id, x.mes, ${paroTurno} as seg, x.reparaciones, x.horas_reparacion, x.fallas
        from indicadores_mes x, r where x.mes >= r.d0 and x.mes < r.d1 ${only(sql`x.maquinaria_id`)}
      ),
      -- read live: the stops still open or ending after now, clipped to the range and to now (+1), less what the summary
      -- holds of those that are closed: their whole length (−1), and their repair
      vivos as materialized (
        select e.maquinaria_id, e.desde, e.hasta, ${correctivo} as correctivo
        from maquinarias_estados e where e.estado <> 0 and (e.hasta is null or e.hasta >= now()) ${only(sql`e.maquinaria_id`)}
      ),
      trozos as (
        select v.maquinaria_id, ${lima(sql`greatest(v.desde, r.t0)`)} as a, ${lima(sql`least(coalesce(v.hasta, now()), r.t1)`)} as b, 1 as signo
        from vivos v, r where v.desde < r.t1 and (v.hasta is null or v.hasta > r.t0)
        union all
        select v.maquinaria_id, ${lima(sql`v.desde`)}, ${lima(sql`v.hasta`)}, -1 from vivos v where v.hasta is not null
      ),
      det as (
        select p.maquinaria_id, ${mesDe(sql`g`)} as mes,
          sum(p.signo * extract(epoch from least(p.b, g + interval '1 day') - greatest(p.a, g))) as seg
        from trozos p cross join r cross join lateral generate_series(date_trunc('day', p.a), p.b, interval '1 day') g
        where p.b > p.a and extract(isodow from g)::int = any(${dias}) and g >= r.d0 and g < r.d1
        group by 1, 2
      ),
      rep as (
        select v.maquinaria_id, ${mesDe(lima(sql`v.hasta`))} as mes, -count(*)::int as n, -sum(extract(epoch from v.hasta - v.desde) / 3600) as horas
        from vivos v where v.correctivo and v.hasta is not null group by 1, 2
      ),
      -- failures registered after now (a clock ahead) are not counted yet
      fal as (
        select f.maquinaria_id, ${mesDe(lima(sql`f.created_at`))} as mes, -count(*)::int as n
        from fallas f where f.created_at >= now() ${only(sql`f.maquinaria_id`)} group by 1, 2
      ),
      mes_entero as (
        select coalesce(res.maquinaria_id, det.maquinaria_id, rep.maquinaria_id, fal.maquinaria_id) as maquinaria_id,
          coalesce(res.mes, det.mes, rep.mes, fal.mes) as mes,
          coalesce(res.seg, 0) + coalesce(det.seg, 0) as seg,
          coalesce(res.reparaciones, 0) + coalesce(rep.n, 0) as reparaciones,
          coalesce(res.horas_reparacion, 0) + coalesce(rep.horas, 0) as horas_reparacion,
          coalesce(res.fallas, 0) + coalesce(fal.n, 0) as fallas
        from res
          full join det on det.maquinaria_id = res.maquinaria_id and det.mes = res.mes
          full join rep on rep.maquinaria_id = coalesce(res.maquinaria_id, det.maquinaria_id)
            and rep.mes = coalesce(res.mes, det.mes)
          full join fal on fal.maquinaria_id = coalesce(res.maquinaria_id, det.maquinaria_id, rep.maquinaria_id)
            and fal.mes = coalesce(res.mes, det.mes, rep.mes)
      )
      -- the downtime and repairs of the machine-months it was registered in; the failures of any
      select coalesce(prog.maquinaria_id, mes_entero.maquinaria_id) as maquinaria_id, to_char(coalesce(prog.mes, mes_entero.mes), 'YYYY-MM') as periodo,
        coalesce(prog.dias_turno, 0) as dias_turno,
        case when prog.mes is null then 0 else coalesce(mes_entero.seg / 3600, 0) end::float8 as horas_paro_dias_turno,
        case when prog.mes is null then 0 else coalesce(mes_entero.reparaciones, 0) end::int as reparaciones,
        case when prog.mes is null then 0 else coalesce(mes_entero.horas_reparacion, 0) end::float8 as horas_reparacion,
        coalesce(mes_entero.fallas, 0)::int as fallas
      from prog full join mes_entero on mes_entero.maquinaria_id = prog.maquinaria_id and mes_entero.mes = prog.mes
      where mes_entero.mes is null or (mes_entero.mes >= (select d0 from r) and mes_entero.mes < (select d1 from r))`,
    ),
    rowsOf<{ maquinaria_id: number; periodo: string; vencen: number; a_tiempo: number }>(
      db,
      sql`with ${head},
      -- plan tasks, as the tasks report counts a month: done in it (on time or late), or due in it and not done by its
      -- end; a task falls due in the month of its due date or, sooner, of the month its machine's meter reached its due
      -- meter (mm: the closing meter of the month before the range and of each month of it, the registration meter plus
      -- the monthly summary's meter up to that month)
      -- the machines with plans, their meter before the month before the range (once per machine, not per month)
      mp as materialized (
        select m.id, m.horometro, m.horometro_inicial + coalesce((
            select sum(case when m.horometro then y.horas else y.km end)
            from indicadores_mes y, r where y.maquinaria_id = m.id and y.mes < r.d0 - interval '1 month'
          ), 0) as base
        from maquinarias m
        where exists (select 1 from planes p where p.maquinaria_id = m.id) ${only(sql`m.id`)}
      ),
      mm as materialized (
        select maquinaria_id, array_agg(v order by mes) as medidores from (
          select m.id as maquinaria_id, ms.mes,
            m.base + sum(coalesce(case when m.horometro then x.horas else x.km end, 0)) over (partition by m.id order by ms.mes) as v
          from mp m
            cross join (select (r.d0 - interval '1 month')::date as mes from r union all select mes from meses) ms
            left join indicadores_mes x on x.maquinaria_id = m.id and x.mes = ms.mes
        ) t
        group by maquinaria_id
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
      -- the open backlog at each month's end: the summary's orders opened less closed or annulled, summed up to the
      -- month (each sum holds from its month to the machine's next row); its hours, per order the mean labour of the
      -- closed orders of its type
      est as (
        select sum(cerradas_preventivas_horas) / nullif(sum(cerradas_preventivas), 0) as preventiva,
          sum(cerradas_correctivas_horas) / nullif(sum(cerradas_correctivas), 0) as correctiva
        from indicadores_mes
      ),
      acum as (
        select x.maquinaria_id, x.mes, lead(x.mes) over w as sig,
          sum(x.ot_preventivas) over w as np, sum(x.ot_correctivas) over w as nc
        from indicadores_mes x, r where x.mes < r.d1 ${only(sql`x.maquinaria_id`)}
        window w as (partition by x.maquinaria_id order by x.mes)
      )
      select a.maquinaria_id, to_char(g, 'YYYY-MM') as periodo, (a.np + a.nc)::int as n,
        (coalesce(a.np * est.preventiva, 0) + coalesce(a.nc * est.correctiva, 0))::float8 as horas
      from acum a cross join r cross join est
        cross join lateral generate_series(greatest(a.mes, r.d0)::timestamp, least(coalesce(a.sig, r.d1), r.d1) - interval '1 month',
          interval '1 month') g
      where a.np + a.nc > 0`,
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
