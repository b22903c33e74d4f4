// Persisting one send's outcome on its outbox row (after the fetch, never around it), for the item itself or for
// one of its files, and the persist() request.
import { MSG } from '@shared/messages';
import type { OfflineDb, OutboxFile, OutboxItem } from './db';
import { discardFiles, fileInfo, listFiles } from './outbox-files';
import { releaseClaimed } from './outbox-store';
import type { SyncEvent } from './sync-events';
import { idFromAnswer } from './sync-send';
import { backoffDelay, type SendOutcome } from './sync-outcome';

const PERSIST_KEY = 'persist-requested';

/** Changes of an item that backs off after an attempt that got no usable answer. */
function backoff(attempts: number, outcome: Extract<SendOutcome, { kind: 'retry' }>, now: number, random: () => number) {
  const nextAttemptAt = now + backoffDelay(attempts, random, outcome.retryAfterMs);
  return { status: 'retrying' as const, attempts, nextAttemptAt, lastError: outcome.message, lastStatus: outcome.status };
}

/**
 * success → the row is deleted, or, when it carries files, kept as accepted (server id, files still to go);
 * reject → 'rejected' with the server's message; auth → back to 'pending' (not a failed attempt); retry →
 * 'retrying', attempts+1, next attempt after backoff. Returns the event.
 */
export async function recordOutcome(
  db: OfflineDb,
  item: OutboxItem,
  outcome: SendOutcome,
  now: number,
  random: () => number,
): Promise<SyncEvent> {
  if (outcome.kind === 'success') {
    const accepted = await db.transaction('rw', db.outbox, db.files, async () => {
      const files = item.upload ? await db.files.where('outboxId').equals(item.id).count() : 0;
      if (files === 0) {
        await db.outbox.delete(item.id);
        return item;
      }
      const serverId = idFromAnswer(outcome.data, item.upload?.idField ?? 'id');
      const changes = { status: 'pending' as const, ackedAt: now, serverId, attempts: 0, lastError: null, lastStatus: null };
      await db.outbox.update(item.id, { ...changes, nextAttemptAt: now, updatedAt: now });
      return { ...item, ...changes };
    });
    return { type: 'sent', item: accepted, status: outcome.status, data: outcome.data, replayed: outcome.replayed };
  }
  if (outcome.kind === 'reject') {
    const changes = { status: 'rejected' as const, lastError: outcome.message, lastStatus: outcome.status };
    await db.outbox.update(item.id, { ...changes, lastErrors: outcome.errors, updatedAt: now });
    const { status, message, body } = outcome;
    return { type: 'rejected', item: { ...item, ...changes, lastErrors: outcome.errors }, status, message, body };
  }
  if (outcome.kind === 'auth') {
    const changes = { status: 'pending' as const, lastError: outcome.message, lastStatus: 401 };
    await db.outbox.update(item.id, { ...changes, updatedAt: now });
    return { type: 'paused', item: { ...item, ...changes } };
  }
  const changes = backoff(item.attempts + 1, outcome, now, random);
  await db.outbox.update(item.id, { ...changes, updatedAt: now });
  const { status, message } = outcome;
  return { type: 'retrying', item: { ...item, ...changes }, status, message, nextAttemptAt: changes.nextAttemptAt };
}

/** One answered attempt of a plain item, to record. */
export interface SentOutcome {
  item: OutboxItem;
  outcome: SendOutcome;
}

/**
 * The outcomes of several items sent one after another, recorded in one transaction (each exactly as
 * recordOutcome), and the claimed items the queue stopped before released to 'pending'. Returns the events in order.
 */
export function recordOutcomes(
  db: OfflineDb,
  sent: readonly SentOutcome[],
  unsent: readonly string[],
  now: number,
  random: () => number,
): Promise<SyncEvent[]> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const events: SyncEvent[] = [];
    for (const { item, outcome } of sent) events.push(await recordOutcome(db, item, outcome, now, random));
    await releaseClaimed(db, unsent, now);
    return events;
  });
}

/**
 * One file's upload answered (same table as items): success → 'sent'; reject → 'rejected' with the reason and the
 * item goes on with its other files (no event until they are all answered); auth → pause; retry → the file and
 * the item back off. Returns the event, or null.
 */
export async function recordFileOutcome(
  db: OfflineDb,
  item: OutboxItem,
  file: OutboxFile,
  outcome: SendOutcome,
  now: number,
  random: () => number,
): Promise<SyncEvent | null> {
  const ready = { status: 'pending' as const, attempts: 0, lastError: null, lastStatus: null };
  let fileChanges: Partial<OutboxFile>;
  let itemChanges: Partial<OutboxItem>;
  if (outcome.kind === 'success') [fileChanges, itemChanges] = [{ status: 'sent', lastError: null, lastStatus: null }, ready];
  else if (outcome.kind === 'reject') {
    [fileChanges, itemChanges] = [{ status: 'rejected', lastError: outcome.message, lastStatus: outcome.status }, ready];
  } else if (outcome.kind === 'auth') {
    [fileChanges, itemChanges] = [{ status: 'pending' }, { status: 'pending', lastError: outcome.message, lastStatus: 401 }];
  } else {
    const changes = backoff(file.attempts + 1, outcome, now, random);
    fileChanges = { status: 'retrying', attempts: changes.attempts, lastError: outcome.message, lastStatus: outcome.status };
    itemChanges = changes;
  }
  await db.transaction('rw', db.outbox, db.files, async () => {
    await db.files.update(file.id, { ...fileChanges, updatedAt: now });
    await db.outbox.update(item.id, { ...itemChanges, updatedAt: now });
  });
  const next = { ...item, ...itemChanges };
  const info = fileInfo({ ...file, ...fileChanges });
  if (outcome.kind === 'success') return { type: 'uploaded', item: next, file: info, status: outcome.status, data: outcome.data };
  if (outcome.kind === 'auth') return { type: 'paused', item: next, file: info };
  if (outcome.kind === 'retry') {
    const { status, message } = outcome;
    return { type: 'retrying', item: next, file: info, status, message, nextAttemptAt: next.nextAttemptAt };
  }
  return null;
}

/** The outcome of a file that cannot be uploaded because the server's answer named no id for its record. */
export const noServerId = (): SendOutcome => ({ kind: 'reject', status: 0, message: MSG.syncUploadNoId, body: null, errors: null });

/**
 * An accepted item with no file left to upload: done (it leaves the outbox with its files) when every file was
 * accepted; 'rejected', naming the refused files and their reasons, when some were refused.
 */
export async function finishUploads(db: OfflineDb, item: OutboxItem, now: number): Promise<SyncEvent | null> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const refused = (await listFiles(db, item.id)).filter((f) => f.status === 'rejected');
    if (refused.length === 0) {
      await db.outbox.delete(item.id);
      await discardFiles(db, item.id);
      return null;
    }
    const message = MSG.syncFilesRefused(refused.map((f) => `${f.name} (${f.lastError ?? ''})`).join('; '));
    const changes = { status: 'rejected' as const, lastError: message, lastStatus: refused[0].lastStatus };
    await db.outbox.update(item.id, { ...changes, updatedAt: now });
    return { type: 'rejected', item: { ...item, ...changes }, status: changes.lastStatus ?? 0, message, body: null } as const;
  });
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
