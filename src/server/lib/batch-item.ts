// The scope of a batch of saves (modules/sync) while it runs: its saves are dispatched inside the batch's own request
// and inside the batch's transaction. The app's `db` resolves to that transaction here (app.ts), so every query of a
// save (auth, the Idempotency-Key check, the service's reads, runChange's savepoint) sees the batch's earlier saves and
// never waits on PGlite's one connection, which the open transaction holds. The test-only chaos hook drops the
// batch's answer, never one of its saves' (there is no socket of their own).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import type { SyncAnswer, SyncItem } from '@shared/contract/sync';
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

/** What a route's bulk form (BulkRoute) is given for a run of a batch's saves. */
export interface BulkContext {
  /** The batch's request (its session and logger; each save's key, body and answer are its own). */
  req: FastifyRequest;
  batch: BatchScope;
  /** The batch's transaction. */
  tx: Db;
  /** One save through its own route in its own savepoint, as the batch sends any save. */
  one(item: SyncItem): Promise<SyncAnswer>;
  /** Whether this answer stops the queue (the saves after it are not tried). */
  stops(answer: SyncAnswer): boolean;
}

/**
 * A route's saves applied together: a run of a batch's consecutive saves to `method url` in a few statements instead of
 * each through the whole request pipeline. `run` answers the run's saves in order, each as its own request would have
 * been answered, and stops after an answer that stops the queue.
 */
export interface BulkRoute {
  method: string;
  url: string;
  run(ctx: BulkContext, items: readonly SyncItem[]): Promise<SyncAnswer[]>;
}
