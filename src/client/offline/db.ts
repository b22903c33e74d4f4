// Dexie database 'maquinarias' of the offline engine: read-through cache, outbox of pending writes, meta values.
import Dexie, { type EntityTable } from 'dexie';

export const DB_NAME = 'maquinarias';

/** One cached answer of a GET/list call, keyed by the serialized query key. */
export interface CacheRow {
  key: string;
  data: unknown;
  /** Epoch ms of the successful network answer that produced `data`. */
  savedAt: number;
  /** Session user that fetched it; a copy is only served back to the same user. */
  userId: number | null;
}

export type OutboxStatus = 'pending' | 'sending' | 'retrying' | 'rejected';
export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';

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
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  cache: EntityTable<CacheRow, 'key'>;
  outbox: EntityTable<OutboxItem, 'id'>;
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
  return db;
}

let defaultDb: OfflineDb | undefined;

/** The app's single database instance (opened lazily). */
export function getDb(): OfflineDb {
  defaultDb ??= createOfflineDb();
  return defaultDb;
}
