// Query helpers shared by the warehouse modules: raw rows, ISO timestamps, date-range filters, and
// the plan of a master-detail line save (create / update / trash).
import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** PostgreSQL timestamp text (or Date) → ISO 8601. */
export function isoTs(v: string | Date | null | undefined): string {
  if (v == null) return '';
  const d =
    v instanceof Date
      ? v
      : new Date(
          String(v)
            .replace(' ', 'T')
            .replace(/([+-]\d\d)$/, '$1:00'),
        );
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** `fini <= column <= ffin`, each bound optional. */
export function dateRangeWhere(column: PgColumn, range: { fini?: string | null; ffin?: string | null }): SQL | undefined {
  return and(range.fini ? gte(column, range.fini) : undefined, range.ffin ? lte(column, range.ffin) : undefined);
}

/** SQL list of integers for `in (...)` filters on raw queries (inlined: integers only, no parameters). */
export function intList(ids: readonly number[]): SQL {
  return sql.raw(ids.map((n) => String(Math.trunc(Number(n)) || 0)).join(', ') || 'null');
}

export interface LinePlan<S, I> {
  inserts: I[];
  updates: { stored: S; incoming: I }[];
  deletes: S[];
  /** Stored lines kept unchanged (neither sent nor trashed). */
  kept: S[];
}

/**
 * Splits a save of lines into inserts (no id), updates (id of a stored line) and deletes (trash).
 * An id that is not one of the record's lines is a 400: a client can never touch another record's lines.
 */
export function planLineSync<S, I>(
  stored: readonly S[],
  incoming: readonly I[],
  trash: readonly number[],
  storedId: (s: S) => number,
  incomingId: (i: I) => number | null | undefined,
): LinePlan<S, I> {
  const byId = new Map(stored.map((s) => [storedId(s), s]));
  const trashSet = new Set(trash);
  for (const t of trashSet) if (!byId.has(t)) throw badRequest(MSG.lineNotInRecord);
  const plan: LinePlan<S, I> = { inserts: [], updates: [], deletes: [], kept: [] };
  const touched = new Set<number>();
  for (const line of incoming) {
    const lid = incomingId(line);
    if (lid == null) {
      plan.inserts.push(line);
      continue;
    }
    const s = byId.get(lid);
    if (!s || touched.has(lid)) throw badRequest(MSG.lineNotInRecord);
    touched.add(lid);
    if (trashSet.has(lid)) continue; // sent and trashed: trash wins
    plan.updates.push({ stored: s, incoming: line });
  }
  for (const s of stored) {
    const sid = storedId(s);
    if (trashSet.has(sid)) plan.deletes.push(s);
    else if (!touched.has(sid)) plan.kept.push(s);
  }
  return plan;
}
