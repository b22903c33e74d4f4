// List deltas: what changed in a list since a device's sync point (docs/architecture.md, "List deltas"). A list's
// table carries `version` (the id of the transaction that last wrote the row, or one of its details, by trigger)
// and its deletions leave tombstones in `cambios_borrados`; the answer is the rows changed since the cursor, the
// ids to drop and the new cursor, or the whole list when the cursor is absent, foreign or older than the tombstones.
import { getTableName, gte, lt, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '@shared/messages';
import type { Db } from '../db/client';
import { cambiosBorrados, servidorEstado } from '../db/schema/index';
import { badRequest } from './errors';
import { MAX_LIST_ROWS } from './json-rows';
import { rowsOf } from './sql';

/** JSON text of one object of wire shape `T`, built by the database and sent as it is. */
export type JsonText<T> = string & { readonly __json?: T };

/** Deletions are remembered this long; a device whose sync point is older reloads the whole list. */
export const TOMBSTONE_KEEP_DAYS = 90;
/** servidor_estado key: the newest version of a pruned tombstone (a cursor below it cannot be answered). */
const PRUNED_KEY = 'cambios_podado_hasta';

/** How a list answers its delta: declared once per list, next to its query (the salidas repository). */
export interface DeltaSource {
  /** The list's table (one row of it per list row) and its key, the tombstones' name and id. */
  table: PgTable;
  key: PgColumn;
  version: PgColumn;
  /** The list's filter, over the table's own columns: a row edited out of it is dropped from the device. */
  filter: SQL | undefined;
  /** The list's query (its filter included) narrowed by `extra`, in the list's order. */
  query: (extra: SQL | undefined) => SQLWrapper;
  /** Further reasons a row changed: joined catalogues or details whose `version` is at least `since`. */
  touched?: (since: number) => SQL[];
}

/**
 * The oldest transaction of this database still running at the statement's snapshot (or the snapshot's xmax when
 * none): every version below it is committed and visible. Transactions of other databases of the cluster (another
 * office's, a test run's) are left out, so they do not hold the cursor back. Needs the app's role to see its own
 * sessions' `backend_xid` in pg_stat_activity (it does: the same role).
 */
const horizon = sql`(select coalesce(min(x::text::bigint), pg_snapshot_xmax(pg_current_snapshot())::text::bigint)::text
  from pg_snapshot_xip(pg_current_snapshot()) x
  where (x::text::bigint % 4294967296)::text::xid in
    (select backend_xid from pg_stat_activity where datname = current_database() and backend_xid is not null))`;

/** A cursor: `<database oid>.<version>`, so a cursor of another database (a restore elsewhere) is never trusted. */
const CURSOR = /^(\d{1,10})\.(\d{1,19})$/;

interface Point {
  db: string;
  /** Lowest transaction still running: every version below it is committed (or never will be). */
  xmax: string;
  pruned: string;
}

async function syncPoint(db: Db): Promise<Point> {
  const [p] = await rowsOf<Point>(
    db,
    sql`select (select oid from pg_database where datname = current_database())::text as db,
      pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
      coalesce((select ${servidorEstado.valor} from ${servidorEstado} where ${servidorEstado.clave} = ${PRUNED_KEY}), '0') as pruned`,
  );
  return p;
}

/** The version `since` names when the delta from it can be answered, else null (the whole list is sent). */
function usableSince(since: string | null | undefined, p: Point): number | null {
  const m = since ? CURSOR.exec(since) : null;
  if (!m || m[1] !== p.db) return null;
  const v = BigInt(m[2]);
  // From the future (a restore on another server) or older than the pruned tombstones: the whole list.
  if (v > BigInt(p.xmax) || v < BigInt(p.pruned)) return null;
  return Number(v);
}

/**
 * The list's rows changed since `since` with the ids the device drops (deleted, or edited out of the filter), and
 * the new cursor; or the whole list (`full: true`) without a usable `since`. Bounded like every list (`max` rows,
 * else 400). The rows and the cursor come from one statement, so one snapshot: a change committed while it runs
 * comes in the next delta (the cursor is this database's oldest transaction still running, not the newest version seen).
 */
export async function listDelta<T>(db: Db, src: DeltaSource, since: string | null | undefined, max = MAX_LIST_ROWS): Promise<JsonText<T>> {
  const point = await syncPoint(db);
  const from = usableSince(since, point);
  const changed =
    from === null
      ? undefined
      : sql`(${sql.join(
          [gte(src.version, from), ...(src.touched?.(from) ?? [])].map((c) => sql`(${c})`),
          sql` or `,
        )})`;
  const tableName = getTableName(src.table);
  const deleted =
    from === null
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(d.id), '[]'::json) from (
          select ${cambiosBorrados.id} as id from ${cambiosBorrados} where ${cambiosBorrados.tabla} = ${tableName} and ${cambiosBorrados.version} >= ${from}
          union
          select ${src.key} as id from ${src.table} where ${src.version} >= ${from} and ${not(sql`coalesce(${src.filter ?? sql`true`}, false)`)}
        ) d)`;
  const [r] = await rowsOf<{ rows: string; n: number; deleted: string; xmin: string }>(
    db,
    sql`with r as (select * from (${src.query(changed)}) q limit ${max + 1})
      select (select coalesce(json_agg(r), '[]'::json) from r)::text as rows, (select count(*)::int from r) as n,
        ${deleted}::text as deleted, ${horizon} as xmin`,
  );
  if (r.n > max) throw badRequest(MSG.listTooLong(max));
  const cursor = `${point.db}.${r.xmin}`;
  return `{"cursor":"${cursor}","full":${from === null},"rows":${r.rows},"deleted":${r.deleted}}` as JsonText<T>;
}

/**
 * Deletes the tombstones older than TOMBSTONE_KEEP_DAYS and remembers the newest version pruned, so a cursor
 * older than it gets the whole list instead of missing a deletion. Resolves how many went.
 */
export async function pruneTombstones(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_KEEP_DAYS * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(cambiosBorrados)
      .where(lt(cambiosBorrados.borrado_at, cutoff))
      .returning({ version: cambiosBorrados.version });
    if (gone.length === 0) return 0;
    const newest = String(gone.reduce((m, g) => Math.max(m, g.version), 0) + 1);
    await tx
      .insert(servidorEstado)
      .values({ clave: PRUNED_KEY, valor: newest })
      .onConflictDoUpdate({
        target: servidorEstado.clave,
        set: { valor: sql`greatest(${servidorEstado.valor}::bigint, ${newest}::bigint)::text` },
      });
    return gone.length;
  });
}
