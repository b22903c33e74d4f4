// When the sender runs: one pass at a time under the lock 'outbox-sender' (one tab sends); a flush asked for during a
// pass runs another right after it; a tab that did not get the lock tries again while the user has work waiting.
import type { LockFn } from './sync-lock';

export const LOCK_NAME = 'outbox-sender';
const LOCK_RETRY_MS = 2_000;

export interface FlushOptions {
  /** Attempt the head item even while it is backing off (after a save, on 'online', on a manual resend). */
  force?: boolean;
}

export interface FlushDeps {
  lock: LockFn;
  drain: (force: boolean) => Promise<void>;
  /** Whether the current user has items that are not rejected. */
  hasWork: () => Promise<boolean>;
  /** Called when a run ends (the state may have changed). */
  settled: () => void;
  stopped: () => boolean;
}

export function createFlusher({ lock, drain, hasWork, settled, stopped }: FlushDeps) {
  let running: Promise<boolean> | null = null;
  let again = false;
  let againForce = false;
  let lockRetry: ReturnType<typeof setTimeout> | undefined;

  /** Runs the queue now; resolves true when this engine held the lock (false: another tab is sending). */
  function flush(opts: FlushOptions = {}): Promise<boolean> {
    if (stopped()) return Promise.resolve(false);
    if (running) {
      again = true;
      againForce ||= !!opts.force;
      return running;
    }
    running = (async () => {
      let force = !!opts.force;
      let acquired = false;
      try {
        do {
          again = false;
          acquired = await lock(LOCK_NAME, () => drain(force));
          force = againForce;
          againForce = false;
        } while (again && !stopped());
      } catch (err) {
        console.error('outbox flush failed', err);
      } finally {
        // synchronous with the last `again` check: a flush() after this point starts a fresh run
        running = null;
        settled();
      }
      if (!acquired && !stopped() && lockRetry === undefined && (await hasWork())) {
        lockRetry = setTimeout(() => {
          lockRetry = undefined;
          void flush();
        }, LOCK_RETRY_MS);
      }
      return acquired;
    })();
    return running;
  }

  return { flush, stop: () => clearTimeout(lockRetry) };
}
