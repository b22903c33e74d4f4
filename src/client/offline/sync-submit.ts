// An interactive save through the outbox: online it resolves with the server's answer (same Idempotency-Key
// protection as a queued item), offline or on a network failure it resolves { queued: true }.
import { ApiError } from '@client/lib/api';
import type { OutboxItem } from './db';
import type { EnqueueInput } from './outbox-store';
import type { SyncEngine } from './sync';
import type { SyncEvent } from './sync-events';

export type SubmitResult<T = unknown> = { queued: false; data: T; replayed: boolean } | { queued: true; item: OutboxItem };

export interface SubmitOptions {
  /** How long to wait for another tab's sender before answering "queued" (longer than the send timeout). */
  waitMs?: number;
}

/**
 * Writes the item, then sends it at once. A 4xx rejection rejects with ApiError and removes the item: the user
 * is still in the form and corrects it there, so it does not also appear as rejected in the panel. A 401 leaves
 * the item queued (it goes after the same user's next login) and resolves queued.
 */
export async function submit<T = unknown>(engine: SyncEngine, input: EnqueueInput, opts: SubmitOptions = {}): Promise<SubmitResult<T>> {
  const item = await engine.add(input);
  return new Promise<SubmitResult<T>>((resolve, reject) => {
    let settled = false;
    const unwatch = engine.watch(item.id);
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      off();
      unwatch();
      clearTimeout(timer);
      fn();
    };
    const queued = () => finish(() => resolve({ queued: true, item }));
    const off = engine.on((event: SyncEvent) => {
      if (event.item.id !== item.id) return;
      if (event.type === 'sent') {
        finish(() => resolve({ queued: false, data: event.data as T, replayed: event.replayed }));
      } else if (event.type === 'rejected') {
        finish(() => {
          void engine.discard(item.id).finally(() => reject(new ApiError(event.status, event.message, event.body)));
        });
      } else {
        queued();
      }
    });
    const timer = setTimeout(queued, opts.waitMs ?? 25_000);
    if (!engine.isOnline()) queued();
    void engine.flush({ force: true }).then(async (ranHere) => {
      if (settled || !ranHere) return; // another tab sends it: wait for its event or the timer
      const current = await engine.db.outbox.get(item.id);
      if (current && current.status !== 'sending') queued(); // blocked behind an earlier item or no session
    });
  });
}
