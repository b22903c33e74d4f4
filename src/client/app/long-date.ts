// The login screen's Lima calendar: its date line in Spanish ('domingo, 22 de noviembre de 2026', the es-PE
// way: 'setiembre') and the footer's year. No Intl formatter: the first one a page builds loads the ICU locale and
// zone data, about 100 ms of a slow tablet's main thread before the login form could be drawn. Lima keeps UTC−5 the
// whole year (no daylight saving since 1994), so its calendar day is UTC's five hours back.
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';

const LIMA_OFFSET_MS = 5 * 60 * 60 * 1000;

const limaDay = (now: Date | number) => new Date((typeof now === 'number' ? now : now.getTime()) - LIMA_OFFSET_MS);

export function formatLongDateEs(now: Date | number = Date.now()): string {
  const d = limaDay(now);
  const { weekdays, months } = LABELS.calendar;
  return `${weekdays[d.getUTCDay()]}, ${d.getUTCDate()} de ${months[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

/** The year in Lima, as `YYYY`. */
export function limaYear(now: Date | number = Date.now()): string {
  return String(limaDay(now).getUTCFullYear());
}
