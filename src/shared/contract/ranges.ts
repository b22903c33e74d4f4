// The widest date range each list answers (docs/architecture.md, "Bounded lists"), declared once: the list's body
// schema refuses a wider or a missing range before any query runs, the client's date filter stops the user inside
// it, and the OpenAPI document states it. High-volume lists (exits, daily reports, the audit log) allow a year;
// the others a few.
import type { z } from 'zod';
import { FIELD } from '../messages';

/** Most months from `fini` to `ffin`, per list (the resource's name). */
export const RANGE_MONTHS = {
  salidas: 12,
  partesdiarios: 12,
  auditoria: 12,
  ingresos: 24,
  pedidos: 24,
  movimientos: 24,
  fallas: 60,
  reparaciones: 60,
  valoriza: 60,
  ordenestrabajo: 60,
  inventarios: 60,
} as const;

/** Issue parameter that makes the field message the answer's message too (server/plugins/errors.ts). */
export const LEAD_ISSUE = { lead: true } as const;

const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The latest `ffin` a range starting on `fini` may reach: `months` calendar months later, less one day. */
export function rangeLastDay(fini: string, months: number): string {
  const [y, m, d] = fini.split('-').map(Number);
  const days = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return ymd(y, m - 1 + months, Math.min(d, days) - 1);
}

/** The earliest `fini` a range ending on `ffin` may start from (the widest range up to that day). */
export function rangeFirstDay(ffin: string, months: number): string {
  const [y, m, d] = ffin.split('-').map(Number);
  let first = ymd(y, m - 1 - months, d + 1);
  // Short months clamp the last day: step forward to the first start whose range still reaches ffin.
  while (rangeLastDay(first, months) < ffin) first = ymd(+first.slice(0, 4), +first.slice(5, 7) - 1, +first.slice(8) + 1);
  return first;
}

/** How the bound reads to a user: '1 año', '2 años', '18 meses'. */
export const rangeLabel = (months: number) => (months % 12 === 0 ? `${months / 12} ${months === 12 ? 'año' : 'años'}` : `${months} meses`);

/** The message for a range past the bound, or null when it is inside (both dates given, in order). */
export function rangeTooWide(fini: string, ffin: string, months: number): string | null {
  return ffin > rangeLastDay(fini, months) ? FIELD.rangeTooWide(rangeLabel(months)) : null;
}

interface Range {
  fini?: string | null;
  ffin?: string | null;
}

/**
 * Adds to a list filter schema the checks of its range: both dates, in order, at most `months` apart. The
 * messages say how to narrow the filter; the first becomes the answer's message. When `open(filter)` holds (a
 * filter narrow by itself, as one supply's kardex), the range may be left open or half open.
 */
export function boundedRange(months: number, open?: (filter: never) => boolean) {
  return (value: object, ctx: z.RefinementCtx) => {
    const v = value as Range;
    if ((!v.fini || !v.ffin) && open?.(value as never)) return;
    if (!v.fini || !v.ffin) {
      const path = [v.fini ? 'ffin' : 'fini'];
      ctx.addIssue({ code: 'custom', message: FIELD.rangeRequired(rangeLabel(months)), path, params: LEAD_ISSUE });
    } else if (v.fini > v.ffin) {
      ctx.addIssue({ code: 'custom', message: FIELD.dateRangeOrder, path: ['ffin'], params: LEAD_ISSUE });
    } else {
      const wide = rangeTooWide(v.fini, v.ffin, months);
      if (wide) ctx.addIssue({ code: 'custom', message: wide, path: ['ffin'], params: LEAD_ISSUE });
    }
  };
}

/** The sentence the OpenAPI document adds to a bounded list. */
export const rangeDoc = (months: number) =>
  `\`fini\` y \`ffin\` son obligatorios y distan a lo más ${rangeLabel(months)}; si no, 400 con el mensaje de cómo acortar el filtro.`;
