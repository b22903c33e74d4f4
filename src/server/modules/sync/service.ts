// The batch push of the offline queue: each save dispatched, in order, to the route its own request would reach,
// through the whole request pipeline (role codes, validation, Idempotency-Key claim, runChange, audit, stored answer),
// so a save answers exactly what it would have answered alone. The saves run in one transaction of the batch, each in
// its own savepoint (a refusal undoes only itself), and are committed together before any answer leaves.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SyncAnswer, SyncItem } from '@shared/contract/sync';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';
import { asBatchItem, type BatchScope, type BulkContext, type BulkRoute } from '../../lib/batch-item';
import type { StoredKey } from '../../plugins/change';
import { cierresDelLote } from '../cierres/guard';
import { salidasBulk } from '../salidas/bulk';

/**
 * Longest one transaction of a batch stays open, ms: the rows its saves lock (a supply's stock) keep other clerks'
 * saves waiting that long on PostgreSQL, and on PGlite its one connection serves nobody else. A longer batch commits
 * and goes on in another transaction.
 */
const HOLD_MS = 250;

interface Target {
  method: string;
  pattern: RegExp;
  /** Its change runs in two transactions of its own (runLongChange): it runs alone, between the batch's. */
  long: boolean;
}

const targetsOf = new WeakMap<FastifyInstance, Target[]>();

/** The routes a batch may reach: the idempotent writes of the endpoint table, photos (multipart) excepted. */
function targets(app: FastifyInstance): Target[] {
  let list = targetsOf.get(app);
  if (!list) {
    list = app.apiRoutes
      .filter((r) => r.endpoint.idempotent && !r.endpoint.multipart)
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/?#]+')}$`),
        long: !!r.endpoint.long,
      }));
    targetsOf.set(app, list);
  }
  return list;
}

/** Routes whose consecutive saves a batch applies together (their bulk form): a long queue is mostly exits. */
const BULK: readonly BulkRoute[] = [salidasBulk];

/** The bulk form of the save's route, if it has one (the exact address: a query string goes through the route). */
const bulkOf = (item: SyncItem) => BULK.find((b) => b.method === item.method && b.url === item.url);

const targetOf = (app: FastifyInstance, item: SyncItem) =>
  targets(app).find((t) => t.method === item.method && t.pattern.test(item.url.split('?')[0]));

/** Whether the client's outcome table stops the queue at this answer (sync-outcome.ts): the saves after it wait. */
export function stopsQueue(a: Pick<SyncAnswer, 'status' | 'body'>): boolean {
  const code = (a.body as { code?: unknown } | null)?.code;
  return (
    a.status >= 500 || a.status === 401 || a.status === 408 || a.status === 429 || (a.status === 409 && code === 'idempotency_in_progress')
  );
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One save through the app's own pipeline, under the save's own key, in the batch's scope. */
async function dispatch(app: FastifyInstance, req: FastifyRequest, batch: BatchScope, item: SyncItem): Promise<SyncAnswer> {
  const headers: Record<string, string> = { 'idempotency-key': item.key };
  if (req.headers.authorization) headers.authorization = req.headers.authorization;
  if (item.body !== undefined) headers['content-type'] = 'application/json';
  const opts: InjectOptions = {
    method: item.method,
    url: item.url,
    headers,
    remoteAddress: req.ip,
    ...(item.body === undefined ? {} : { payload: JSON.stringify(item.body) }),
  };
  // The callback form starts the request at once, in the batch's scope: the promise form's thenable starts it
  // from a job that loses the async context on Node 20.
  const res = await asBatchItem(
    batch,
    () => new Promise<LightMyRequestResponse>((resolve, reject) => app.inject(opts, (err, r) => (err || !r ? reject(err) : resolve(r)))),
  );
  return { key: item.key, status: res.statusCode, body: parse(res.body), replayed: res.headers['idempotency-replayed'] === 'true' };
}

const failed = (item: SyncItem): SyncAnswer => ({ key: item.key, status: 500, body: { message: MSG.internalError }, replayed: false });

/** A refused save: its savepoint is rolled back (on PostgreSQL a failed statement would leave it unusable). */
class Undone extends Error {}

/** One save in its own savepoint of the batch's transaction `tx`. */
async function saveIn(app: FastifyInstance, req: FastifyRequest, batch: BatchScope, tx: Db, item: SyncItem): Promise<SyncAnswer> {
  let answer: SyncAnswer | null = null;
  try {
    await tx.transaction(async (sp) => {
      batch.tx = sp as unknown as Db;
      try {
        answer = await dispatch(app, req, batch, item);
      } finally {
        batch.tx = tx;
      }
      if (answer.status >= 300) throw new Undone();
    });
  } catch (err) {
    if (!(err instanceof Undone)) {
      // The savepoint itself failed: this save is not applied and stops the batch (the transaction may be broken).
      req.log.error({ err }, 'lote: falló el punto de guardado de una grabación');
      return failed(item);
    }
  }
  return answer ?? failed(item);
}

/** The answers stored for the saves' keys, in one query (each save's session check would read its own). */
async function storedKeys(db: Db, userId: number, items: readonly SyncItem[]): Promise<Map<string, StoredKey>> {
  const rows = await db
    .select({
      key: idempotencyKeys.key,
      request_hash: idempotencyKeys.request_hash,
      status_code: idempotencyKeys.status_code,
      response_body: idempotencyKeys.response_body,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.user_id, userId),
        inArray(
          idempotencyKeys.key,
          items.map((i) => i.key),
        ),
      ),
    );
  return new Map(rows.map(({ key, ...stored }) => [key, stored]));
}

const firstAnswer = (a: SyncAnswer) => a.status >= 200 && a.status < 300 && !a.replayed;

/**
 * The saves in order until one answers what stops the queue: the saves after it are not tried and get no answer, as
 * when they wait on the device behind it. They run in transactions of the batch (one, unless it passes HOLD_MS or
 * meets a long change), each save in a savepoint; what a transaction applied is answered once it committed. A
 * transaction whose commit fails applies nothing: its first save answers a 500 that stops the queue, and the client
 * sends them again under the same keys.
 */
export async function runBatch(app: FastifyInstance, req: FastifyRequest, items: readonly SyncItem[]): Promise<SyncAnswer[]> {
  const db = app.database.db;
  // The route needs a session: auth checked it for the batch.
  const user = req.user as NonNullable<FastifyRequest['user']>;
  const batch: BatchScope = { tx: null, root: null, user, stored: await storedKeys(db, user.id, items), after: [] };
  const answers: SyncAnswer[] = [];
  const refused = (item: SyncItem): SyncAnswer => ({ key: item.key, status: 400, body: { message: MSG.syncBatchTarget }, replayed: false });
  let next = 0;
  let stopped = false;
  try {
    while (next < items.length && !stopped) {
      const head = items[next];
      if (targetOf(app, head)?.long) {
        // Its own two transactions, outside the batch's (batch.tx is null): as if it had been sent alone.
        const answer = await dispatch(app, req, batch, head);
        answers.push(answer);
        next++;
        if (firstAnswer(answer)) req.batchCommitted = true;
        stopped = stopsQueue(answer);
        continue;
      }
      const run: SyncAnswer[] = [];
      const began = performance.now();
      try {
        await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          batch.root = tx;
          await cierresDelLote(tx);
          while (next + run.length < items.length) {
            const item = items[next + run.length];
            const bulk = bulkOf(item);
            if (bulk) {
              let end = next + run.length;
              while (end < items.length && bulkOf(items[end]) === bulk) end++;
              const ctx: BulkContext = { req, batch, tx, one: (i) => saveIn(app, req, batch, tx, i), stops: stopsQueue };
              batch.tx = tx;
              const got = await asBatchItem(batch, () => bulk.run(ctx, items.slice(next + run.length, end)));
              run.push(...got);
              if (got.length > 0 && stopsQueue(got[got.length - 1])) return void (stopped = true);
              if (performance.now() - began > HOLD_MS) return;
              continue;
            }
            const target = targetOf(app, item);
            if (target?.long) break;
            const answer = target ? await saveIn(app, req, batch, tx, item) : refused(item);
            run.push(answer);
            if (stopsQueue(answer)) return void (stopped = true);
            if (performance.now() - began > HOLD_MS) return;
          }
        });
      } catch (err) {
        batch.tx = null;
        batch.root = null;
        req.log.error({ err }, 'lote: no se pudo confirmar la transacción');
        answers.push(failed(head));
        break;
      }
      batch.tx = null;
      batch.root = null;
      answers.push(...run);
      next += run.length;
      if (run.some(firstAnswer)) req.batchCommitted = true;
    }
  } finally {
    // The refusal counts of the saves, now that no transaction of the batch holds the connection.
    for (const work of batch.after) await work();
  }
  return answers;
}
