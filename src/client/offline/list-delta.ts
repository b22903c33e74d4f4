// Lists kept on the device and refreshed by delta (docs/architecture.md, "List deltas"): per list and filter the
// device keeps the rows and the server's cursor; a screen paints that copy at once, then asks the server what changed
// since the cursor and merges it: a row edited elsewhere is replaced in place, a deleted one leaves, new ones are
// placed in the list's order. The copy is written to Dexie in idle time, as JSON text (one string to clone, not
// thousands of objects), after the screen has painted: a whole list as the server's own answer text (no
// JSON.stringify of the parsed rows on the main thread), a merged one stringified.
import type { ListDelta } from '@shared/contract/list-delta';
import { ownerOf, cacheKey, isNetworkError, setInfo, type CacheKey, type CacheOptions, type CachedResult } from './cache';
import { getDb } from './db';

/** How a delta list merges: the row key (the server's `deleted` ids) and, for new rows, the list's order. */
export interface DeltaSpec<Row> {
  keyOf: (row: Row) => number;
  /** The list's order (as the server sorts it); without it new rows go first. */
  order?: (a: Row, b: Row) => number;
}

/** A list's order, every field descending (dates and ISO timestamps as text, ids as numbers): `newestFirst('fecha', 'id')`. */
export function newestFirst<Row>(...fields: (keyof Row)[]): (a: Row, b: Row) => number {
  return (a, b) => {
    for (const f of fields) if (a[f] !== b[f]) return a[f] < b[f] ? 1 : -1;
    return 0;
  };
}

interface Copy<Row> {
  rows: Row[];
  cursor: string;
  savedAt: number;
  userId: number | null;
}

/** The copies this tab already read or wrote (a screen opened again skips Dexie and the parse). */
const memory = new Map<string, Copy<unknown>>();
const MEMORY_KEYS = 8;

function remember<Row>(k: string, copy: Copy<Row>): void {
  memory.delete(k);
  memory.set(k, copy as Copy<unknown>);
  if (memory.size > MEMORY_KEYS) memory.delete(memory.keys().next().value as string);
}

/** The device's copy of a delta list for the current user: from memory, else from Dexie (one JSON parse). */
export async function readDeltaCopy<Row>(key: CacheKey, opts: CacheOptions = {}): Promise<Copy<Row> | undefined> {
  const k = cacheKey(key);
  const userId = ownerOf(opts);
  const mem = memory.get(k) as Copy<Row> | undefined;
  if (mem) return mem.userId === userId ? mem : undefined;
  const row = await (opts.db ?? getDb()).cache.get(k);
  if (!row || row.userId !== userId || typeof row.cursor !== 'string' || typeof row.data !== 'string') return undefined;
  // The rows' JSON, or the server's whole answer (`{ cursor, full, rows, deleted }`) as it came.
  const parsed = JSON.parse(row.data) as Row[] | ListDelta<Row>;
  const rows = Array.isArray(parsed) ? parsed : parsed.rows;
  const copy: Copy<Row> = { rows, cursor: row.cursor, savedAt: row.savedAt, userId };
  remember(k, copy);
  return copy;
}

/** The rows of `base` with the delta applied; `base` itself when nothing changed (the screen keeps its rows). */
export function mergeDelta<Row>(base: readonly Row[], delta: ListDelta<Row>, spec: DeltaSpec<Row>): Row[] {
  if (delta.full) return delta.rows;
  if (delta.rows.length === 0 && delta.deleted.length === 0) return base as Row[];
  const at = new Map<number, number>();
  base.forEach((r, i) => at.set(spec.keyOf(r), i));
  const out = base.slice();
  const added: Row[] = [];
  for (const r of delta.rows) {
    const i = at.get(spec.keyOf(r));
    if (i === undefined) added.push(r);
    else out[i] = r;
  }
  const gone = new Set(delta.deleted);
  const kept = gone.size === 0 ? out : out.filter((r) => !gone.has(spec.keyOf(r)));
  if (added.length === 0) return kept;
  const all = [...added, ...kept];
  return spec.order ? all.sort(spec.order) : all;
}

const idle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 0);

/**
 * Writes the copy to Dexie after the screen painted (a quota error only costs the device copy). `text`: the
 * server's answer as it came, when its rows are the copy's rows (a whole list), stored instead of stringifying them.
 */
function persist<Row>(k: string, copy: Copy<Row>, rowsChanged: boolean, opts: CacheOptions, written?: () => void, text?: string): void {
  const db = opts.db ?? getDb();
  idle(() => {
    if (memory.get(k) !== copy) return; // a newer copy replaced it meanwhile: that one is written instead
    const { cursor, savedAt, userId } = copy;
    const write: Promise<unknown> = rowsChanged
      ? db.cache.put({ key: k, data: text ?? JSON.stringify(copy.rows), cursor, savedAt, userId })
      : db.cache.update(k, { cursor, savedAt });
    void write.catch((err: unknown) => console.warn('offline cache write failed', err)).finally(written);
  });
}

export interface DeltaFetchOptions<Row> extends CacheOptions {
  /** Called with the device's copy before the network answers, so the screen paints it at once. */
  onCopy?: (rows: Row[]) => void;
  /** Called once the copy is in Dexie (tests). */
  written?: () => void;
}

/**
 * The rows of a delta list: the device's copy (given to `onCopy` first), then the server's delta since its cursor
 * merged into it and kept. On a network failure the copy is answered with fromCache=true (like cachedFetch); other
 * errors, and a failure with no copy, propagate. `fetcher` may hand the answer's text to `onText` (api's `onText`):
 * a whole list is then stored as that text.
 */
export async function deltaFetch<Row>(
  key: CacheKey,
  fetcher: (since: string | null, onText: (text: string) => void) => Promise<ListDelta<Row>>,
  spec: DeltaSpec<Row>,
  opts: DeltaFetchOptions<Row> = {},
): Promise<CachedResult<Row[]>> {
  const k = cacheKey(key);
  const copy = await readDeltaCopy<Row>(key, opts).catch(() => undefined);
  if (copy) opts.onCopy?.(copy.rows);
  let delta: ListDelta<Row>;
  let text: string | undefined;
  try {
    delta = await fetcher(copy?.cursor ?? null, (t) => (text = t));
  } catch (err) {
    if (!copy || !isNetworkError(err)) throw err;
    setInfo(k, true, copy.savedAt);
    return { data: copy.rows, fromCache: true, savedAt: copy.savedAt };
  }
  const savedAt = (opts.now ?? Date.now)();
  const rows = mergeDelta(copy?.rows ?? [], delta, spec);
  const next: Copy<Row> = { rows, cursor: delta.cursor, savedAt, userId: ownerOf(opts) };
  remember(k, next);
  persist(k, next, rows !== copy?.rows, opts, opts.written, delta.full && rows === delta.rows ? text : undefined);
  setInfo(k, false, savedAt);
  return { data: rows, fromCache: false, savedAt };
}

/** Forgets the copies held in memory (a test's fresh start; the user's logout). */
export function clearDeltaMemory(): void {
  memory.clear();
}
