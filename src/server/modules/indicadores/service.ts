// The fleet indicators (docs/costs.md, "Fleet indicators"): the counts per machine and month of the repository, the
// hours worked and the costs of the cost per machine, and the office's shift, put together per month for the fleet,
// per machine over the range, and for the whole range. Ratios are computed from the summed parts, never averaged.
import type { Cifras, IndicadoresAnswer, IndicadoresQuery, IndicadorMaquina, IndicadorMes } from '@shared/contract/indicadores';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { costosPorMaquina } from '../costosmaquina/service';
import { leerParametros } from '../parametros/service';
import { conteosPorMes, maquinasDe } from './repository';

/** The summable parts of the figures. */
interface Partes {
  horas_programadas: number;
  horas_detenida: number;
  /** Hours worked and costs of hour-meter machines only (an odometer counts km: kept apart from the fleet's hours). */
  horas_trabajadas: number;
  fallas: number;
  reparaciones: number;
  horas_reparacion: number;
  tareas_vencen: number;
  tareas_a_tiempo: number;
  ot_abiertas: number;
  ot_horas: number;
  costo_total: number;
  combustible_litros: number;
}

const cero = (): Partes => ({
  horas_programadas: 0,
  horas_detenida: 0,
  horas_trabajadas: 0,
  fallas: 0,
  reparaciones: 0,
  horas_reparacion: 0,
  tareas_vencen: 0,
  tareas_a_tiempo: 0,
  ot_abiertas: 0,
  ot_horas: 0,
  costo_total: 0,
  combustible_litros: 0,
});

const r2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (a: number, b: number) => (b > 0 ? r2(a / b) : null);
const pct = (a: number, b: number) => (b > 0 ? r2((100 * a) / b) : null);

/** Adds `b` into `a`; the backlog is a stock at a moment, so it is taken (`backlog`) instead of added when asked. */
function sumar(a: Partes, b: Partes, backlog: 'sumar' | 'tomar' = 'sumar'): void {
  for (const k of Object.keys(a) as (keyof Partes)[]) {
    if (backlog === 'tomar' && (k === 'ot_abiertas' || k === 'ot_horas')) continue;
    a[k] += b[k];
  }
  if (backlog === 'tomar') {
    a.ot_abiertas = b.ot_abiertas;
    a.ot_horas = b.ot_horas;
  }
}

/** The figures of summed parts. */
function cifrasDe(p: Partes): Cifras {
  const disponibles = Math.max(0, p.horas_programadas - p.horas_detenida);
  return {
    horas_programadas: r2(p.horas_programadas),
    horas_detenida: r2(p.horas_detenida),
    horas_disponibles: r2(disponibles),
    horas_trabajadas: r2(p.horas_trabajadas),
    disponibilidad: pct(disponibles, p.horas_programadas),
    fallas: p.fallas,
    mtbf: ratio(p.horas_trabajadas, p.fallas),
    reparaciones: p.reparaciones,
    horas_reparacion: r2(p.horas_reparacion),
    mttr: ratio(p.horas_reparacion, p.reparaciones),
    tareas_vencen: p.tareas_vencen,
    tareas_a_tiempo: p.tareas_a_tiempo,
    cumplimiento: pct(p.tareas_a_tiempo, p.tareas_vencen),
    utilizacion: pct(p.horas_trabajadas, disponibles),
    ot_abiertas: p.ot_abiertas,
    ot_horas: r2(p.ot_horas),
    costo_total: r2(p.costo_total),
    costo_hora: ratio(p.costo_total, p.horas_trabajadas),
    combustible_litros: r2(p.combustible_litros),
    litros_hora: ratio(p.combustible_litros, p.horas_trabajadas),
  };
}

/** The months 'YYYY-MM' from `desde` to `hasta`. */
function meses(desde: string, hasta: string): string[] {
  const out: string[] = [];
  let [y, m] = desde.split('-').map(Number) as [number, number];
  for (let p = desde; p <= hasta; p = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(p);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

export async function indicadores(db: Db, q: IndicadoresQuery, hoy = limaDate()): Promise<IndicadoresAnswer> {
  const [maquinas, par] = await Promise.all([maquinasDe(db, q.maquinaria_id), leerParametros(db)]);
  if (q.maquinaria_id && maquinas.length === 0) throw notFound(MSG.machineNotFound);
  const [conteos, costos] = await Promise.all([
    conteosPorMes(db, { desde: `${q.desde}-01`, hasta: `${q.hasta}-01`, maquinariaId: q.maquinaria_id, turnoDias: par.turno_dias, hoy }),
    costosPorMaquina(db, { desde: q.desde, hasta: q.hasta, maquinaria_id: q.maquinaria_id }),
  ]);
  const share = par.turno_horas_dia / 24;

  // parts per machine and month
  const partes = new Map<string, Partes>();
  const key = (id: number, periodo: string) => `${id}|${periodo}`;
  const of = (id: number, periodo: string) => {
    const k = key(id, periodo);
    let p = partes.get(k);
    if (!p) partes.set(k, (p = cero()));
    return p;
  };
  const horometro = new Map(maquinas.map((m) => [m.id, m.horometro]));
  for (const c of conteos) {
    const p = of(c.maquinaria_id, c.periodo);
    p.horas_programadas = c.dias_turno * par.turno_horas_dia;
    p.horas_detenida = c.horas_paro_dias_turno * share;
    p.fallas = c.fallas;
    p.reparaciones = c.reparaciones;
    p.horas_reparacion = c.horas_reparacion;
    p.tareas_vencen = c.tareas_vencen;
    p.tareas_a_tiempo = c.tareas_a_tiempo;
    p.ot_abiertas = c.ot_abiertas;
    p.ot_horas = c.ot_horas;
  }
  for (const c of costos) {
    if (!horometro.has(c.maquinaria_id)) continue;
    const p = of(c.maquinaria_id, c.periodo);
    p.costo_total = c.costo_total;
    p.combustible_litros = c.combustible_litros;
    p.horas_trabajadas = c.horas;
  }

  const lista = meses(q.desde, q.hasta);
  const flota = new Map(lista.map((m) => [m, cero()]));
  const porMaquina: IndicadorMaquina[] = [];
  const total = cero();
  for (const m of maquinas) {
    const acc = cero();
    for (const periodo of lista) {
      const p = partes.get(key(m.id, periodo));
      if (!p) continue;
      sumar(acc, p, 'tomar');
      // the fleet's hours and costs per hour count hour-meter machines only (an odometer's "hours" are km)
      const f = flota.get(periodo)!;
      sumar(f, m.horometro ? p : { ...p, horas_trabajadas: 0, costo_total: 0, combustible_litros: 0 });
    }
    const last = partes.get(key(m.id, lista[lista.length - 1]!));
    acc.ot_abiertas = last?.ot_abiertas ?? 0;
    acc.ot_horas = last?.ot_horas ?? 0;
    porMaquina.push({ maquinaria_id: m.id, placa: m.placa, descripcion: m.descripcion, horometro: m.horometro, ...cifrasDe(acc) });
  }
  const mesesOut: IndicadorMes[] = lista.map((periodo) => {
    const f = flota.get(periodo)!;
    sumar(total, f, 'tomar');
    return { periodo, ...cifrasDe(f) };
  });
  return {
    desde: q.desde,
    hasta: q.hasta,
    turno_horas_dia: par.turno_horas_dia,
    turno_dias: par.turno_dias,
    meses: mesesOut,
    total: { periodo: `${q.desde} – ${q.hasta}`, ...cifrasDe(total) },
    maquinas: porMaquina,
  };
}
