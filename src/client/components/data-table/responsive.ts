// Responsive columns (what the DataTables Responsive extension did in the original): the table never scrolls
// sideways; the columns that do not fit the width fold, lowest priority first, into a detail under each row.
// useFolding holds what is folded and which details are open; useResponsiveFit measures and fits.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ColumnVisibilityState, RowData, Table } from '@tanstack/react-table';
import { ACTIONS_COLUMN_ID, SELECT_COLUMN_ID, type DataColumnDef, type KitFeatures } from './features';

/** Priority of a column without meta.priority: after every prioritized column, folding right to left. */
export const DEFAULT_PRIORITY = 10_000;
/** Width reserved in the first cell for the fold-out toggle when some column is folded. */
export const TOGGLE_WIDTH = 32;
/** A long text column is measured at most this wide: in the real table it wraps. */
export const MAX_MEASURED_WIDTH = 280;

export interface FitColumn {
  id: string;
  /** Natural width in px (header and the widest shown cell). */
  width: number;
  priority: number;
}

/**
 * Ids of the columns to fold so the rest fit in `available` px. Columns are kept by priority (lower first; equal
 * priorities left to right) until one does not fit: it and every column after it fold, so a key column never
 * folds while a less important one stays. Priority 0 never folds. Room is reserved for the toggle that the
 * first cell carries once anything folds; the most important foldable column stays even if too wide alone.
 */
export function fitColumns(columns: readonly FitColumn[], available: number): Set<string> {
  const total = columns.reduce((s, c) => s + c.width, 0);
  if (total <= available || available <= 0) return new Set();
  const fixed = columns.filter((c) => c.priority <= 0);
  const order = columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.priority > 0)
    .sort((a, b) => a.priority - b.priority || a.index - b.index);
  let used = TOGGLE_WIDTH + fixed.reduce((s, c) => s + c.width, 0);
  const folded = new Set<string>();
  for (const [k, c] of order.entries()) {
    if (folded.size === 0 && (k === 0 || used + c.width <= available)) used += c.width;
    else folded.add(c.id);
  }
  return folded;
}

/** The priority of a column definition (meta.priority, the actions and selection columns never fold). */
export function columnPriority<T extends RowData>(def: DataColumnDef<T> | undefined, id: string, neverFold: readonly string[]): number {
  if (neverFold.includes(id)) return 0;
  return def?.meta?.priority ?? DEFAULT_PRIORITY;
}

/**
 * Natural widths of the columns of `table` by id (cells carry `data-col`), measured on off-screen copies:
 * the header at its narrowest (headers wrap between words) and the body at its widest (up to
 * MAX_MEASURED_WIDTH), without the detail rows.
 */
export function measureColumnWidths(table: HTMLTableElement): Map<string, number> {
  const widths = new Map<string, number>();
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden;pointer-events:none;contain:layout style;';
  const head = table.cloneNode(false) as HTMLTableElement;
  head.style.cssText = 'width:1px;table-layout:auto;';
  const thead = table.tHead?.cloneNode(true) as HTMLTableSectionElement | undefined;
  if (thead) head.appendChild(thead);
  const body = table.cloneNode(false) as HTMLTableElement;
  body.style.cssText = 'width:auto;table-layout:auto;';
  const tbody = document.createElement('tbody');
  let copied = 0;
  for (const tr of table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')) {
    if (tr.dataset.detail !== undefined || tr.getAttribute('aria-hidden') === 'true') continue;
    if (copied++ >= 60) break;
    tbody.appendChild(tr.cloneNode(true));
  }
  // The fold-out toggle is not part of a column's own width (fitColumns reserves room for it).
  for (const b of tbody.querySelectorAll('[data-fold-toggle]')) b.remove();
  body.appendChild(tbody);
  host.append(head, body);
  document.body.appendChild(host);
  try {
    for (const th of head.querySelectorAll<HTMLElement>('th[data-col]')) {
      widths.set(th.dataset.col as string, th.getBoundingClientRect().width);
    }
    // Only the first row's cells are needed: a table column is as wide as its widest cell.
    const first = tbody.firstElementChild;
    if (first) {
      for (const td of first.querySelectorAll<HTMLElement>('td[data-col]')) {
        const id = td.dataset.col as string;
        const w = Math.min(td.getBoundingClientRect().width, MAX_MEASURED_WIDTH);
        widths.set(id, Math.max(widths.get(id) ?? 0, w));
      }
    }
  } finally {
    host.remove();
  }
  return widths;
}

/**
 * Columns folded by the responsive fit and the rows whose detail is open, with the column visibility the table
 * gets: the hidden columns (meta.hidden and `hiddenColumns`, read once, like DataTables' column visibility) and
 * the folded ones.
 */
export function useFolding<T extends RowData>(columns: readonly DataColumnDef<T>[], hiddenColumns: readonly string[] | undefined) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const initialVisibility = useMemo<ColumnVisibilityState>(() => {
    const vis: ColumnVisibilityState = {};
    const walk = (defs: readonly DataColumnDef<T>[]) => {
      for (const c of defs) {
        const nested = (c as { columns?: DataColumnDef<T>[] }).columns;
        if (nested) walk(nested);
        const id = c.id ?? (c as { accessorKey?: string }).accessorKey;
        if (id && c.meta?.hidden) vis[id] = false;
      }
    };
    walk(columns);
    for (const id of hiddenColumns ?? []) vis[id] = false;
    return vis;
    // Initial only, like DataTables' column visibility.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const columnVisibility = useMemo<ColumnVisibilityState>(() => {
    if (folded.size === 0) return initialVisibility;
    const vis = { ...initialVisibility };
    for (const id of folded) vis[id] = false;
    return vis;
  }, [initialVisibility, folded]);
  const onToggle = useCallback((rowId: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  }, []);
  return { folded, setFolded, expanded, onToggle, initialVisibility, columnVisibility };
}

/**
 * Responsive fit: natural column widths are measured on off-screen copies when the data, the columns or the
 * page size change, kept per column (a folded column keeps its last width), and fitted to the box's width.
 * Returns the refs of the scroll box and the table, and the folded columns (for the detail rows).
 */
export function useResponsiveFit<T extends RowData>(
  table: Table<KitFeatures, T>,
  {
    rows,
    allColumns,
    pageSize,
    initialVisibility,
    folded,
    setFolded,
  }: {
    rows: readonly T[];
    allColumns: readonly DataColumnDef<T>[];
    pageSize: number;
    initialVisibility: ColumnVisibilityState;
    folded: ReadonlySet<string>;
    setFolded: Dispatch<SetStateAction<ReadonlySet<string>>>;
  },
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const widths = useRef(new Map<string, number>());
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const update = () => setBoxWidth(el.clientWidth);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const measuredFor = useRef<unknown[]>([]);
  useLayoutEffect(() => {
    const el = tableRef.current;
    // Read the width here too: the observer reports after the first paint, and that paint must already fit.
    const width = scrollRef.current?.clientWidth ?? boxWidth;
    if (!el || width <= 0) return;
    const key = [rows, allColumns, pageSize];
    if (key.some((k, i) => k !== measuredFor.current[i])) {
      measuredFor.current = key;
      for (const [id, w] of measureColumnWidths(el)) widths.current.set(id, w);
    }
    const candidates = table
      .getAllLeafColumns()
      .filter((c) => initialVisibility[c.id] !== false)
      .map((c) => ({
        id: c.id,
        width: widths.current.get(c.id) ?? 0,
        priority: columnPriority(c.columnDef, c.id, [SELECT_COLUMN_ID, ACTIONS_COLUMN_ID]),
      }));
    const next = fitColumns(candidates, width);
    setFolded((prev) => (prev.size === next.size && [...next].every((id) => prev.has(id)) ? prev : next));
    // The table object and the state setter are stable; these are what change the widths.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, allColumns, pageSize, boxWidth, initialVisibility]);
  const foldedColumns = useMemo(
    () => table.getAllLeafColumns().filter((c) => folded.has(c.id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [folded, allColumns],
  );
  return { scrollRef, tableRef, foldedColumns };
}
