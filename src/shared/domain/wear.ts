// Wear of a machine's parts (docs/architecture.md, "Machinery and wear"), the rules the server's queries and the client's bars share:
// bands, bar width, which daily reports count for a part, the machine's recent daily use and the date by
// which a part reaches its limit. The server computes the same figures in SQL (src/server/lib/wear.ts);
// tests check that both agree. Dates are `YYYY-MM-DD` in Lima time.

export type WearLevel = 'info' | 'warning' | 'danger';

/** Forecasts further than this (100 years) are no forecast: a machine that barely works. */
export const MAX_FORECAST_DAYS = 36500;
/** Days of daily reports the machine's average daily use is taken from (today included). */
export const USAGE_WINDOW_DAYS = 30;
/** The bell and the welcome screen announce parts whose forecast falls within this many days. */
export const FORECAST_SOON_DAYS = 7;

/** The daily-report line unit that feeds a machine's meter: HORA for an hour meter, KM for an odometer. */
export const meterUnit = (horometro: boolean): 'HORA' | 'KM' => (horometro ? 'HORA' : 'KM');

/** Spec bands: below warning info (blue), from warning up to below critical warning (yellow), from critical danger (red). */
export function wearLevel(contador: number, hourWarning: number, hourCritical: number): WearLevel {
  if (contador >= hourCritical) return 'danger';
  if (contador >= hourWarning) return 'warning';
  return 'info';
}

/** Counter as a percentage of the limit, 2 decimals, not clamped (a part used past its limit shows over 100). */
export function wearPercent(contador: number, horasLimite: number): number {
  if (!(horasLimite > 0)) return contador > 0 ? 100 : 0;
  return Math.round((contador / horasLimite) * 10000) / 100;
}

/** Width of the bar, 0 to 100 (%): counter / limit, clamped so a part past its limit fills the bar. */
export function barWidth(contador: number, horasLimite: number): number {
  return Math.min(100, Math.max(0, wearPercent(contador, horasLimite)));
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** First day of the usage window ending `today` (today and the 29 days before it). */
export const usageWindowStart = (today: string) => addDays(today, -(USAGE_WINDOW_DAYS - 1));

/** Average daily meter over the window from the sum of the meter quantities reported in it, 4 decimals. */
export function dailyUsage(meterInWindow: number): number {
  return Math.round((meterInWindow / USAGE_WINDOW_DAYS) * 10000) / 10000;
}

/** What decides whether a daily report counts for a part. */
export interface InsumoDates {
  /** Day of the last change, or null when never changed. */
  last_date_mantenimiento: string | null;
  /** Day the part was assigned to the machine (Lima). */
  fecha_asignacion: string;
}

/**
 * A report counts for a part when it is dated strictly after the part's last change or, never changed, on or
 * after the day it was assigned (a report of the change day belongs to the part that was taken out).
 */
export function countsForInsumo(part: InsumoDates, fecha: string): boolean {
  return part.last_date_mantenimiento ? fecha > part.last_date_mantenimiento : fecha >= part.fecha_asignacion;
}

/**
 * Date by which the part reaches its limit at the machine's average daily use: today when it already has,
 * null when the machine has not worked in the window (no use, no forecast) or the date is over 100 years away, otherwise today plus the days
 * the remaining hours take, rounded up. Computed on integers (hundredths of an hour, ten-thousandths of a
 * day's use) so it matches PostgreSQL's numeric result exactly.
 */
export function forecastDate(contador: number, horasLimite: number, usoDiario: number, today: string): string | null {
  const remaining = Math.round(horasLimite * 100) - Math.round(contador * 100);
  if (remaining <= 0) return today;
  const use = Math.round(usoDiario * 10000);
  if (use <= 0) return null;
  const days = Math.ceil((remaining * 100) / use);
  return days > MAX_FORECAST_DAYS ? null : addDays(today, days);
}

/** True when the forecast falls within FORECAST_SOON_DAYS of today (or the limit is already reached). */
export function reachesLimitSoon(fechaLimite: string | null, today: string): boolean {
  return fechaLimite !== null && fechaLimite <= addDays(today, FORECAST_SOON_DAYS);
}

/** The wear figures of a part, as the server answers them. */
export interface InsumoWear extends InsumoDates {
  horas_alerta: { hour_warning: number; hour_critical: number };
  horas_limite: number;
  contador: number;
  nivel: WearLevel;
  porcentaje: number;
  fecha_limite: string | null;
  uso_diario: number;
}

/**
 * The unit of a pending report's worked meter from its readings (final − initial): it counts on any machine, whatever
 * the billing unit, as the server's meter summary counts it (docs/architecture.md, "Meter readings").
 */
export const READING_UNIT = 'LECTURA';

/** Whether a pending quantity of `unidad` moves the meter of a machine (hour meter or odometer). */
export const countsForMeter = (unidad: string, horometro: boolean) => unidad === READING_UNIT || unidad === meterUnit(horometro);

/**
 * A daily report not yet on the server (offline outbox): its date and its service line, or its worked meter
 * (READING_UNIT) when it has readings. A negative quantity takes back what a saved report counts today (an offline
 * edit replaces its stored report: old negative, new positive).
 */
export interface PendingMeter {
  fecha: string;
  unidad: string;
  cantid: number;
}

const add = (a: number, b: number) => Math.round((a + b) * 100) / 100;

/**
 * The part as it will be once the device's pending reports reach the server (the local projection, like
 * stock for exits): worked meters and meter lines of the machine's unit that count for the part add to its counter, and those
 * inside the usage window to the machine's daily use; band, percentage and forecast follow.
 */
export function projectInsumo<T extends InsumoWear>(part: T, horometro: boolean, pending: readonly PendingMeter[], today: string): T {
  const start = usageWindowStart(today);
  let contador = part.contador;
  let windowExtra = 0;
  for (const p of pending) {
    if (!countsForMeter(p.unidad, horometro) || !p.cantid || !Number.isFinite(p.cantid)) continue;
    if (countsForInsumo(part, p.fecha)) contador = add(contador, p.cantid);
    if (p.fecha >= start && p.fecha <= today) windowExtra = add(windowExtra, p.cantid);
  }
  if (contador === part.contador && windowExtra === 0) return part;
  const uso = windowExtra ? Math.round((part.uso_diario + windowExtra / USAGE_WINDOW_DAYS) * 10000) / 10000 : part.uso_diario;
  return {
    ...part,
    contador,
    uso_diario: uso,
    nivel: wearLevel(contador, part.horas_alerta.hour_warning, part.horas_alerta.hour_critical),
    porcentaje: wearPercent(contador, part.horas_limite),
    fecha_limite: forecastDate(contador, part.horas_limite, uso, today),
  };
}
