// Public outbox operations of the app (default engine): enqueue a write, list, discard, resend, pending items.
import type { OutboxItem } from './db';
import { getDefaultEngine } from './default-engine';
import type { EnqueueInput } from './outbox-store';

export type { EnqueueInput } from './outbox-store';
export type { OutboxItem, OutboxMethod, OutboxStatus } from './db';

/** Writes one outbox row (one Dexie transaction, id = Idempotency-Key, user from the session) and flushes. */
export function enqueue(input: EnqueueInput): Promise<OutboxItem> {
  return getDefaultEngine().enqueue(input);
}

/** The current user's items in send order (`allUsers` for every user of this device). */
export function listOutbox(opts: { allUsers?: boolean } = {}): Promise<OutboxItem[]> {
  return getDefaultEngine().list(opts);
}

/** Removes an item for good (not while it is being sent); resolves whether it was removed. */
export function discard(id: string): Promise<boolean> {
  return getDefaultEngine().discard(id);
}

/**
 * Sends again: a rejected item becomes a NEW item (new Idempotency-Key, back of the queue, `newBody` when
 * corrected); a pending/retrying item keeps its key and is attempted now.
 */
export function resend(id: string, newBody?: unknown): Promise<OutboxItem> {
  return getDefaultEngine().resend(id, newBody);
}

/** The current user's items of a resource still on their way (for local projections such as stock). */
export function pendingFor(resource: string): Promise<OutboxItem[]> {
  return getDefaultEngine().pendingFor(resource);
}
