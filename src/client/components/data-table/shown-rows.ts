// The rows <DataTable> shows: 'Buscar:' (search.ts), then the order (sort.ts), over row indexes. TanStack builds
// the row objects once per data array (its core row model); a keystroke or a sort never rebuilds its row models.
import { useEffect, useMemo, useRef } from 'react';
import type { Row, RowData, SortingState, Table } from '@tanstack/react-table';
import type { DataColumnDef, KitFeatures } from './features';
import { makeHaystack, normalizeSearch } from './search';
import { whenIdle } from '@client/lib/idle';
import { RankCache, sortIndexes, warmRanks } from './sort';

export interface ShownRows<T extends RowData> {
  /** Indexes (into the data) of the rows that match the search, in display order. */
  ordered: ArrayLike<number>;
  /** Their row objects (shared arrays when they are the cache's own order: read only). */
  shownRows: readonly Row<KitFeatures, T>[];
}

/**
 * Search, then order, over row indexes. `columns` are the screen's (what is searched), `allColumns` what the
 * table was given (a new array means new row objects, so a new rank cache).
 */
export function useShownRows<T extends RowData>(
  table: Table<KitFeatures, T>,
  rows: readonly T[],
  columns: DataColumnDef<T>[],
  allColumns: DataColumnDef<T>[],
  query: string,
  sorting: SortingState,
): ShownRows<T> {
  const coreRows = table.getCoreRowModel().rows;
  const haystack = useMemo(() => makeHaystack(columns), [columns]);
  // Typing one more letter only narrows: the previous matches (same rows) are the only candidates.
  const lastSearch = useRef<{ rows: readonly T[]; haystack: unknown; text: string; out: number[] } | null>(null);
  const matching = useMemo<number[]>(() => {
    const text = normalizeSearch(query);
    const words = text.split(/\s+/).filter(Boolean);
    const prev = lastSearch.current;
    const narrows = prev !== null && prev.rows === rows && prev.haystack === haystack && text.startsWith(prev.text);
    const out: number[] = [];
    if (words.length === 0) for (let i = 0; i < rows.length; i++) out.push(i);
    else if (narrows) {
      for (const i of prev.out) if (words.every((w) => haystack(rows[i], i).includes(w))) out.push(i);
    } else {
      for (let i = 0; i < rows.length; i++) if (words.every((w) => haystack(rows[i], i).includes(w))) out.push(i);
    }
    lastSearch.current = { rows, haystack, text, out };
    return out;
  }, [rows, query, haystack]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const ranks = useMemo(() => new RankCache<T>(coreRows), [coreRows, allColumns]);
  // With every row shown (no search) the cache's own orders are shown as they are, not copied: a click between
  // two orders already seen builds no array of 10,000 indexes or rows.
  const everyRow = sorting.length > 0 && matching.length === coreRows.length;
  const ordered = useMemo<ArrayLike<number>>(
    () => (everyRow ? ranks.order(sorting) : sortIndexes(matching, sorting, ranks)),
    [everyRow, matching, sorting, ranks],
  );
  const shownRows = useMemo(
    () => (everyRow ? ranks.rowsInOrder(sorting) : Array.from(ordered, (i) => coreRows[i])),
    [everyRow, ordered, sorting, ranks, coreRows],
  );

  // Rank every sortable column while the screen is idle, so the first tap on a header is already cheap.
  useEffect(() => {
    if (rows.length < 2) return;
    const ids = table
      .getAllLeafColumns()
      .filter((c) => c.getCanSort())
      .map((c) => c.id);
    return warmRanks(ranks, ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ranks]);

  // Build every row's search text while idle too (in slices), so the first keystroke does not pay for it.
  useEffect(() => {
    const SLICE = 1000;
    const tasks: (() => void)[] = [];
    for (let start = 0; start < rows.length; start += SLICE)
      tasks.push(() => {
        for (let i = start; i < Math.min(rows.length, start + SLICE); i++) haystack(rows[i], i);
      });
    return whenIdle(tasks);
  }, [rows, haystack]);

  return { ordered, shownRows };
}
