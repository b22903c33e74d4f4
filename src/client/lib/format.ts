// Lima-time date helpers (YYYY-MM-DD on the wire) and es-PE display formats for dates, times and numbers.
import { LIMA_TZ, limaDate } from '@shared/domain/dates';
import { formatNumber } from '@shared/domain/numbers';

/** First day of the current Lima month as `YYYY-MM-DD`. */
export function firstDayOfMonthLima(now: Date | number = Date.now()): string {
  return `${limaDate(now).slice(0, 8)}01`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isValidYmd(value: string): boolean {
  const m = YMD.exec(value);
  if (!m || value.length !== 10) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * Display form of a date. The spec formats dates year-month-day, so a `YYYY-MM-DD` string is returned
 * as is; a timestamp (ISO string, Date, epoch ms) is converted to its Lima calendar date.
 */
export function formatDate(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (value.length === 10 && YMD.test(value)) return value;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : limaDate(d);
  }
  return limaDate(value);
}

// Made on first use (building it loads locale and zone data; the login screen imports this module and never calls it).
let timeFormatter: Intl.DateTimeFormat | undefined;

/** `YYYY-MM-DD HH:mm:ss` in Lima time (es-PE, 24 h). */
export function formatDateTime(value: string | Date | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  timeFormatter ??= new Intl.DateTimeFormat('es-PE', {
    timeZone: LIMA_TZ,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return `${limaDate(d)} ${timeFormatter.format(d)}`;
}

// Numbers on screen, one es-PE family (shared/domain/numbers.ts, the same the PDFs print): '12,345.67'.

/** Money and quantities (stock, units): 2 decimals, es-PE grouping (`1,234.50`); '' for null/undefined/NaN. */
export const formatMoney = (value: number | string | null | undefined): string => formatNumber(value, 'amount');

/** Hours, kilometres and percentages: up to 2 decimals, es-PE grouping (`4,392.5`); '' for null/undefined/NaN. */
export const formatMeasure = (value: number | string | null | undefined): string => formatNumber(value, 'measure');

/** A unit cost: 2 to 4 decimals (S/ 3.3333 per unit), es-PE grouping; '' for null/undefined/NaN. */
export const formatUnitCost = (value: number | null | undefined): string => formatNumber(value, 'unitCost');

/** Size of a file for people: `850 KB`, `2.4 MB` (es-PE uses the decimal point). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
