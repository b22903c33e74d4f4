// One pass of the sender while it holds the lock: the current user's items in queue order (plain items claimed in
// runs, an item with files one step at a time), each outcome published and applied to the queue (docs/architecture.md,
// offline engine).
import type { SessionPayload } from '@client/lib/session';
import { SYNC_BATCH_MAX } from '@shared/contract/sync';
import type { OfflineDb, OutboxItem } from './db';
import { claimNext, isPlainItem, recoverSending } from './outbox-store';
import { requestPersistOnce } from './sync-record';
import type { BatchSetting } from './sync-batch';
import { sendRun } from './sync-run';
import { runStep, type StepDeps, type StepResult } from './sync-step';
import type { SyncHub } from './sync-hub';
import type { SyncStatus } from './sync-status';
import type { WakeTimer } from './sync-timer';

/**
 * Most items claimed together and sent as one batch or back to back (sync-run.ts): a full batch. Claimed items
 * show as 'sending' and cannot be discarded until they are answered; a crash leaves at most this many to send again
 * under their own keys.
 */
export const CLAIM_RUN = SYNC_BATCH_MAX;

export interface DrainDeps {
  db: OfflineDb;
  getSession: () => SessionPayload | null;
  getToken: () => string | null;
  onUnauthorized: () => void;
  /** navigator.storage.persist, requested once after the first successful send. */
  persist?: () => unknown;
  now: () => number;
  step: StepDeps;
  batch: BatchSetting;
  status: SyncStatus;
  hub: SyncHub;
  timer: WakeTimer;
}

/** The sender's pass: `drain(force)` sends until the queue is empty, waits, or must stop. */
export function createDrain(deps: DrainDeps) {
  const { db, getSession, getToken, now, status, hub, timer, step: stepDeps } = deps;
  let persistAsked = false;

  /** Publishes a recorded step and applies it to the queue; returns whether the queue may go on. */
  async function settle(item: OutboxItem, { event, goOn, noAnswer }: StepResult, token: string): Promise<boolean> {
    status.setOffline(noAnswer);
    if (!event) return goOn;
    if (event.type === 'paused') status.pause(item.userId, token);
    hub.publish(event);
    if (event.type === 'paused') deps.onUnauthorized();
    if (event.type === 'retrying') timer.schedule(event.nextAttemptAt);
    if (event.type === 'sent' && !persistAsked) {
      persistAsked = true;
      await requestPersistOnce(db, deps.persist, now());
    }
    return goOn;
  }

  /** Sends the current user's items in order while holding the lock. */
  return async function drain(force: boolean): Promise<void> {
    const session = getSession();
    const token = getToken();
    if (!session || !token) return;
    const userId = session.user.id;
    if (status.waitsForLogin(userId, token)) return; // still the token that got the 401
    await recoverSending(db, now());
    const sameSession = () => {
      const current = getSession();
      return !!current && current.user.id === userId && getToken() === token;
    };
    const runDeps = {
      ...stepDeps,
      batch: deps.batch,
      sameSession,
      settle: (item: OutboxItem, step: StepResult) => settle(item, step, token),
    };
    let forceHead = force;
    while (!stepDeps.stopped()) {
      if (!sameSession()) return;
      const pick = await claimNext(db, userId, now(), forceHead, CLAIM_RUN);
      forceHead = false;
      if (pick.kind === 'empty') return;
      if (pick.kind === 'wait') {
        timer.schedule(pick.until);
        return;
      }
      status.setSending(true);
      let goOn = false;
      try {
        const [head] = pick.items;
        if (isPlainItem(head)) goOn = await sendRun(pick.items, token, runDeps);
        else {
          // an item with files: its request, then one file per step (claimed again for each)
          const result = await runStep(head, token, stepDeps);
          if (stepDeps.stopped()) return; // like a closed page: the item stays 'sending' and is recovered on the next start
          goOn = await settle(head, result, token);
        }
      } finally {
        status.setSending(false);
      }
      if (!goOn) return;
    }
  };
}
