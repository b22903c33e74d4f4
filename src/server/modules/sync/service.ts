// The batch push of the offline queue: each save dispatched, in order, to the route its own request would reach,
// through the whole request pipeline (session, role codes, validation, Idempotency-Key claim, runChange's own
// transaction, audit, stored answer), so a save answers exactly what it would have answered alone.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SyncAnswer, SyncItem } from '@shared/contract/sync';
import { MSG } from '@shared/messages';
import { asBatchItem } from '../../lib/batch-item';

interface Target {
  method: string;
  pattern: RegExp;
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
      }));
    targetsOf.set(app, list);
  }
  return list;
}

const reachable = (app: FastifyInstance, item: SyncItem) =>
  targets(app).some((t) => t.method === item.method && t.pattern.test(item.url.split('?')[0]));

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

/** One save through the app's own pipeline, under the batch's session and the save's own key. */
async function dispatch(app: FastifyInstance, req: FastifyRequest, item: SyncItem): Promise<SyncAnswer> {
  const headers: Record<string, string> = { 'idempotency-key': item.key };
  if (req.headers.authorization) headers.authorization = req.headers.authorization;
  if (item.body !== undefined) headers['content-type'] = 'application/json';
  const res = await asBatchItem(() =>
    app.inject({
      method: item.method,
      url: item.url,
      headers,
      remoteAddress: req.ip,
      ...(item.body === undefined ? {} : { payload: JSON.stringify(item.body) }),
    }),
  );
  return { key: item.key, status: res.statusCode, body: parse(res.body), replayed: res.headers['idempotency-replayed'] === 'true' };
}

/**
 * The saves in order, each in its own transaction (a refusal undoes only itself), until one answers what stops the
 * queue: the saves after it are not tried and get no answer, as when they wait on the device behind it.
 */
export async function runBatch(app: FastifyInstance, req: FastifyRequest, items: readonly SyncItem[]): Promise<SyncAnswer[]> {
  const answers: SyncAnswer[] = [];
  for (const item of items) {
    const answer = reachable(app, item)
      ? await dispatch(app, req, item)
      : { key: item.key, status: 400, body: { message: MSG.syncBatchTarget }, replayed: false };
    answers.push(answer);
    if (answer.status >= 200 && answer.status < 300 && !answer.replayed) req.batchCommitted = true;
    if (stopsQueue(answer)) break;
  }
  return answers;
}
