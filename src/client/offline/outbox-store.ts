// Outbox rows in Dexie: add, list, discard, resend and the "next item to send" query (no network here).
import type { OfflineDb, OutboxItem, OutboxMethod } from './db';

export interface EnqueueInput {
  resource: string;
  method: OutboxMethod;
  url: string;
  body?: unknown;
  label: string;
  meta?: Record<string, unknown>;
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

/** Writes one pending item in one transaction and returns it. */
export async function addItem(db: OfflineDb, input: EnqueueInput, userId: number, now: number): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const item: OutboxItem = {
      id: crypto.randomUUID(),
      seq: await nextSeq(db),
      userId,
      resource: input.resource,
      method: input.method,
      url: input.url,
      body: input.body,
      label: input.label,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      lastStatus: null,
      lastErrors: null,
      createdAt: now,
      updatedAt: now,
      meta: input.meta ?? {},
    };
    await db.outbox.add(item);
    return item;
  });
}

/** All items in send order; only the given user's when `userId` is a number. */
export async function listItems(db: OfflineDb, userId?: number | null): Promise<OutboxItem[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return userId === undefined ? all : all.filter((i) => i.userId === userId);
}

/** Items of a resource still on their way (pending, sending, retrying), in send order. */
export async function pendingItems(db: OfflineDb, resource: string, userId?: number | null): Promise<OutboxItem[]> {
  const rows = await db.outbox.where('resource').equals(resource).toArray();
  return rows.filter((i) => i.status !== 'rejected' && (userId === undefined || i.userId === userId)).sort((a, b) => a.seq - b.seq);
}

/** Deletes an item unless it is being sent right now; returns whether it was removed. */
export async function discardItem(db: OfflineDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.status === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/**
 * Sends an item again. A rejected item (the server changed nothing) is replaced by a NEW item with a new
 * id/Idempotency-Key at the back of the queue, with `newBody` when corrected. A pending or retrying item may
 * already have reached the server, so it keeps its key and is only made due now; correcting its body is
 * refused (it could create a second record).
 */
export async function resendItem(db: OfflineDb, id: string, now: number, newBody?: unknown): Promise<OutboxItem> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const old = await db.outbox.get(id);
    if (!old) throw new Error(`outbox item ${id} not found`);
    if (old.status !== 'rejected') {
      if (newBody !== undefined) throw new Error('only a rejected item can be corrected');
      if (old.status === 'sending') return old;
      const due: OutboxItem = { ...old, status: old.status, nextAttemptAt: now, updatedAt: now };
      await db.outbox.put(due);
      return due;
    }
    const fresh: OutboxItem = {
      ...old,
      id: crypto.randomUUID(),
      seq: await nextSeq(db),
      body: newBody === undefined ? old.body : newBody,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      lastStatus: null,
      lastErrors: null,
      createdAt: now,
      updatedAt: now,
      meta: { ...old.meta, resentFrom: old.id },
    };
    await db.outbox.delete(old.id);
    await db.outbox.add(fresh);
    return fresh;
  });
}

/** Items left in 'sending' by a crashed or closed sender become 'pending' again, keeping their key. */
export async function recoverSending(db: OfflineDb, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const stuck = await db.outbox.where('status').equals('sending').toArray();
    for (const item of stuck) await db.outbox.put({ ...item, status: 'pending', updatedAt: now });
    return stuck.length;
  });
}

export type NextPick = { kind: 'send'; item: OutboxItem } | { kind: 'wait'; until: number } | { kind: 'empty' };

/**
 * In one transaction: finds the user's first item in order that is not rejected; when it is due (or `force`),
 * marks it 'sending' and returns it; when it is backing off, returns when it will be due.
 */
export async function claimNext(db: OfflineDb, userId: number, now: number, force: boolean): Promise<NextPick> {
  return db.transaction('rw', db.outbox, async () => {
    const head = await db.outbox
      .orderBy('seq')
      .filter((i) => i.userId === userId && i.status !== 'rejected')
      .first();
    if (!head) return { kind: 'empty' } as const;
    if (head.status === 'sending') return { kind: 'wait', until: now + 1_000 } as const; // not ours: look again soon
    if (head.status === 'retrying' && head.nextAttemptAt > now && !force) {
      return { kind: 'wait', until: head.nextAttemptAt } as const;
    }
    const item: OutboxItem = { ...head, status: 'sending', updatedAt: now };
    await db.outbox.put(item);
    return { kind: 'send', item } as const;
  });
}
