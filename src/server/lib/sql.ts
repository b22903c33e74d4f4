// SQL helpers every module uses: rows of a raw query, date-range filters, integer lists for `in (...)`.
import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** `fini <= column <= ffin`, each bound optional. */
export function dateRangeWhere(column: PgColumn, range: { fini?: string | null; ffin?: string | null }): SQL | undefined {
  return and(range.fini ? gte(column, range.fini) : undefined, range.ffin ? lte(column, range.ffin) : undefined);
}

/** SQL list of integers for `in (...)` filters on raw queries (inlined: integers only, no parameters). */
export function intList(ids: readonly number[]): SQL {
  return sql.raw(ids.map((n) => String(Math.trunc(Number(n)) || 0)).join(', ') || 'null');
}
