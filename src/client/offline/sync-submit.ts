// Saving through the outbox and waiting for the outcome, for a form's save and for the corrected resend of a
// rejected item alike: online it resolves with the server's answer (same Idempotency-Key protection as a queued
// item), offline, on a network failure or behind an earlier item it resolves { queued: true }.
import { ApiError } from '@client/lib/api';
import type { OutboxItem } from './db';
import type { EnqueueInput, ResendChanges } from './outbox-store';
import type { SyncEngine } from './sync';
import type { SyncEvent } from './sync-events';

export type SubmitResult<T = unknown> = { queued: false; data: T; replayed: boolean } | { queued: true; item: OutboxItem };

export interface SubmitOptions {
  /** How long to wait for another tab's sender before answering "queued" (longer than the send timeout). */
  waitMs?: number;
}

/** The server refused the save (4xx). `itemId`: the rejected item kept in the outbox, null when none was kept. */
export class OutboxRejection extends ApiError {
  constructor(
    status: number,
    message: string,
    body: unknown,
    public readonly itemId: string | null,
  ) {
    super(status, message, body);
    this.name = 'OutboxRejection';
  }
}

/**
 * The one waiter: flushes the written `item` at once and settles on its first outcome. 'sent' resolves with the
 * answer (files, if any, keep uploading in the background); 'retrying', 'paused', no connection, the timer, or
 * the item blocked behind an earlier one resolve queued; 'rejected' rejects with OutboxRejection, after removing
 * the item unless `keepRejected`.
 */
function awaitOutcome<T>(engine: SyncEngine, item: OutboxItem, keepRejected: boolean, opts: SubmitOptions): Promise<SubmitResult<T>> {
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
          const refuse = (kept: string | null) => reject(new OutboxRejection(event.status, event.message, event.body, kept));
          if (keepRejected) refuse(item.id);
          else void engine.discard(item.id).finally(() => refuse(null));
        });
      } else if (event.type === 'retrying' || event.type === 'paused') {
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

/**
 * A form's save: writes the item, then waits for its outcome. A rejection removes the item (the user is still in
 * the form and corrects it there, so it does not also appear as rejected in the panel). A 401 leaves the item
 * queued (it goes after the same user's next login) and resolves queued.
 */
export async function submit<T = unknown>(engine: SyncEngine, input: EnqueueInput, opts: SubmitOptions = {}): Promise<SubmitResult<T>> {
  return awaitOutcome<T>(engine, await engine.add(input), false, opts);
}

/**
 * 'Abrir y corregir': the corrected copy replaces the rejected item (new key, its files follow unless `changes`
 * gives a new set) and waits like a form's save. Refused again, it stays in the outbox as the rejected item
 * (`OutboxRejection.itemId`), so closing the form never loses it.
 */
export async function resubmit<T = unknown>(
  engine: SyncEngine,
  id: string,
  changes: ResendChanges,
  opts: SubmitOptions = {},
): Promise<SubmitResult<T>> {
  return awaitOutcome<T>(engine, await engine.requeue(id, changes), true, opts);
}
