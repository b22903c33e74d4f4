// Whether the running request is one save of a batch (modules/sync), dispatched inside the batch's own request:
// the test-only chaos hook drops the batch's answer, never one of its saves' (there is no socket of their own).
import { AsyncLocalStorage } from 'node:async_hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** A batch whose saves include a first answer stored now (2xx, not a replay): the chaos hook may drop it. */
    batchCommitted?: boolean;
  }
}

const batchItem = new AsyncLocalStorage<true>();

/** Runs `work` (one save of a batch) marked as such. */
export const asBatchItem = <T>(work: () => Promise<T>): Promise<T> => batchItem.run(true, work);

/** True inside a save dispatched by a batch. */
export const insideBatch = (): boolean => batchItem.getStore() === true;
