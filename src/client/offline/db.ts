// Dexie database 'maquinarias' of the offline engine: read-through cache, outbox of pending writes, the files
// attached to outbox items, meta values.
import Dexie, { type EntityTable } from 'dexie';
import { DB_NAME } from './db-name';

/** One cached answer of a GET/list call, keyed by the serialized query key. */
export interface CacheRow {
  key: string;
  data: unknown;
  /** Epoch ms of the successful network answer that produced `data`. */
  savedAt: number;
  /** Session user that fetched it; a copy is only served back to the same user. */
  userId: number | null;
  /** A delta list's sync point (list-delta.ts); `data` is then the rows as JSON text. */
  cursor?: string;
}

export type OutboxStatus = 'pending' | 'sending' | 'retrying' | 'rejected';
export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * Where an item's files go once the server accepted the item: `url` is a template whose `{id}` is replaced by
 * the value of `idField` in the server's answer (e.g. `{ idField: 'id', url: '/api/fallas/{id}/fotos', field:
 * 'foto' }`); each file is one multipart POST with the file under `field`.
 */
export interface UploadSpec {
  idField: string;
  url: string;
  field: string;
}

/** One write waiting to reach the server. `id` is also the request's Idempotency-Key. */
export interface OutboxItem {
  id: string;
  /** Monotonic order of creation (a corrected resend gets a new, larger seq). */
  seq: number;
  userId: number;
  /** Spanish resource name of the API path, e.g. 'salidas'. */
  resource: string;
  method: OutboxMethod;
  /** Path relative to the API base, e.g. '/api/salidas' or '/api/salidas/12'. */
  url: string;
  body: unknown;
  /** Human description shown in the Sincronización panel, e.g. 'Salida vale 000123'. */
  label: string;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which a 'retrying' item is not attempted again by the timer. */
  nextAttemptAt: number;
  lastError: string | null;
  /** HTTP status of the last failed attempt (0 = no answer). */
  lastStatus: number | null;
  /** Field messages of a rejected 400 answer (`errors` of the server body), for the correcting form. */
  lastErrors: Record<string, string> | null;
  createdAt: number;
  updatedAt: number;
  /** Free data of the caller (e.g. the row id being edited, the form mode). */
  meta: Record<string, unknown>;
  /** Full name of the user who saved it (the login screen says whose records are waiting). */
  userName: string | null;
  /** Where its files are uploaded; null when the item carries none. */
  upload: UploadSpec | null;
  /**
   * Epoch ms when the server accepted the item itself while its files were still to upload; the item then stays
   * in the outbox only for them. It is already on the server: it is never corrected or sent again.
   */
  ackedAt: number | null;
  /** Id the server gave the record (`upload.idField` of its answer); null until accepted or when it gave none. */
  serverId: string | number | null;
}

export type OutboxFileStatus = 'pending' | 'sending' | 'retrying' | 'rejected' | 'sent';

/** One file of an outbox item, kept as a Blob beside it until the server accepted its upload. */
export interface OutboxFile {
  id: string;
  outboxId: string;
  /** Upload order within the item. */
  order: number;
  /** Idempotency-Key of its upload (a new one when a refused upload is sent again). */
  key: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  status: OutboxFileStatus;
  attempts: number;
  lastError: string | null;
  lastStatus: number | null;
  updatedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  cache: EntityTable<CacheRow, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  files: EntityTable<OutboxFile, 'id'>;
  meta: EntityTable<MetaRow, 'key'>;
};

/**
 * Opens (or creates) the database. Add a new `db.version(n + 1).stores(...)` block (with `.upgrade()` when
 * rows must change) for every schema change; never edit a published version.
 */
export function createOfflineDb(name: string = DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({
    cache: 'key, savedAt, userId',
    outbox: 'id, seq, userId, resource, status',
    meta: 'key',
  });
  // 2: files attached to outbox items; items written by version 1 carry none.
  db.version(2)
    .stores({ files: 'id, outboxId, status' })
    .upgrade((tx) =>
      tx
        .table('outbox')
        .toCollection()
        .modify((item: Partial<OutboxItem>) => {
          item.userName ??= null;
          item.upload ??= null;
          item.ackedAt ??= null;
          item.serverId ??= null;
        }),
    );
  return db;
}

let defaultDb: OfflineDb | undefined;

/** The app's single database instance (opened lazily). */
export function getDb(): OfflineDb {
  defaultDb ??= createOfflineDb();
  return defaultDb;
}
