// Meter readings of the daily reports (docs/architecture.md, "Meter readings"): a report records the hour meter (or
// the odometer) at the start and the end of the day, and that reading, not what is billed, is what the machine worked.
// The plausibility rules live here once: the server checks a report against its machine's other reports by date, the
// device against the readings it has cached and its pending reports. Readings are in the machine's unit: hours on an
// hour meter (`horometro` true), kilometres on an odometer.
import { MSG } from '../messages';
import { toCents } from './money';

/** Most hours an hour meter can advance in one day. */
export const MAX_HOURS_PER_DAY = 24;
/** Default of the most kilometres a machine may travel in a day (ajustes `km_max_dia`). */
export const DEFAULT_KM_PER_DAY = 600;

/** A report's readings, as the plausibility check compares them. */
export interface Lectura {
  /** The report (null: the one being checked, not saved yet). */
  parte_id: number | null;
  nro_parte_interno: string;
  fecha: string;
  horometro_inicial: number;
  horometro_final: number;
}

/** What a refusal says, and which field it is about. */
export interface LecturaRefusal {
  field: 'horometro_inicial' | 'horometro_final';
  message: string;
}

/** The meter's word in messages: 'horómetro' or 'kilometraje'. */
export const meterWord = (horometro: boolean) => (horometro ? 'horómetro' : 'kilometraje');
/** The meter's unit after a figure: 'h' or 'km' (never "horas" on a kilometre machine). */
export const meterUnitLabel = (horometro: boolean) => (horometro ? 'h' : 'km');

const READING = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** A reading as messages print it: thousands separated by commas, at least one decimal ('4,392.5'). */
export const formatReading = (n: number) => READING.format(n);

/** The worked meter of a report: final − initial (exact to the cent). */
export const worked = (l: Pick<Lectura, 'horometro_inicial' | 'horometro_final'>) =>
  (toCents(l.horometro_final) - toCents(l.horometro_inicial)) / 100;

/** Order of a machine's reports by reading: date, then initial reading (two shifts of one day). */
const before = (a: Pick<Lectura, 'fecha' | 'horometro_inicial'>, b: Pick<Lectura, 'fecha' | 'horometro_inicial'>) =>
  a.fecha < b.fecha || (a.fecha === b.fecha && a.horometro_inicial <= b.horometro_inicial);

/**
 * The machine's reports just before and just after `r` (by date, then initial reading), among `others` (the
 * machine's other reports with readings; `r` itself, by `parte_id`, is skipped).
 */
export function neighbours(r: Lectura, others: readonly Lectura[]): { previous: Lectura | null; next: Lectura | null } {
  let previous: Lectura | null = null;
  let next: Lectura | null = null;
  for (const o of others) {
    if (r.parte_id !== null && o.parte_id === r.parte_id) continue;
    if (before(o, r)) {
      if (!previous || before(previous, o)) previous = o;
    } else if (!next || before(o, next)) next = o;
  }
  return { previous, next };
}

export interface PlausibilityOptions {
  horometro: boolean;
  /** Most kilometres per day on an odometer (ajustes `km_max_dia`). */
  kmPorDia?: number;
}

/**
 * Whether the readings of report `r` fit its machine's other reports: final ≥ initial, the initial not below the
 * final of the previous report by date, the final not above the next report's initial, and at most 24 h (or the
 * configured distance) in the day counting the day's other reports. The first refusal, naming the report it conflicts
 * with; null when plausible.
 */
export function checkLectura(r: Lectura, others: readonly Lectura[], opts: PlausibilityOptions): LecturaRefusal | null {
  const word = meterWord(opts.horometro);
  if (toCents(r.horometro_final) < toCents(r.horometro_inicial)) {
    return { field: 'horometro_final', message: MSG.readingFinalBelowInitial(word) };
  }
  const { previous, next } = neighbours(r, others);
  if (previous && toCents(r.horometro_inicial) < toCents(previous.horometro_final)) {
    return {
      field: 'horometro_inicial',
      message: MSG.readingBelowPrevious(
        word,
        formatReading(r.horometro_inicial),
        previous.nro_parte_interno,
        previous.fecha,
        formatReading(previous.horometro_final),
      ),
    };
  }
  if (next && toCents(r.horometro_final) > toCents(next.horometro_inicial)) {
    return {
      field: 'horometro_final',
      message: MSG.readingAboveNext(
        word,
        formatReading(r.horometro_final),
        next.nro_parte_interno,
        next.fecha,
        formatReading(next.horometro_inicial),
      ),
    };
  }
  const sameDay = others.filter((o) => o.fecha === r.fecha && (r.parte_id === null || o.parte_id !== r.parte_id));
  const day = sameDay.reduce((c, o) => c + toCents(worked(o)), toCents(worked(r))) / 100;
  const max = opts.horometro ? MAX_HOURS_PER_DAY : (opts.kmPorDia ?? DEFAULT_KM_PER_DAY);
  if (day > max) {
    return {
      field: 'horometro_final',
      message: MSG.readingDayTooLong(word, formatReading(day), meterUnitLabel(opts.horometro), r.fecha, formatReading(max)),
    };
  }
  return null;
}
