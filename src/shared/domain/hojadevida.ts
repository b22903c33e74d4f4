// The date range of a machine's record and its state history (docs/architecture.md, "Hoja de vida"): both ends
// optional, by default the last 12 months up to today (Lima days), the same on the server and the client.
import { addDays } from './wear';

/** The same day one year before (29 February → 28 February). */
function yearBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `fini`/`ffin` as asked, the missing ones from the default: the 12 months ending on `ffin` (or today). */
export function rangoHojaDeVida(q: { fini?: string | null; ffin?: string | null }, today: string): { fini: string; ffin: string } {
  const ffin = q.ffin ?? (q.fini && q.fini > today ? q.fini : today);
  const fini = q.fini ?? addDays(yearBefore(ffin), 1);
  return { fini, ffin };
}
