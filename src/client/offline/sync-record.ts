// Persisting one send's outcome on its outbox row (after the fetch, never around it) and the persist() request.
import type { OfflineDb, OutboxItem } from './db';
import type { SyncEvent } from './sync-events';
import { backoffDelay, type SendOutcome } from './sync-outcome';

const PERSIST_KEY = 'persist-requested';

/**
 * success → the row is deleted; reject → 'rejected' with the server's message; auth → back to 'pending'
 * (not a failed attempt); retry → 'retrying', attempts+1, next attempt after backoff. Returns the event.
 */
export async function recordOutcome(
  db: OfflineDb,
  item: OutboxItem,
  outcome: SendOutcome,
  now: number,
  random: () => number,
): Promise<SyncEvent> {
  if (outcome.kind === 'success') {
    await db.outbox.delete(item.id);
    return { type: 'sent', item, status: outcome.status, data: outcome.data, replayed: outcome.replayed };
  }
  if (outcome.kind === 'reject') {
    const changes = { status: 'rejected' as const, lastError: outcome.message, lastStatus: outcome.status };
    await db.outbox.update(item.id, { ...changes, lastErrors: outcome.errors, updatedAt: now });
    const { status, message, body } = outcome;
    return {
      type: 'rejected',
      item: { ...item, ...changes, lastErrors: outcome.errors },
      status,
      message,
      body,
    };
  }
  if (outcome.kind === 'auth') {
    const changes = { status: 'pending' as const, lastError: outcome.message, lastStatus: 401 };
    await db.outbox.update(item.id, { ...changes, updatedAt: now });
    return { type: 'paused', item: { ...item, ...changes } };
  }
  const attempts = item.attempts + 1;
  const nextAttemptAt = now + backoffDelay(attempts, random, outcome.retryAfterMs);
  const changes = {
    status: 'retrying' as const,
    attempts,
    nextAttemptAt,
    lastError: outcome.message,
    lastStatus: outcome.status,
  };
  await db.outbox.update(item.id, { ...changes, updatedAt: now });
  const { status, message } = outcome;
  return { type: 'retrying', item: { ...item, ...changes }, status, message, nextAttemptAt };
}

/** Calls persist() once per device (remembered in `meta`), best effort. */
export async function requestPersistOnce(db: OfflineDb, persist: (() => unknown) | undefined, now: number) {
  if (await db.meta.get(PERSIST_KEY)) return;
  await db.meta.put({ key: PERSIST_KEY, value: now });
  try {
    await persist?.();
  } catch {
    // persistence is best effort: the browser may refuse it
  }
}
