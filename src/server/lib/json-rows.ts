// Lists answered as JSON text that PostgreSQL builds: the route sends that text as it is, never parsing and
// re-serialising thousands of rows in Node (how to write a list endpoint: docs/architecture.md, "Lists").
import { is, sql, Column, SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import type { Db } from '../db/client';
import { compressText, COMPRESS_THRESHOLD, pickEncoding } from './compression';
import { badRequest } from './errors';
import { rowsOf } from './sql';
import { isoTimestamp } from './timestamps';

/**
 * Most rows any list answers (docs/architecture.md, "Writing a list endpoint"): past it the answer is a 400 saying how
 * to narrow the filter. A month of a busy office's exits is about 10,000 rows.
 */
export const MAX_LIST_ROWS = 25_000;

/** A JSON array whose elements have the wire shape `T`, as text (the type only records what the text holds). */
export type JsonRows<T> = string & { readonly __rows?: T[] };

/**
 * The rows of `query` as one JSON array text, `[]` when none. Column names are the wire fields and the
 * query's ORDER BY is the list order (PostgreSQL aggregates a sorted subquery in its order). Values become
 * JSON the way PostgreSQL writes them: numbers (numeric, integer, bigint) as numbers, `date` as `YYYY-MM-DD`,
 * booleans, json/jsonb as they are; timestamps must be selected through `isoTimestamp` (or `wire()`).
 */
export async function jsonRows<T>(db: Db, query: SQLWrapper, max = MAX_LIST_ROWS): Promise<JsonRows<T>> {
  // At most max + 1 rows are read and built: one more than the bound says the filter is too wide, without building
  // the hundreds of megabytes an empty filter on years of data would give.
  const [r] = await rowsOf<{ json: string; n: number }>(
    db,
    sql`select coalesce(json_agg(t), '[]')::text as json, count(*)::int as n from (select * from (${query}) q limit ${max + 1}) t`,
  );
  if (r.n > max) throw badRequest(MSG.listTooLong(max));
  return r.json as JsonRows<T>;
}

type Field = Column | SQL | SQL.Aliased;

/** True for timestamp columns (with or without time zone, any mode): they leave as ISO 8601 UTC. */
const isTimestamp = (c: Column) => c.getSQLType().startsWith('timestamp');

/**
 * Select fields for a Drizzle query given to `jsonRows`: each entry is named after its key (the wire field)
 * and timestamp columns are turned into ISO 8601 text, so `db.select(wire({ … })).from(…)` is the list row.
 */
export function wire<T extends Record<string, Field>>(fields: T): Record<keyof T & string, SQL.Aliased> {
  const out = {} as Record<keyof T & string, SQL.Aliased>;
  for (const [key, f] of Object.entries(fields) as [keyof T & string, Field][]) {
    const expr = is(f, Column) ? (isTimestamp(f) ? isoTimestamp(f) : sql`${f}`) : is(f, SQL.Aliased) ? f.sql : f;
    out[key] = sql`${expr}`.as(key);
  }
  return out;
}

/**
 * Sends JSON text as it is (no parse, no serialisation), compressed in one call at the measured level when the client
 * accepts brotli or gzip (lib/compression.ts); @fastify/compress leaves an answer that already has its encoding.
 */
export async function sendJson<T>(req: FastifyRequest, reply: FastifyReply, json: JsonRows<T>): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const encoding = json.length >= COMPRESS_THRESHOLD ? pickEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(json);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
  return reply.header('content-encoding', encoding).send(await compressText(Buffer.from(json), encoding));
}
