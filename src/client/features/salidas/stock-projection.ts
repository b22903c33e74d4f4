// Local stock projection of the exit form (docs/architecture.md, offline engine): available = stock − what pending
// outbox exits will still take + what this exit already took (its stored lines come back on save) − the form's other
// lines.
import { outflowDeltas, type StoredLine } from '@shared/domain/stock';
import { toCents } from '@shared/domain/money';
import { recordPending, type OutboxItem } from '@client/offline';
import { salidasOffline } from './offline';

/** The quantity fields of an exit line, as the form and the outbox body carry them. */
export interface SalidaLineQty {
  salida_det_id?: number | null;
  insumo_id: number;
  cantidad: number;
  /** Quantity stored on the server for this line (0 for a new line). */
  old_cantidad?: number | null;
}

/** What the server stock already lacks because of this exit: its saved lines (kept or trashed) at their stored quantity. */
export function storedLinesOf(lines: readonly SalidaLineQty[], trash: readonly SalidaLineQty[] = []): StoredLine[] {
  return [...lines, ...trash]
    .filter((l) => l.salida_det_id != null)
    .map((l) => ({ insumo_id: l.insumo_id, cantidad: Number(l.old_cantidad ?? l.cantidad) }));
}

/**
 * Cents per supply that exits still in the outbox (pending, sending, retrying; not rejected) will take from the
 * server's stock when they arrive. An edit counts only what it adds over its stored lines; deletes and decreases
 * are not counted until the server confirms them (the projection never promises stock that is not there yet).
 */
export function pendingOutflow(items: readonly OutboxItem[], excludeId?: string): Map<number, number> {
  const total = new Map<number, number>();
  for (const { item, body } of salidasOffline.pending(items)) {
    if (item.status === 'rejected' || !recordPending(item) || item.id === excludeId) continue;
    const lines = body.salidas_det ?? [];
    const before = item.method === 'PUT' ? storedLinesOf(lines, body.trash ?? []) : [];
    const after = lines.map((l) => ({ insumo_id: l.insumo_id, cantidad: Number(l.cantidad) }));
    for (const [insumoId, cents] of outflowDeltas(before, after)) {
      if (cents > 0) total.set(insumoId, (total.get(insumoId) ?? 0) + cents);
    }
  }
  return total;
}

export interface AvailabilityInput {
  /** Stock of the supply as last known (server search, cached catalogue or the loaded exit line). */
  stock: number;
  insumoId: number;
  /** pendingOutflow() of the outbox. */
  pending: ReadonlyMap<number, number>;
  /** This exit's saved lines (storedLinesOf), whose stock returns when the edit is saved. */
  stored?: readonly StoredLine[];
  /** The form's other lines (not the one being added or edited). */
  otherLines?: readonly { insumo_id: number; cantidad: number }[];
}

/** Quantity still available for one line of the form, never below 0. */
export function availableForLine({ stock, insumoId, pending, stored = [], otherLines = [] }: AvailabilityInput): number {
  const sum = (ls: readonly { insumo_id: number; cantidad: number }[]) =>
    ls.filter((l) => l.insumo_id === insumoId).reduce((c, l) => c + toCents(l.cantidad), 0);
  const cents = toCents(stock) - (pending.get(insumoId) ?? 0) + sum(stored) - sum(otherLines);
  return Math.max(0, cents) / 100;
}
