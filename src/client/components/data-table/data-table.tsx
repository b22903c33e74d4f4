// <DataTable<T>>: the list table of every screen (TanStack Table v9): default sort, hidden columns, 'Buscar:',
// page sizes 10/25/50/100/'Mostrar todo', pagination, sortable headers, optional selection, exports, virtual rows,
// and responsive columns: what does not fit the width folds, by priority, into a detail under each row.
// TanStack provides the columns, cells, sort state and selection; search, order and paging are done here over
// row indexes (search.ts, sort.ts), so a keystroke or a sort never rebuilds TanStack's row models.
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import {
  useTable,
  type ColumnVisibilityState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { ExportButtons, type ExportConfig } from './export-buttons';
import { collectExportData, type ExportData } from './export-data';
import { ACTIONS_COLUMN_ID, kitFeatures, SELECT_COLUMN_ID, type DataColumnDef, type KitFeatures } from './features';
import { columnPriority, fitColumns, measureColumnWidths } from './responsive';
import { RankCache, sortIndexes, warmRanks, whenIdle } from './sort';
import { TableFooter } from './pagination';
import { makeHaystack, normalizeSearch } from './search';
import { HorizontalScroll } from '../horizontal-scroll';
import { PlainBody, VirtualBody } from './table-body';
import { TableHead } from './table-head';

/** -1 means every row ('Mostrar todo'). */
export const PAGE_SIZES = [10, 25, 50, 100, -1] as const;
/** Above this many rows on screen the body is virtualized. */
export const VIRTUALIZE_ABOVE = 100;
/**
 * Under 'Mostrar todo' it is virtualized already above this many: more than the scroll box (70vh) shows with its
 * overscan. A search that narrows the list then refills the same window instead of drawing up to 100 rows anew.
 */
export const VIRTUALIZE_ALL_ABOVE = 50;

/** Imperative handle (pass `apiRef`): read what the table shows, e.g. for a 'Generar PDF' of selected rows. */
export interface DataTableApi<T> {
  getExportData: () => ExportData;
  /** Selected rows' data, in display order. */
  getSelectedRows: () => T[];
  clearSelection: () => void;
}

export interface DataTableProps<T extends RowData> {
  /** Keep stable (module scope or useMemo). Use `meta` for export text, alignment and hidden columns. */
  columns: DataColumnDef<T>[];
  /** Keep stable between renders (TanStack Query data is). */
  data: readonly T[] | undefined;
  /** Initial sort, e.g. [{ id: 'fecha', desc: true }, { id: 'created_at', desc: true }]; hidden columns allowed. */
  defaultSort?: SortingState;
  /** Column ids hidden at first (in addition to columns with meta.hidden). */
  hiddenColumns?: string[];
  /** Stable row id (default: row.id when present, otherwise the index). Needed for selection. */
  getRowId?: (row: T, index: number) => string;
  defaultPageSize?: (typeof PAGE_SIZES)[number];
  /** Adds a checkbox column and a select-all checkbox. */
  selectable?: boolean;
  onSelectionChange?: (rows: T[]) => void;
  rowClassName?: (row: T) => string | undefined;
  loading?: boolean;
  /** Text when there are no rows (default 'No hay registros'). */
  emptyText?: string;
  /** Toolbar left side: filters. */
  toolbarLeft?: ReactNode;
  /** Toolbar right side after the export buttons: e.g. <NewButton>. */
  toolbarRight?: ReactNode;
  /** Shows the Excel / PDF buttons. */
  exportConfig?: ExportConfig;
  apiRef?: Ref<DataTableApi<T>>;
  /** Accessible name of the table (the screen title). */
  label?: string;
  className?: string;
}

const EMPTY: readonly never[] = [];

function defaultRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : String(index);
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, data, selectable = false, loading = false, exportConfig, toolbarLeft, toolbarRight } = props;
  const rows = (data ?? EMPTY) as readonly T[];

  const [query, setQuery] = useState('');
  const [sorting, setSorting] = useState<SortingState>(() => props.defaultSort ?? []);
  const [pageSize, setPageSize] = useState<number>(props.defaultPageSize ?? 10);
  const [pageIndex, setPageIndex] = useState(0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  /** Columns folded by the responsive fit, and the rows whose detail is open. */
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  /** The rows on screen after search and sort (for select-all); set below, read by the selection header. */
  const shownRef = useRef<readonly Row<KitFeatures, T>[]>([]);

  const allColumns = useMemo<DataColumnDef<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataColumnDef<T> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      enableHiding: false,
      meta: { exportable: false, searchable: false, className: 'w-10', align: 'center', priority: 0 },
      header: () => {
        const shown = shownRef.current;
        const count = shown.filter((r) => r.getIsSelected()).length;
        return (
          <Checkbox
            aria-label={LABELS.selectAll}
            checked={count > 0 && count === shown.length ? true : count > 0 ? 'indeterminate' : false}
            onCheckedChange={(v) =>
              setRowSelection((prev) => {
                const next = { ...prev };
                for (const r of shownRef.current) {
                  if (v === true) next[r.id] = true;
                  else delete next[r.id];
                }
                return next;
              })
            }
          />
        );
      },
      cell: ({ row }) => (
        <Checkbox
          aria-label={LABELS.selectRow}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(v) => row.toggleSelected(v === true)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable]);

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
    for (const id of props.hiddenColumns ?? []) vis[id] = false;
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

  const showAll = pageSize === -1;
  const table = useTable({
    features: kitFeatures,
    columns: allColumns,
    data: rows as T[],
    getRowId: props.getRowId ?? defaultRowId,
    state: { sorting, columnVisibility, rowSelection },
    onSortingChange: (u) => {
      setSorting(u);
      setPageIndex(0);
    },
    onRowSelectionChange: setRowSelection,
    manualSorting: true,
    manualPagination: true,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: true,
    enableRowSelection: selectable,
  });

  // Search, then order, over row indexes: the rows objects are built once per data array.
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
  shownRef.current = shownRows;

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

  // Search changes go back to page 1; a shrinking list never leaves the user past the last page.
  useEffect(() => setPageIndex(0), [query]);
  const total = ordered.length;
  const pageCount = showAll ? 1 : Math.max(1, Math.ceil(total / pageSize));
  const current = showAll ? 0 : Math.min(pageIndex, pageCount - 1);
  useEffect(() => {
    if (pageIndex > pageCount - 1) setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount]);
  const pageRows = useMemo(
    () => (showAll ? shownRows : shownRows.slice(current * pageSize, (current + 1) * pageSize)),
    [shownRows, showAll, current, pageSize],
  );

  const onSelectionChange = props.onSelectionChange;
  useEffect(() => {
    onSelectionChange?.(shownRows.filter((r) => rowSelection[r.id]).map((r) => r.original));
  }, [rowSelection, shownRows, onSelectionChange]);

  // Stable, so the toolbar does not redraw on a sort or a keystroke (shownRef always holds the rows shown).
  const exportData = useCallback(() => collectExportData(table, shownRef.current), [table]);
  useImperativeHandle(
    props.apiRef,
    () => ({
      getExportData: () => collectExportData(table, shownRef.current),
      getSelectedRows: () => shownRef.current.filter((r) => r.getIsSelected()).map((r) => r.original),
      clearSelection: () => setRowSelection({}),
    }),
    [table],
  );

  // Responsive fit: natural column widths are measured on off-screen copies when the data, the columns or the
  // page size change, kept per column (a folded column keeps its last width), and fitted to the box's width.
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
    // The table object is stable; these are what change the widths.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, allColumns, pageSize, boxWidth, initialVisibility]);

  const onPageSize = useCallback((size: number) => {
    setPageSize(size);
    setPageIndex(0);
  }, []);
  const onPage = useCallback((i: number) => setPageIndex(Math.min(Math.max(i, 0), pageCount - 1)), [pageCount]);

  const onToggle = useCallback((rowId: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  }, []);
  const foldedColumns = useMemo(
    () => table.getAllLeafColumns().filter((c) => folded.has(c.id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [folded, allColumns],
  );

  // A search or a sort that changes the rows shown starts the virtual window at the first row again (the paged
  // table goes to page 1); one that leaves them as they were (one more letter matching the same rows) keeps it.
  const topKey = useTopKey(query, sorting, ordered);
  const virtual = pageRows.length > (showAll ? VIRTUALIZE_ALL_ABOVE : VIRTUALIZE_ABOVE);
  const visibleColumns = table.getVisibleLeafColumns();
  const colSpan = Math.max(visibleColumns.length, 1);
  const version = `${columnsVersion(allColumns)}|${visibleColumns.map((c) => c.id).join(',')}`;
  const from = total === 0 ? 0 : showAll ? 1 : current * pageSize + 1;
  const to = showAll ? total : Math.min(total, (current + 1) * pageSize);
  const bodyProps = { rows: pageRows, rowClassName: props.rowClassName, version, folded: foldedColumns, expanded, onToggle };

  return (
    <div className={cn('flex flex-col gap-3', props.className)}>
      {(toolbarLeft || toolbarRight || exportConfig) && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">{toolbarLeft}</div>
          <div className="flex flex-wrap items-center gap-2">
            {exportConfig && <MemoExportButtons config={exportConfig} getData={exportData} disabled={loading && rows.length === 0} />}
            {toolbarRight}
          </div>
        </div>
      )}
      <ListControls pageSize={pageSize} onPageSize={onPageSize} query={query} onQuery={setQuery} />
      <HorizontalScroll
        ref={scrollRef}
        className={cn('relative rounded-md border border-border bg-white', virtual && 'max-h-[70vh] overflow-y-auto will-change-scroll')}
        data-testid="table-scroll"
      >
        <table ref={tableRef} className="w-full border-collapse text-sm" aria-label={props.label} aria-busy={loading || undefined}>
          <TableHead table={table} sticky={virtual} stamp={selectable ? [rowSelection, shownRows] : undefined} />
          {pageRows.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={colSpan} className="px-3 py-8 text-center text-slate-500">
                  {loading ? <Spinner showLabel /> : (props.emptyText ?? LABELS.noRecords)}
                </td>
              </tr>
            </tbody>
          ) : virtual ? (
            <VirtualBody {...bodyProps} scrollRef={scrollRef} colSpan={colSpan} topKey={topKey} />
          ) : (
            <PlainBody {...bodyProps} />
          )}
        </table>
        {loading && pageRows.length > 0 && (
          <div className="absolute inset-0 flex items-start justify-center bg-white/50 pt-10">
            <Spinner />
          </div>
        )}
      </HorizontalScroll>
      <MemoFooter
        from={from}
        to={to}
        total={total}
        unfilteredTotal={rows.length}
        pageIndex={current}
        pageCount={pageCount}
        onPage={onPage}
      />
    </div>
  );
}

/**
 * 'Mostrar N registros' and 'Buscar:'. Memoized with the footer and the export buttons: a sort or a keystroke
 * redraws the rows, not the controls around them.
 */
const ListControls = memo(function ListControls({
  pageSize,
  onPageSize,
  query,
  onQuery,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  query: string;
  onQuery: (q: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <label className="flex items-center gap-2">
        {LABELS.show}
        <select
          aria-label={LABELS.show}
          className="h-8 cursor-pointer rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n === -1 ? LABELS.showAll : n}
            </option>
          ))}
        </select>
        {LABELS.records}
      </label>
      <label className="flex items-center gap-2">
        {LABELS.search}
        <Input type="search" value={query} onChange={(e) => onQuery(e.target.value)} className="h-8 w-56" />
      </label>
    </div>
  );
});

const MemoFooter = memo(TableFooter);
const MemoExportButtons = memo(ExportButtons);

/** A number that grows when `query` or `sorting` change and the rows they give (`ordered`) change with them. */
function useTopKey(query: string, sorting: SortingState, ordered: ArrayLike<number>): number {
  const last = useRef({ query, sorting, ordered, key: 0 });
  const prev = last.current;
  if (prev.query !== query || prev.sorting !== sorting) {
    last.current = { query, sorting, ordered, key: prev.key + (sameIndexes(prev.ordered, ordered) ? 0 : 1) };
  } else if (prev.ordered !== ordered) {
    last.current = { ...prev, ordered };
  }
  return last.current.key;
}

function sameIndexes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const columnVersions = new WeakMap<object, number>();
let columnSeq = 0;

/** A number per column-definitions array: a new array makes memoized rows re-render. */
function columnsVersion(columns: object): number {
  let v = columnVersions.get(columns);
  if (v === undefined) {
    v = ++columnSeq;
    columnVersions.set(columns, v);
  }
  return v;
}
