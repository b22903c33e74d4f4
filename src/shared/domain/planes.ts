// Preventive maintenance plans (docs/architecture.md, "Preventive plans"): when a task is due, by meter and/or by
// calendar, whichever comes first; its state (overdue, due soon, up to date); its forecast due date from the machine's
// average daily use; and its next due once done, fixed (counted from when it was due) or floating (from when it was
// done). The server's due list and the client's screens use these same rules. Dates are `YYYY-MM-DD` (Lima).
import { toCents } from './money';
import { addDays, forecastDate } from './wear';

export type Programacion = 'FIJA' | 'FLOTANTE';
export type EstadoTarea = 'vencida' | 'proxima' | 'al_dia';

/** What decides when a task is due. At least one of the intervals is set. */
export interface TareaProgramada {
  /** Every so many hours (hour meter) or km (odometer); null: no meter trigger. */
  cada_medidor: number | null;
  /** Every so many days; null: no calendar trigger. */
  cada_dias: number | null;
  /** 'Due soon' this many hours/km before the due meter, and this many days before the due date. */
  margen_medidor: number;
  margen_dias: number;
  programacion: Programacion;
  /** Next due meter and date (null where the task has no such trigger). */
  proximo_medidor: number | null;
  proximo_fecha: string | null;
}

/** When the task was done (or the plan started): the day and the machine's meter then. */
export interface Punto {
  fecha: string;
  medidor: number;
}

const cents = (n: number) => toCents(n);

/** Calendar days from `a` to `b` (`YYYY-MM-DD`). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The first due of a task counted from `base` (the plan's start, or the last time it was done before the plan). */
export function primerVencimiento(t: Pick<TareaProgramada, 'cada_medidor' | 'cada_dias'>, base: Punto) {
  return {
    proximo_medidor: t.cada_medidor === null ? null : (cents(base.medidor) + cents(t.cada_medidor)) / 100,
    proximo_fecha: t.cada_dias === null ? null : addDays(base.fecha, t.cada_dias),
  };
}

/**
 * The next due once the task is done at `hecho`. Floating: counted from when it was done. Fixed: from when it was due,
 * by whole intervals until it falls after the moment it was done (a task done late does not come due at once again).
 */
export function siguienteVencimiento(t: TareaProgramada, hecho: Punto) {
  if (t.programacion === 'FLOTANTE') return primerVencimiento(t, hecho);
  let medidor: number | null = null;
  if (t.cada_medidor !== null && t.cada_medidor > 0) {
    const cada = cents(t.cada_medidor);
    let next = cents(t.proximo_medidor ?? hecho.medidor) + cada;
    // Whole intervals past the reading, counted at once (a loop would take 10^12 turns for 0.01 h up to 10^10 h).
    if (next <= cents(hecho.medidor)) next += (Math.floor((cents(hecho.medidor) - next) / cada) + 1) * cada;
    medidor = next / 100;
  }
  let fecha: string | null = null;
  if (t.cada_dias !== null && t.cada_dias > 0) {
    fecha = addDays(t.proximo_fecha ?? hecho.fecha, t.cada_dias);
    if (fecha <= hecho.fecha) fecha = addDays(fecha, (Math.floor(daysBetween(fecha, hecho.fecha) / t.cada_dias) + 1) * t.cada_dias);
  }
  return { proximo_medidor: medidor, proximo_fecha: fecha };
}

/** Overdue once the meter or the date reaches its due (whichever first); due soon within either margin. */
export function estadoTarea(t: TareaProgramada, medidor: number, hoy: string): EstadoTarea {
  const m = cents(medidor);
  if ((t.proximo_medidor !== null && m >= cents(t.proximo_medidor)) || (t.proximo_fecha !== null && hoy >= t.proximo_fecha)) {
    return 'vencida';
  }
  const soonByMeter = t.proximo_medidor !== null && m >= cents(t.proximo_medidor) - cents(t.margen_medidor);
  const soonByDate = t.proximo_fecha !== null && hoy >= addDays(t.proximo_fecha, -t.margen_dias);
  return soonByMeter || soonByDate ? 'proxima' : 'al_dia';
}

/**
 * The day the task is expected to come due: its due date, or sooner the day the machine's average daily use brings the
 * meter to its due meter (the wear forecast's rule: today once reached; none while the machine does not work).
 */
export function pronosticoTarea(t: TareaProgramada, medidor: number, usoDiario: number, hoy: string): string | null {
  // forecastDate works on the daily use's 4 decimals, as the SQL of the due list and of the wear forecast do.
  const porMedidor = t.proximo_medidor === null ? null : forecastDate(medidor, t.proximo_medidor, usoDiario, hoy);
  const fechas = [porMedidor, t.proximo_fecha].filter((d): d is string => d !== null);
  return fechas.length ? fechas.reduce((a, b) => (a < b ? a : b)) : null;
}

/** Done on time: before the meter or the date it was due by (a task with neither trigger set is always on time). */
export function aTiempo(t: Pick<TareaProgramada, 'proximo_medidor' | 'proximo_fecha'>, hecho: Punto): boolean {
  const byMeter = t.proximo_medidor === null || cents(hecho.medidor) <= cents(t.proximo_medidor);
  const byDate = t.proximo_fecha === null || hecho.fecha <= t.proximo_fecha;
  return byMeter && byDate;
}
