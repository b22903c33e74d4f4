// Files of outbox items in Dexie: written with their item, moved to its corrected copy, listed for the panel,
// the next one to upload, discarded one by one on request (no network here).
import type { OfflineDb, OutboxFile, OutboxItem } from './db';

/** A file handed to the outbox by a form (a photo, a scan). */
export interface AttachmentInput {
  name: string;
  blob: Blob;
}

/** A file as the panel and the events show it (the Blob stays in the database). */
export type OutboxFileInfo = Omit<OutboxFile, 'blob'>;

export const fileInfo = ({ blob: _blob, ...info }: OutboxFile): OutboxFileInfo => info;

/** New rows for the files of an item, in the given order, each with its own upload key. */
export function fileRows(outboxId: string, files: readonly AttachmentInput[], now: number): OutboxFile[] {
  return files.map((f, order) => ({
    id: crypto.randomUUID(),
    outboxId,
    order,
    key: crypto.randomUUID(),
    name: f.name,
    type: f.blob.type,
    size: f.blob.size,
    blob: f.blob,
    status: 'pending',
    attempts: 0,
    lastError: null,
    lastStatus: null,
    updatedAt: now,
  }));
}

/** The files of an item in upload order. */
export async function listFiles(db: OfflineDb, outboxId: string): Promise<OutboxFile[]> {
  const rows = await db.files.where('outboxId').equals(outboxId).toArray();
  return rows.sort((a, b) => a.order - b.order);
}

/** The item's first file still to upload (pending or backing off), or undefined. */
export async function nextFile(db: OfflineDb, outboxId: string): Promise<OutboxFile | undefined> {
  return (await listFiles(db, outboxId)).find((f) => f.status === 'pending' || f.status === 'retrying' || f.status === 'sending');
}

/** Inside a transaction over `files`: removes every file of an item. */
export async function discardFiles(db: OfflineDb, outboxId: string): Promise<void> {
  await db.files.where('outboxId').equals(outboxId).delete();
}

const fresh = (now: number) => ({ status: 'pending' as const, attempts: 0, lastError: null, lastStatus: null, updatedAt: now });

/**
 * Inside a transaction over `files`: the files of a rejected item follow its corrected copy, each under a new
 * upload key; `replace` (the correcting form's set) takes their place instead.
 */
export async function moveFilesTo(db: OfflineDb, fromId: string, toId: string, now: number, replace?: readonly AttachmentInput[]) {
  if (replace) {
    await discardFiles(db, fromId);
    if (replace.length) await db.files.bulkAdd(fileRows(toId, replace, now));
    return;
  }
  await db.files
    .where('outboxId')
    .equals(fromId)
    .modify((f) => {
      Object.assign(f, fresh(now), { outboxId: toId, key: crypto.randomUUID() });
    });
}

/** Inside a transaction over `files`: refused uploads of an accepted item go again, each under a new key. */
export async function retryRefusedFiles(db: OfflineDb, outboxId: string, now: number): Promise<void> {
  await db.files
    .where('outboxId')
    .equals(outboxId)
    .filter((f) => f.status === 'rejected')
    .modify((f) => {
      Object.assign(f, fresh(now), { key: crypto.randomUUID() });
    });
}

/**
 * Removes one file the user chose to drop (never one being uploaded or already on the server). An accepted item
 * left with nothing to upload is done and leaves the outbox; one left with only files to upload is due again.
 * Returns whether the file was removed.
 */
export async function discardFile(db: OfflineDb, fileId: string, now: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const file = await db.files.get(fileId);
    if (!file || file.status === 'sending' || file.status === 'sent') return false;
    await db.files.delete(fileId);
    const item = await db.outbox.get(file.outboxId);
    if (!item || item.ackedAt === null) return true;
    const left = (await listFiles(db, item.id)).filter((f) => f.status !== 'sent');
    if (left.length === 0) {
      await db.outbox.delete(item.id);
      await discardFiles(db, item.id);
    } else if (item.status === 'rejected' && !left.some((f) => f.status === 'rejected')) {
      await db.outbox.put({ ...item, status: 'pending', lastError: null, lastStatus: null, nextAttemptAt: now, updatedAt: now });
    }
    return true;
  });
}

/** Whether the item's record still has to reach the server (false once accepted, even with files left). */
export const recordPending = (item: Pick<OutboxItem, 'ackedAt'>): boolean => item.ackedAt === null;
