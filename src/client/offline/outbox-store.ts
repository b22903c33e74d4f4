// Outbox rows in Dexie: add, list, discard, resend and the "next item to send" query (no network here).
import type { OfflineDb, OutboxItem, OutboxMethod, UploadSpec } from './db';
import { discardFiles, fileRows, moveFilesTo, retryRefusedFiles, type AttachmentInput } from './outbox-files';

export interface EnqueueInput {
  resource: string;
  method: OutboxMethod;
  url: string;
  body?: unknown;
  label: string;
  meta?: Record<string, unknown>;
  /** Files uploaded one by one after the server accepted the item (needs `upload`). */
  files?: readonly AttachmentInput[];
  upload?: UploadSpec | null;
}

/** Who saves: the session user, stored on the item so it is only ever sent with that user's token. */
export interface ItemOwner {
  userId: number;
  userName: string | null;
}

const SEQ_KEY = 'outbox-seq';

/** Next value of the outbox order counter; call inside a rw transaction over `outbox` and `meta`. */
async function nextSeq(db: OfflineDb): Promise<number> {
  const row = await db.meta.get(SEQ_KEY);
  const last = await db.outbox.orderBy('seq').last();
  const seq = Math.max(typeof row?.value === 'number' ? row.value : 0, last?.seq ?? 0) + 1;
  await db.meta.put({ key: SEQ_KEY, value: seq });
  return seq;
}

/** The one place an outbox item is built: a fresh key, its place `seq` in the queue, nothing attempted yet. */
function buildItem(input: EnqueueInput, owner: ItemOwner, seq: number, now: number): OutboxItem {
  return {
    id: crypto.randomUUID(),
    seq,
    userId: owner.userId,
    userName: owner.userName,
    resource: input.resource,
    method: input.method,
    url: input.url,
    body: input.body,
    label: input.label,
    meta: input.meta ?? {},
    upload: input.upload ?? null,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    lastStatus: null,
    lastErrors: null,
    createdAt: now,
    updatedAt: now,
    ackedAt: null,
    serverId: null,
  };
}

const TABLES = (db: OfflineDb) => [db.outbox, db.files, db.meta];

/** Writes one pending item and its files in one transaction and returns it. */
export async function addItem(db: OfflineDb, input: EnqueueInput, owner: ItemOwner, now: number): Promise<OutboxItem> {
  if (input.files?.length && !input.upload) throw new Error('offline outbox: files need an upload spec');
  return db.transaction('rw', TABLES(db), async () => {
    const item = buildItem(input, owner, await nextSeq(db), now);
    await db.outbox.add(item);
    if (input.files?.length) await db.files.bulkAdd(fileRows(item.id, input.files, now));
    return item;
  });
}

/** All items in send order; only the given user's when `userId` is a number. */
export async function listItems(db: OfflineDb, userId?: number | null): Promise<OutboxItem[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return userId === undefined ? all : all.filter((i) => i.userId === userId);
}

/** Deletes an item and its files unless it is being sent right now; returns whether it was removed. */
export async function discardItem(db: OfflineDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.status === 'sending') return false;
    await db.outbox.delete(id);
    await discardFiles(db, id);
    return true;
  });
}

export interface ResendChanges {
  /** The corrected body; undefined keeps the item's. */
  body?: unknown;
  /** The corrected set of files; undefined keeps the item's (they follow the resend). */
  files?: readonly AttachmentInput[];
}

/**
 * Sends an item again. A rejected item (the server changed nothing) is replaced by a NEW item with a new
 * id/Idempotency-Key at the back of the queue, with the corrected body and files when given; its files follow it.
 * A pending or retrying item may already have reached the server, so it keeps its key and is only made due now.
 * An item the server accepted (only files left) retries its refused uploads under new keys. Correcting anything
 * but a rejected, never accepted item is refused (it could create a second record).
 */
export async function resendItem(db: OfflineDb, id: string, now: number, changes: ResendChanges = {}): Promise<OutboxItem> {
  return db.transaction('rw', TABLES(db), async () => {
    const old = await db.outbox.get(id);
    if (!old) throw new Error(`outbox item ${id} not found`);
    const corrects = changes.body !== undefined || changes.files !== undefined;
    if (old.status !== 'rejected' || old.ackedAt !== null) {
      if (corrects) throw new Error('only a rejected item not yet on the server can be corrected');
      if (old.status === 'sending') return old;
      if (old.ackedAt !== null) await retryRefusedFiles(db, old.id, now);
      const due: OutboxItem = { ...old, status: old.status === 'rejected' ? 'pending' : old.status, nextAttemptAt: now, updatedAt: now };
      await db.outbox.put(due);
      return due;
    }
    const body = changes.body === undefined ? old.body : changes.body;
    const fresh = buildItem({ ...old, body, meta: { ...old.meta, resentFrom: old.id } }, old, await nextSeq(db), now);
    await db.outbox.delete(old.id);
    await db.outbox.add(fresh);
    await moveFilesTo(db, old.id, fresh.id, now, changes.files);
    return fresh;
  });
}

/** Items (and files) left in 'sending' by a crashed or closed sender become 'pending' again, keeping their keys. */
export async function recoverSending(db: OfflineDb, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const stuck = await db.outbox.where('status').equals('sending').toArray();
    for (const item of stuck) await db.outbox.put({ ...item, status: 'pending', updatedAt: now });
    await db.files.where('status').equals('sending').modify({ status: 'pending', updatedAt: now });
    return stuck.length;
  });
}

export type NextPick = { kind: 'send'; items: OutboxItem[] } | { kind: 'wait'; until: number } | { kind: 'empty' };

/** An item sent in one request and done once answered: no files to upload after it. */
export const isPlainItem = (item: OutboxItem): boolean => item.upload === null && item.ackedAt === null;

const isDue = (item: OutboxItem, now: number) => item.status === 'pending' || (item.status === 'retrying' && item.nextAttemptAt <= now);

/**
 * In one transaction: finds the user's first item in order that is not rejected (the head); when it is due (or
 * `force`), marks it 'sending' and returns it, with up to `max - 1` of the items right behind it when they are all
 * plain (no files) and due, so a long queue costs one claim per run of items instead of one per item; when the
 * head is backing off, returns when it will be due.
 */
export async function claimNext(db: OfflineDb, userId: number, now: number, force: boolean, max = 1): Promise<NextPick> {
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox
      .orderBy('seq')
      .filter((i) => i.userId === userId && i.status !== 'rejected')
      .limit(Math.max(1, max))
      .toArray();
    const head = rows[0];
    if (!head) return { kind: 'empty' } as const;
    if (head.status === 'sending') return { kind: 'wait', until: now + 1_000 } as const; // not ours: look again soon
    if (head.status === 'retrying' && head.nextAttemptAt > now && !force) {
      return { kind: 'wait', until: head.nextAttemptAt } as const;
    }
    const run = [head];
    if (isPlainItem(head)) {
      for (const next of rows.slice(1)) {
        if (!isPlainItem(next) || !isDue(next, now)) break;
        run.push(next);
      }
    }
    const items = run.map((i): OutboxItem => ({ ...i, status: 'sending', updatedAt: now }));
    await db.outbox.bulkPut(items);
    return { kind: 'send', items } as const;
  });
}

/** Items claimed by claimNext but not sent (the queue stopped before them) go back to 'pending', keeping their keys. */
export async function releaseClaimed(db: OfflineDb, ids: readonly string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.outbox
    .where('id')
    .anyOf([...ids])
    .modify((i) => {
      if (i.status !== 'sending') return;
      i.status = 'pending';
      i.updatedAt = now;
    });
}
