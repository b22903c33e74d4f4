// Lists show outbox rows over cached rows: pending/rejected items mapped to list rows with a marker.
import type { OutboxItem } from './db';

export type PendingMark = 'pendiente' | 'rechazado';
export type WithPending<R> = R & { _pending?: PendingMark; _outboxId?: string };

export interface MergeOptions<R> {
  /** Row identity: a pending edit (same key as a cached row) replaces that row instead of being added. */
  keyOf?: (row: R) => unknown;
}

/**
 * Cached rows plus the resource's outbox items not yet accepted by the server, mapped by `toRow` (return null to
 * skip one, e.g. a DELETE), each marked `_pending: 'pendiente' | 'rechazado'`. New rows go on top, newest first.
 */
export function mergePending<R extends object>(
  rows: readonly R[],
  resource: string,
  toRow: (item: OutboxItem) => R | null | undefined,
  items: readonly OutboxItem[],
  opts: MergeOptions<R> = {},
): WithPending<R>[] {
  // Nothing of this resource waits: the rows themselves, so the table keeps its per-array work (orders, searches).
  if (!items.some((item) => item.resource === resource && item.ackedAt === null)) return rows as WithPending<R>[];
  const merged: WithPending<R>[] = [...rows];
  const added: WithPending<R>[] = [];
  for (const item of items) {
    if (item.resource !== resource || item.ackedAt !== null) continue; // accepted: the server's row shows it
    const row = toRow(item);
    if (!row) continue;
    const mark: PendingMark = item.status === 'rejected' ? 'rechazado' : 'pendiente';
    const marked: WithPending<R> = { ...row, _pending: mark, _outboxId: item.id };
    const key = opts.keyOf?.(row);
    const at = key === undefined || key === null ? -1 : merged.findIndex((r) => opts.keyOf?.(r) === key);
    if (at >= 0) merged[at] = marked;
    else added.unshift(marked);
  }
  return [...added, ...merged];
}
