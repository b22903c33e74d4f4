// Sending a run of plain items claimed together (outbox-store claimNext): one batch request, or one request after
// another in order, the next request leaving as soon as the previous answer is known, while the answers are written
// to their rows in group commits (docs/architecture.md, offline engine: "A long queue").
import type { OfflineDb, OutboxItem } from './db';
import { sendBatchRun, type BatchSetting } from './sync-batch';
import type { SyncEvent } from './sync-events';
import { answered, noAnswer } from './sync-outcome';
import { recordOutcomes, type SentOutcome } from './sync-record';
import { sendItem, type SendDeps } from './sync-send';

export interface RunDeps extends SendDeps {
  db: OfflineDb;
  random: () => number;
  /** True once the engine was stopped: what is still unrecorded is left as a closed page leaves it. */
  stopped: () => boolean;
  /** Whether the session that claimed the run is still the current one (same user, same token). */
  sameSession: () => boolean;
  /** Applies one recorded outcome (events, timers, pause), in order; returns whether the queue may go on. */
  settle: (item: OutboxItem, result: { event: SyncEvent; goOn: boolean; noAnswer: boolean }) => Promise<boolean>;
  /** When a run goes as one batch request (sync-batch.ts). */
  batch: BatchSetting;
}

/**
 * Sends `items` (claimed, 'sending') in order under `token`: as one batch when the run is long enough and the
 * server has the route (sync-batch.ts), else one by one. The request of an item leaves only after
 * the previous one was answered, so the server sees them in queue order exactly as one at a time; writing an
 * answer to the outbox does not hold the next request back. The answers that arrive while a write is running are
 * written together in the next transaction (the same outcome table, recordOutcomes). An answer that stops the
 * queue (no answer, 5xx, 401) ends the run: the items after it go back to 'pending' in that same transaction, as
 * when the session changed. Every item stays 'sending' until its answer is written, so a crash at any point
 * leaves nothing but items that are sent again under their own keys. Resolves whether the queue may go on.
 */
export async function sendRun(items: readonly OutboxItem[], token: string, deps: RunDeps): Promise<boolean> {
  if (deps.batch.supported && items.length >= deps.batch.from) {
    const batched = await sendBatchRun(items, token, deps);
    if (batched !== null) return batched;
  }
  const queue: SentOutcome[] = [];
  let unsent: string[] = [];
  let goOn = true;
  let failure: { error: unknown } | null = null;
  let writing: Promise<void> | null = null;

  async function write(): Promise<void> {
    while ((queue.length > 0 || unsent.length > 0) && !failure) {
      if (deps.stopped()) return; // like a closed page: the rows stay 'sending' and are recovered on the next start
      const batch = queue.splice(0);
      const release = unsent;
      unsent = [];
      try {
        const events = await recordOutcomes(deps.db, batch, release, deps.now(), deps.random);
        if (deps.stopped()) return;
        for (let k = 0; k < batch.length; k++) {
          const { item, outcome } = batch[k];
          goOn = (await deps.settle(item, { event: events[k], goOn: answered(outcome), noAnswer: noAnswer(outcome) })) && goOn;
        }
      } catch (error) {
        failure = { error };
      }
    }
  }
  const kick = () => {
    writing ??= write().finally(() => {
      writing = null;
      if ((queue.length > 0 || unsent.length > 0) && !failure && !deps.stopped()) kick();
    });
  };

  for (let k = 0; k < items.length; k++) {
    if (failure || deps.stopped()) break;
    if (!deps.sameSession()) {
      unsent = unsent.concat(items.slice(k).map((i) => i.id));
      goOn = false;
      kick();
      break;
    }
    const outcome = await sendItem(items[k], token, deps);
    if (deps.stopped()) return false; // the item stays 'sending' and is recovered on the next start
    queue.push({ item: items[k], outcome });
    if (!answered(outcome)) {
      unsent = unsent.concat(items.slice(k + 1).map((i) => i.id));
      kick();
      break;
    }
    kick();
  }
  while (writing) await writing;
  if (failure) throw (failure as { error: unknown }).error;
  return goOn && !deps.stopped();
}
