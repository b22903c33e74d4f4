// The rows <DataTable> shows: 'Buscar:' (search.ts), then the order (sort.ts), over row indexes. TanStack builds
// the row objects once per data array (its core row model); a keystroke or a sort never rebuilds its row models.
// Nothing is prepared ahead of time: a row's search text is built by the first search that reads it, a column's
// ranks by the first sort by it. Warming them in idle time after a load cost the main thread ~300 ms for 10,000
// rows whether or not the clerk ever searched or sorted (idle time is still the main thread's CPU).
import { useMemo, useRef } from 'react';
import type { Row, RowData, SortingState, Table } from '@tanstack/react-table';
import type { DataColumnDef, KitFeatures } from './features';
import { makeHaystack, normalizeSearch } from './search';
import { RankCache, sortIndexes } from './sort';

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

  return { ordered, shownRows };
}
