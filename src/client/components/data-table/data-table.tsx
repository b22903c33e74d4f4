// <DataTable<T>>: the list table of every screen (TanStack Table v9): default sort, hidden columns, 'Buscar:',
// page sizes 10/25/50/100/'Mostrar todo', pagination, sortable headers, optional selection, exports, virtual rows.
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  useTable,
  type ColumnVisibilityState,
  type PaginationState,
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
import { kitFeatures, SELECT_COLUMN_ID, type DataColumnDef } from './features';
import { TableFooter } from './pagination';
import { filterRows, makeHaystack } from './search';
import { HorizontalScroll } from '../horizontal-scroll';
import { PlainBody, VirtualBody } from './table-body';
import { TableHead } from './table-head';

/** -1 means every row ('Mostrar todo'). */
export const PAGE_SIZES = [10, 25, 50, 100, -1] as const;
/** Above this many rows on screen the body is virtualized. */
export const VIRTUALIZE_ABOVE = 100;

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

  // Search runs before the table: every word must match some column (see search.ts).
  const [query, setQuery] = useState('');
  const haystack = useMemo(() => makeHaystack(columns), [columns]);
  const filtered = useMemo(() => filterRows(rows, query, haystack) as T[], [rows, query, haystack]);

  const [sorting, setSorting] = useState<SortingState>(() => props.defaultSort ?? []);
  const [pageSize, setPageSize] = useState<number>(props.defaultPageSize ?? 10);
  const [pageIndex, setPageIndex] = useState(0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const allColumns = useMemo<DataColumnDef<T>[]>(() => {
    if (!selectable) return columns;
    const select: DataColumnDef<T> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      enableHiding: false,
      meta: { exportable: false, searchable: false, className: 'w-10', align: 'center' },
      header: ({ table }) => (
        <Checkbox
          aria-label={LABELS.selectAll}
          checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(v) => table.toggleAllRowsSelected(v === true)}
        />
      ),
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

  const showAll = pageSize === -1;
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: showAll ? 0 : pageIndex, pageSize: showAll ? Number.MAX_SAFE_INTEGER : pageSize }),
    [pageIndex, pageSize, showAll],
  );

  const table = useTable({
    features: kitFeatures,
    columns: allColumns,
    data: filtered,
    getRowId: props.getRowId ?? defaultRowId,
    initialState: { columnVisibility: initialVisibility },
    state: { sorting, pagination, rowSelection },
    onSortingChange: (u) => {
      setSorting(u);
      setPageIndex(0);
    },
    onPaginationChange: (u) => {
      const next = typeof u === 'function' ? u(pagination) : u;
      if (!showAll) setPageIndex(next.pageIndex);
    },
    onRowSelectionChange: setRowSelection,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: true,
    enableRowSelection: selectable,
  });

  // Search changes go back to page 1; a shrinking list never leaves the user past the last page.
  useEffect(() => setPageIndex(0), [query]);
  const total = filtered.length;
  const pageCount = showAll ? 1 : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (pageIndex > pageCount - 1) setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount]);

  const onSelectionChange = props.onSelectionChange;
  useEffect(() => {
    onSelectionChange?.(table.getSelectedRowModel().rows.map((r) => r.original));
    // The table object is stable; the selection and data are the triggers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowSelection, filtered, onSelectionChange]);

  useImperativeHandle(
    props.apiRef,
    () => ({
      getExportData: () => collectExportData(table),
      getSelectedRows: () =>
        table
          .getPrePaginatedRowModel()
          .rows.filter((r) => r.getIsSelected())
          .map((r) => r.original),
      clearSelection: () => setRowSelection({}),
    }),
    [table],
  );

  const pageRows = table.getRowModel().rows;
  const virtual = pageRows.length > VIRTUALIZE_ABOVE;
  const scrollRef = useRef<HTMLDivElement>(null);
  const visibleColumns = table.getVisibleLeafColumns();
  const colSpan = Math.max(visibleColumns.length, 1);
  const version = `${columnsVersion(allColumns)}|${visibleColumns.map((c) => c.id).join(',')}`;
  const from = total === 0 ? 0 : showAll ? 1 : pagination.pageIndex * pageSize + 1;
  const to = showAll ? total : Math.min(total, (pagination.pageIndex + 1) * pageSize);

  return (
    <div className={cn('flex flex-col gap-3', props.className)}>
      {(toolbarLeft || toolbarRight || exportConfig) && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">{toolbarLeft}</div>
          <div className="flex flex-wrap items-center gap-2">
            {exportConfig && (
              <ExportButtons config={exportConfig} getData={() => collectExportData(table)} disabled={loading && rows.length === 0} />
            )}
            {toolbarRight}
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <label className="flex items-center gap-2">
          {LABELS.show}
          <select
            aria-label={LABELS.show}
            className="h-8 cursor-pointer rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value));
              setPageIndex(0);
            }}
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
          <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} className="h-8 w-56" />
        </label>
      </div>
      <HorizontalScroll
        ref={scrollRef}
        className={cn('relative rounded-md border border-border bg-white', virtual && 'max-h-[70vh] overflow-y-auto')}
        data-testid="table-scroll"
      >
        <table className="w-full border-collapse text-sm" aria-label={props.label} aria-busy={loading || undefined}>
          <TableHead table={table} sticky={virtual} />
          {pageRows.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={colSpan} className="px-3 py-8 text-center text-slate-500">
                  {loading ? <Spinner showLabel /> : (props.emptyText ?? LABELS.noRecords)}
                </td>
              </tr>
            </tbody>
          ) : virtual ? (
            <VirtualBody rows={pageRows} rowClassName={props.rowClassName} version={version} scrollRef={scrollRef} colSpan={colSpan} />
          ) : (
            <PlainBody rows={pageRows} rowClassName={props.rowClassName} version={version} />
          )}
        </table>
        {loading && pageRows.length > 0 && (
          <div className="absolute inset-0 flex items-start justify-center bg-white/50 pt-10">
            <Spinner />
          </div>
        )}
      </HorizontalScroll>
      <TableFooter
        from={from}
        to={to}
        total={total}
        unfilteredTotal={rows.length}
        pageIndex={pagination.pageIndex}
        pageCount={pageCount}
        onPage={(i) => setPageIndex(Math.min(Math.max(i, 0), pageCount - 1))}
      />
    </div>
  );
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
