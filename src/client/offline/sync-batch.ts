// The batch push: a run of plain items claimed together sent in one request (POST /api/sync/batch), each under its
// own Idempotency-Key and answered on its own; each answer goes through the outcome table exactly as the item's
// own request would (docs/architecture.md, offline engine: "A long queue").
import { buildHeaders } from '@client/lib/api';
import { pathOf } from '@shared/contract/endpoint';
import { syncApi, SYNC_BATCH_MAX, type SyncAnswer, type SyncBatchBody } from '@shared/contract/sync';
import type { OutboxItem } from './db';
import { answered, classifyFailure, classifyResponse, noAnswer, type SendOutcome } from './sync-outcome';
import { recordOutcomes, type SentOutcome } from './sync-record';
import type { RunDeps } from './sync-run';
import { exchange } from './sync-send';

/** The shortest run sent as a batch: a shorter queue goes one request per item (each answer shown as it comes). */
export const BATCH_FROM = 25;
/** Most JSON one batch carries; a run with larger bodies goes one request per item. */
const BATCH_BYTES = 2 * 1_048_576;
/** A batch's timeout: the engine's, plus this much per item (the server applies them one after another). */
const BATCH_MS_PER_ITEM = 2_000;

/** Whether the engine sends runs as batches: from how many items, and whether the server has the route. */
export interface BatchSetting {
  from: number;
  /** False once the server answered 404 to a batch (a server older than the route): one request per item. */
  supported: boolean;
}

type BatchResult =
  { kind: 'answers'; outcomes: SendOutcome[] } | { kind: 'failed'; outcome: SendOutcome } | { kind: 'refused'; status: number };

const replayHeaders = (a: SyncAnswer) => new Headers(a.replayed ? { 'Idempotency-Replayed': 'true' } : {});

async function sendBatch(items: readonly OutboxItem[], body: string, token: string, deps: RunDeps): Promise<BatchResult> {
  const path = pathOf(syncApi.batch);
  const headers = buildHeaders(path, { method: 'POST', body, token });
  delete headers['Idempotency-Key']; // the batch has none of its own: each item carries its key
  const got = await exchange(path, { method: 'POST', headers, body }, deps, deps.timeoutMs + items.length * BATCH_MS_PER_ITEM);
  if (got.status === null) return { kind: 'failed', outcome: classifyFailure(got.timedOut) };
  const whole = classifyResponse(got.status, got.body, got.headers, deps.now());
  if (whole.kind === 'reject') return { kind: 'refused', status: got.status };
  if (whole.kind !== 'success') return { kind: 'failed', outcome: whole };
  const answers = ((got.body as { answers?: SyncAnswer[] } | null)?.answers ?? []).slice(0, items.length);
  return { kind: 'answers', outcomes: answers.map((a) => classifyResponse(a.status, a.body, replayHeaders(a), deps.now())) };
}

/**
 * Sends `items` (claimed, 'sending', at most SYNC_BATCH_MAX) as one batch and records every answer in one
 * transaction, each through the outcome table; the items the server did not try (it stopped at an answer that
 * stops the queue) go back to 'pending' in it. No answer to the batch (cut, timeout, 5xx, 401): the head gets that
 * outcome, as its own request would, and the rest go back to 'pending' under their keys (a repeat is answered from
 * the store). Resolves whether the queue may go on, or null when the run must go one request per item (the server
 * refused the batch as a whole, or has no such route, or the bodies are too large for one request).
 */
export async function sendBatchRun(items: readonly OutboxItem[], token: string, deps: RunDeps): Promise<boolean | null> {
  if (!deps.sameSession()) return null; // the one-by-one path releases them
  const batch: SyncBatchBody = {
    items: items.slice(0, SYNC_BATCH_MAX).map((i) => ({ key: i.id, method: i.method, url: i.url, body: i.body })),
  };
  const body = JSON.stringify(batch);
  if (body.length > BATCH_BYTES || items.length > SYNC_BATCH_MAX) return null;
  const result = await sendBatch(items, body, token, deps);
  if (deps.stopped()) return false; // like a closed page: the rows stay 'sending' and are recovered on the next start
  if (result.kind === 'refused') {
    if (result.status === 404) deps.batch.supported = false;
    return null;
  }
  const sent: SentOutcome[] =
    result.kind === 'failed'
      ? [{ item: items[0], outcome: result.outcome }]
      : result.outcomes.map((outcome, k) => ({ item: items[k], outcome }));
  const unsent = items.slice(sent.length).map((i) => i.id);
  const events = await recordOutcomes(deps.db, sent, unsent, deps.now(), deps.random);
  if (deps.stopped()) return false;
  let goOn = sent.length > 0;
  for (let k = 0; k < sent.length; k++) {
    const { item, outcome } = sent[k];
    goOn = (await deps.settle(item, { event: events[k], goOn: answered(outcome), noAnswer: noAnswer(outcome) })) && goOn;
  }
  return goOn && !deps.stopped();
}
