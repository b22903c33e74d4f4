// Warehouse domain rules shared by server and client: search normalizer, stock deltas of line edits,
// and the available stock of a supply (cached stock minus pending outflows).
import { toCents } from './money';

/** Lower case, accents removed, spaces collapsed: the supplies' `search_text` and the search query. */
export function normalizeSearch(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** search_text stored for a supply: code and name together. */
export function insumoSearchText(codigo: string, name: string): string {
  return normalizeSearch(`${codigo} ${name}`).slice(0, 300);
}

export interface StoredLine {
  insumo_id: number;
  cantidad: number;
}

/**
 * Net stock change per supply, in cents, of replacing `before` lines by `after` lines (outflow positive:
 * what must leave the warehouse now). Creating an exit: before = []. Deleting: after = [].
 */
export function outflowDeltas(before: readonly StoredLine[], after: readonly StoredLine[]): Map<number, number> {
  const d = new Map<number, number>();
  for (const l of before) d.set(l.insumo_id, (d.get(l.insumo_id) ?? 0) - toCents(l.cantidad));
  for (const l of after) d.set(l.insumo_id, (d.get(l.insumo_id) ?? 0) + toCents(l.cantidad));
  for (const [k, v] of d) if (v === 0) d.delete(k);
  return d;
}

/** Sum of quantities per supply, in cents. */
export function quantitiesByInsumo(lines: readonly StoredLine[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const l of lines) m.set(l.insumo_id, (m.get(l.insumo_id) ?? 0) + toCents(l.cantidad));
  return m;
}
