// Every change runs through runChange: one transaction that claims the idempotency key, does the work,
// writes the audit rows and stores the answer for replays (docs/architecture.md, "The write path").
import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_RE } from '@shared/contract/sync';
import { FIELD, MSG } from '@shared/messages';
import type { Db } from '../db/client';
import { auditLog, idempotencyKeys } from '../db/schema/index';
import { batchScope } from '../lib/batch-item';
import { AppError, IdempotentReplay } from '../lib/errors';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | string;
  resource: string;
  resource_id?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface ChangeContext {
  tx: Db;
  audit(entry: AuditEntry): Promise<void>;
}

/** What the store holds for a key: read with the session (auth's query), so a keyed write costs no query for it. */
export interface StoredKey {
  request_hash: string;
  status_code: number;
  response_body: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The stored answer of this request's key as auth read it: null when none, undefined when not read. */
    storedKey?: StoredKey | null;
  }
}

/** The request's Idempotency-Key when it has a valid one (the refusal of an invalid one is idempotencyKey's). */
export function validKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return typeof key === 'string' && IDEMPOTENCY_KEY_RE.test(key) ? key : null;
}

function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  // typeof: an empty array has no first value, and RegExp.test(undefined) tests the text 'undefined'.
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_RE.test(key))
    throw new AppError(400, MSG.idempotencyKeyInvalid, { 'Idempotency-Key': FIELD.uuid });
  return key;
}

const SECRET_FIELDS = new Set(['password', 'confirmedPassword']);

/**
 * The request fingerprint stored with the key. A password in the body enters it only through an HMAC keyed
 * with the server secret: a plain SHA-256 of it in the database could be brute-forced far faster than argon2id.
 * A file of a multipart body (bytes) enters it as its SHA-256, so the same key with another file is a 409.
 */
function requestHash(req: FastifyRequest): string {
  return requestHashOf(req.server.config.jwtSecret, req.method, req.url, req.body);
}

/** requestHash of a request given by its parts (a save of a batch applied with others: modules/salidas/bulk.ts). */
export function requestHashOf(secret: string, method: string, url: string, parsedBody: unknown): string {
  let body: string;
  try {
    body = JSON.stringify(parsedBody ?? null, function (this: Record<string, unknown>, k, v: unknown) {
      const raw = this[k];
      if (raw instanceof Uint8Array) return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      return SECRET_FIELDS.has(k) && typeof v === 'string' ? `hmac:${createHmac('sha256', secret).update(v).digest('hex')}` : v;
    });
  } catch (err) {
    // A body nested thousands of levels deep (valid JSON the parser accepts) overflows the stack here on a
    // route without a body schema (logout); it is bad input, not a server fault (found by the fuzz test).
    if (err instanceof RangeError) throw new AppError(400, MSG.bodyTooDeep);
    throw err;
  }
  return createHash('sha256').update(`${method} ${url}\n${body}`).digest('hex');
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: any = err, i = 0; e && i < 3; e = e.cause, i++) if (e.code === '23505') return true;
  return false;
}

function replayOf(row: StoredKey | undefined | null, hash: string): IdempotentReplay | null {
  if (!row) return null;
  if (row.request_hash !== hash) throw new AppError(409, MSG.idempotencyConflict);
  // Claimed by a long change (runLongChange) whose work has not finished: the client retries later.
  if (row.status_code === 0) throw new AppError(409, MSG.idempotencyInProgress, undefined, { code: 'idempotency_in_progress' });
  return new IdempotentReplay(row.status_code, row.response_body);
}

async function storedAnswer(db: Db, userId: number, key: string, hash: string): Promise<IdempotentReplay | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return replayOf(row, hash);
}

/** A value as the audit row stores it (JSON), taken when audit() is called. */
const snapshot = (v: unknown) => (v == null ? null : (JSON.parse(JSON.stringify(v)) as object | null));

/**
 * The audit row of an entry, taken when audit() is called: the rows are written at the end of the change, and the
 * work may still change the objects it passed (the row keeps the state they had when it was audited).
 */
function auditRow(req: FastifyRequest, entry: AuditEntry) {
  return {
    user_id: req.user?.id ?? null,
    username: req.user?.username ?? null,
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resource_id == null ? null : String(entry.resource_id),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  };
}

type AuditRow = ReturnType<typeof auditRow>;

/**
 * The end of a change: its audit rows and its stored answer, in one statement when there are both (a replay of a
 * long offline queue pays every statement once per save).
 */
async function finishChange(
  tx: Db,
  req: FastifyRequest,
  audits: AuditRow[],
  answer: { key: string; status: number; result: unknown } | null,
) {
  const update =
    answer && req.user
      ? tx
          .update(idempotencyKeys)
          .set({ status_code: answer.status, response_body: (answer.result ?? null) as object | null })
          .where(and(eq(idempotencyKeys.user_id, req.user.id), eq(idempotencyKeys.key, answer.key)))
      : null;
  await withAudits(tx, audits, update);
}

/** `statement` (if any) and the insert of the audit rows (if any), in one statement when there are both. */
async function withAudits(tx: Db, audits: AuditRow[], statement: (SQLWrapper & PromiseLike<unknown>) | null): Promise<void> {
  const insert = audits.length > 0 ? tx.insert(auditLog).values(audits) : null;
  if (insert && statement) await tx.execute(sql`with audit as (${insert.getSQL()}) ${statement.getSQL()}`);
  else if (insert) await insert;
  else if (statement) await statement;
}

/** One change applied with others by a batch (modules/salidas/bulk.ts): its key, request and answer, and what it audits. */
export interface BulkChange {
  key: string;
  method: string;
  url: string;
  hash: string;
  status: number;
  result: unknown;
  audits: AuditEntry[];
}

/**
 * The end of changes applied together: their audit rows and their keys with the stored answers, in one statement.
 * The rows are those runChange writes for each on its own (the key claimed, then its answer stored), in order.
 */
export async function finishChanges(tx: Db, req: FastifyRequest, changes: readonly BulkChange[]): Promise<void> {
  const user = req.user;
  if (!user || changes.length === 0) return;
  const keys = tx.insert(idempotencyKeys).values(
    changes.map((c) => ({
      user_id: user.id,
      key: c.key,
      method: c.method,
      path: c.url.slice(0, 300),
      request_hash: c.hash,
      status_code: c.status,
      response_body: (c.result ?? null) as object | null,
    })),
  );
  await withAudits(
    tx,
    changes.flatMap((c) => c.audits.map((a) => auditRow(req, a))),
    keys,
  );
}

/** The change in `t`: the key claimed, the work, its audit rows and stored answer. */
async function change<T>(
  t: Db,
  req: FastifyRequest,
  key: string | null,
  hash: string,
  work: (ctx: ChangeContext) => Promise<T>,
  status: number,
) {
  if (key && req.user) {
    const claim = t.insert(idempotencyKeys).values({
      user_id: req.user.id,
      key,
      method: req.method,
      path: req.url.slice(0, 300),
      request_hash: hash,
      status_code: 0,
      response_body: null,
    });
    if (!batchScope()?.tx) await claim;
    else if ((await claim.onConflictDoNothing().returning({ key: idempotencyKeys.key })).length === 0) {
      // In a batch, a failed statement would leave the save's savepoint unable to read: the key a concurrent request
      // committed first is seen here instead, and its stored answer given.
      throw (
        (await storedAnswer(t, req.user.id, key, hash)) ??
        new AppError(409, MSG.idempotencyInProgress, undefined, { code: 'idempotency_in_progress' })
      );
    }
  }
  // The audit rows are written with the answer at the end (finishChange), in the same transaction.
  const audits: AuditRow[] = [];
  const result = await work({ tx: t, audit: async (entry) => void audits.push(auditRow(req, entry)) });
  await finishChange(t, req, audits, key ? { key, status, result } : null);
  return result;
}

/**
 * Runs `work` in one transaction with the idempotency key claimed first; the answer (status + body) is
 * stored before commit, so a repeat of the same key gets the same answer and changes nothing. In a save of a batch
 * the app's db is the save's savepoint in the batch's transaction (lib/batch-item.ts), rolled back by the batch when
 * the save answers a refusal: the change runs in it, and the batch commits its saves together.
 */
export async function runChange<T>(req: FastifyRequest, work: (ctx: ChangeContext) => Promise<T>, status = 200): Promise<T> {
  const db = req.server.db;
  const key = req.user ? idempotencyKey(req) : null;
  const hash = key ? requestHash(req) : '';
  if (batchScope()?.tx) return change(db, req, key, hash, work, status);
  try {
    return await db.transaction((tx) => change(tx as unknown as Db, req, key, hash, work, status));
  } catch (err) {
    // A concurrent request with the same key committed first: answer with what it stored.
    if (key && req.user && isUniqueViolation(err)) {
      const replay = await storedAnswer(db, req.user.id, key, hash);
      if (replay) throw replay;
    }
    throw err;
  }
}

/** The steps of a change whose work cannot run inside a transaction of the app (a backup holds PGlite's engine). */
export interface LongChange<C, W, T> {
  /** In the first transaction, with the key claimed (answer pending): claims what the work needs. */
  start(ctx: ChangeContext): Promise<C>;
  /** Between the two transactions. */
  work(claimed: C): Promise<W>;
  /** In the second transaction: records the work; its answer is stored with the key. */
  finish(ctx: ChangeContext, claimed: C, done: W): Promise<T>;
  /** After a failed work, before the key is released (so a retry with it runs again). */
  failed(claimed: C, err: unknown): Promise<void>;
}

/**
 * runChange for a long change, in two transactions around its work. The key is claimed in the first and committed
 * with no answer: a repeat while the work runs is a 409 "in progress" (the outbox keeps it and retries), a repeat
 * after it gets the stored answer, so a retried request does the work once. A failed work releases the key.
 */
export async function runLongChange<C, W, T>(req: FastifyRequest, steps: LongChange<C, W, T>, status = 200): Promise<T> {
  // Its two commits cannot nest in a batch's transaction: a batch runs such a save between its transactions, by the
  // endpoint's `long` (modules/sync/service.ts).
  if (batchScope()?.tx) throw new Error(`runLongChange dentro de la transacción de un lote: declare long en ${req.method} ${req.url}`);
  const db = req.server.db;
  const key = req.user ? idempotencyKey(req) : null;
  const claimed = await runChange(req, (ctx) => steps.start(ctx), 0);
  let done: W;
  try {
    done = await steps.work(claimed);
  } catch (err) {
    await steps.failed(claimed, err);
    if (key && req.user)
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, req.user.id), eq(idempotencyKeys.key, key)));
    throw err;
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const audits: AuditRow[] = [];
    const result = await steps.finish({ tx: t, audit: async (entry) => void audits.push(auditRow(req, entry)) }, claimed, done);
    await finishChange(t, req, audits, key ? { key, status, result } : null);
    return result;
  });
}

export default fp(async function change(app: FastifyInstance) {
  // A finished request repeated with the same key is answered from the store before any work is done.
  app.addHook('preHandler', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.user) return;
    const key = idempotencyKey(req);
    if (!key) return;
    const hash = requestHash(req);
    // Auth read the key's stored answer with the session; the query here is for a request it did not read.
    const replay = req.storedKey !== undefined ? replayOf(req.storedKey, hash) : await storedAnswer(app.db, req.user.id, key, hash);
    if (replay) throw replay;
  });
});
