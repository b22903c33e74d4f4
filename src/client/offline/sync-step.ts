// One step of the sender on the item at the head of the queue: its own request while the server has not accepted
// it, then its files one at a time, then its end (gone, or rejected naming the refused files).
import type { OfflineDb, OutboxItem } from './db';
import { nextFile } from './outbox-files';
import type { SyncEvent } from './sync-events';
import { answered, noAnswer } from './sync-outcome';
import { finishUploads, noServerId, recordFileOutcome, recordOutcome } from './sync-record';
import { sendFile, sendItem, type SendDeps } from './sync-send';

export interface StepDeps extends SendDeps {
  db: OfflineDb;
  random: () => number;
  /** True once the engine was stopped: an answer arriving after that is not recorded (like a closed page). */
  stopped: () => boolean;
}

export interface StepResult {
  event: SyncEvent | null;
  /** Whether the queue may go on with the next step (false: backing off, paused, or stopped). */
  goOn: boolean;
  /** The attempt got no answer at all (the device is offline). */
  noAnswer: boolean;
}

const STOPPED: StepResult = { event: null, goOn: false, noAnswer: false };

export async function runStep(item: OutboxItem, token: string, deps: StepDeps): Promise<StepResult> {
  const { db, now, random } = deps;
  if (item.ackedAt === null) {
    const outcome = await sendItem(item, token, deps);
    if (deps.stopped()) return STOPPED; // the item stays 'sending' and is recovered on the next start
    const event = await recordOutcome(db, item, outcome, now(), random);
    return { event, goOn: answered(outcome), noAnswer: noAnswer(outcome) };
  }
  const file = await nextFile(db, item.id);
  if (!file) return { event: await finishUploads(db, item, now()), goOn: true, noAnswer: false };
  await db.files.update(file.id, { status: 'sending', updatedAt: now() });
  const outcome = item.upload && item.serverId !== null ? await sendFile(item.upload, item.serverId, file, token, deps) : noServerId();
  if (deps.stopped()) return STOPPED;
  const event = await recordFileOutcome(db, item, file, outcome, now(), random);
  return { event, goOn: answered(outcome), noAnswer: noAnswer(outcome) };
}
