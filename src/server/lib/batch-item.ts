// The scope of a batch of saves (modules/sync) while it runs: its saves are dispatched inside the batch's own request
// and inside the batch's transaction. The app's `db` resolves to that transaction here (app.ts), so every query of a
// save (auth, the Idempotency-Key check, the service's reads, runChange's savepoint) sees the batch's earlier saves and
// never waits on PGlite's one connection, which the open transaction holds. The test-only chaos hook drops the
// batch's answer, never one of its saves' (there is no socket of their own).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import type { SessionUser } from '../plugins/auth';
import type { StoredKey } from '../plugins/change';

declare module 'fastify' {
  interface FastifyRequest {
    /** A batch whose saves include a first answer stored now (2xx, not a replay): the chaos hook may drop it. */
    batchCommitted?: boolean;
  }
}

export interface BatchScope {
  /** The savepoint of the save running now; null for a save run outside the batch's transactions (a long change). */
  tx: Db | null;
  /** The batch's transaction the savepoint is in (what its saves may share: the close's lock, cierres/guard.ts). */
  root: Db | null;
  /** The batch's session, checked once for the batch: its saves are the same user's requests of the same instant. */
  user: SessionUser;
  /** The answers stored for the saves' keys when the batch began (auth reads them with the session alone). */
  stored: ReadonlyMap<string, StoredKey>;
  /** Work of the saves that must not run in the batch's transaction (the refusal counts): run after it. */
  after: (() => Promise<void>)[];
}

const scope = new AsyncLocalStorage<BatchScope>();

/** Runs `work` (one save of a batch) in the batch's scope. */
export const asBatchItem = <T>(batch: BatchScope, work: () => Promise<T>): Promise<T> => scope.run(batch, work);

/** The scope of the batch whose save is running, if any. */
export const batchScope = (): BatchScope | undefined => scope.getStore();

/** True inside a save dispatched by a batch. */
export const insideBatch = (): boolean => scope.getStore() !== undefined;

/** Runs `work` now, or after the batch's transaction when a save of a batch is running. */
export function outsideBatch(work: () => Promise<void>): Promise<void> {
  const batch = scope.getStore();
  if (!batch) return work();
  batch.after.push(work);
  return Promise.resolve();
}
