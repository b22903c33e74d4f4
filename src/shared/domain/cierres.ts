// The monthly close's rules on periods ('YYYY-MM'), shared by the server's guard and the client's warning
// (docs/costs.md, "Monthly close"): a month is closed for writes when it, or any later month, is closed.
import { LABELS, MSG } from '../messages';

const MESES = LABELS.cierres.meses;

/** The period of a date 'YYYY-MM-DD'. */
export const periodoOf = (fecha: string): string => fecha.slice(0, 7);

/** 'octubre de 2026' for '2026-10'. */
export function periodoLabel(periodo: string): string {
  const [y, m] = periodo.split('-').map(Number);
  return `${MESES[(m ?? 1) - 1] ?? ''} de ${y}`;
}

/** The period before this one ('2026-01' → '2025-12'). */
export function periodoAnterior(periodo: string): string {
  const [y, m] = periodo.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The closed month that forbids a movement dated in `periodo`: the month itself when closed, else the first closed
 * month after it (a movement before a closed month would revalue that month's exits); null when none does.
 */
export function cierreQueBloquea(cerrados: readonly string[], periodo: string): string | null {
  let best: string | null = null;
  for (const c of cerrados) if (c >= periodo && (best === null || c < best)) best = c;
  return best;
}

/** The refusal of a movement dated in `periodo` while `cerrado` (itself or a later month) is closed. */
export function mensajeMesCerrado(periodo: string, cerrado: string): string {
  return cerrado === periodo ? MSG.mesCerrado(periodoLabel(periodo)) : MSG.mesAnteriorACierre(periodoLabel(periodo), periodoLabel(cerrado));
}
