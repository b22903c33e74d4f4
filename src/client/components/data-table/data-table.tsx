// <DataTable<T>>: the list table of every screen (TanStack Table v9): default sort, hidden columns, 'Buscar:',
// page sizes 10/25/50/100/'Mostrar todo', pagination, sortable headers, optional selection, exports, virtual rows,
// and responsive columns: what does not fit the width folds, by priority, into a detail under each row.
// TanStack provides the columns, cells, sort state and selection; search, order and paging are done over row
// indexes (shown-rows.ts with search.ts and sort.ts; usePaging in pagination.tsx), so a keystroke or a sort never
// rebuilds TanStack's row models. DataTable holds the state and puts the pieces together: toolbar.tsx (toolbar,
// page size, 'Buscar:'), table-head.tsx, table-body.tsx (rows, virtual window), pagination.tsx (footer),
// responsive.ts (folding) and selection.tsx (checkbox column, apiRef).
import { memo, useState, type ReactNode, type Ref } from 'react';
import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Spinner } from '../ui/spinner';
import { HorizontalScroll } from '../horizontal-scroll';
import type { ExportConfig } from './export-buttons';
import { kitFeatures, type DataColumnDef } from './features';
import { TableFooter, usePaging } from './pagination';
import { useFolding, useResponsiveFit } from './responsive';
import { useSelection, useTableApi, type DataTableApi } from './selection';
import { useShownRows } from './shown-rows';
import { columnsVersion, TableBody, useTopKey } from './table-body';
import { TableHead } from './table-head';
import { ListControls, TableToolbar, type PAGE_SIZES } from './toolbar';

/** Above this many rows on screen the body is virtualized. */
export const VIRTUALIZE_ABOVE = 100;
/**
 * Under 'Mostrar todo' it is virtualized already above this many: more than the scroll box (70vh) shows with its
 * overscan. A search that narrows the list then refills the same window instead of drawing up to 100 rows anew.
 */
export const VIRTUALIZE_ALL_ABOVE = 50;

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
  const { columns, data, selectable = false, loading = false } = props;
  const rows = (data ?? EMPTY) as readonly T[];

  const [query, setQuery] = useState('');
  const [sorting, setSorting] = useState<SortingState>(() => props.defaultSort ?? []);
  const [pageSize, setPageSize] = useState<number>(props.defaultPageSize ?? 10);
  const [pageIndex, setPageIndex] = useState(0);
  const { rowSelection, setRowSelection, shownRef, allColumns } = useSelection(columns, selectable);
  const fold = useFolding(columns, props.hiddenColumns);

  const table = useTable({
    features: kitFeatures,
    columns: allColumns,
    data: rows as T[],
    getRowId: props.getRowId ?? defaultRowId,
    state: { sorting, columnVisibility: fold.columnVisibility, rowSelection },
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

  const { ordered, shownRows } = useShownRows(table, rows, columns, allColumns, query, sorting);
  shownRef.current = shownRows;
  const total = ordered.length;
  const page = usePaging({ shownRows, total, query, pageSize, setPageSize, pageIndex, setPageIndex });
  const exportData = useTableApi(table, {
    apiRef: props.apiRef,
    onSelectionChange: props.onSelectionChange,
    rowSelection,
    setRowSelection,
    shownRef,
    shownRows,
  });
  const { scrollRef, tableRef, foldedColumns } = useResponsiveFit(table, {
    rows,
    allColumns,
    pageSize,
    initialVisibility: fold.initialVisibility,
    folded: fold.folded,
    setFolded: fold.setFolded,
  });

  // A search or a sort that changes the rows shown starts the virtual window at the first row again (the paged
  // table goes to page 1); one that leaves them as they were (one more letter matching the same rows) keeps it.
  const topKey = useTopKey(query, sorting, ordered);
  const pageRows = page.pageRows;
  const virtual = pageRows.length > (page.showAll ? VIRTUALIZE_ALL_ABOVE : VIRTUALIZE_ABOVE);
  const visibleColumns = table.getVisibleLeafColumns();
  const colSpan = Math.max(visibleColumns.length, 1);
  const version = `${columnsVersion(allColumns)}|${visibleColumns.map((c) => c.id).join(',')}`;

  return (
    <div className={cn('flex flex-col gap-3', props.className)}>
      <TableToolbar
        left={props.toolbarLeft}
        right={props.toolbarRight}
        exportConfig={props.exportConfig}
        getData={exportData}
        disabled={loading && rows.length === 0}
      />
      <ListControls pageSize={pageSize} onPageSize={page.onPageSize} query={query} onQuery={setQuery} />
      <HorizontalScroll
        ref={scrollRef}
        className={cn('relative rounded-md border border-border bg-white', virtual && 'max-h-[70vh] overflow-y-auto will-change-scroll')}
        data-testid="table-scroll"
      >
        <table ref={tableRef} className="w-full border-collapse text-sm" aria-label={props.label} aria-busy={loading || undefined}>
          <TableHead table={table} sticky={virtual} stamp={selectable ? [rowSelection, shownRows] : undefined} />
          <TableBody
            rows={pageRows}
            rowClassName={props.rowClassName}
            version={version}
            folded={foldedColumns}
            expanded={fold.expanded}
            onToggle={fold.onToggle}
            virtual={virtual}
            loading={loading}
            emptyText={props.emptyText ?? LABELS.noRecords}
            scrollRef={scrollRef}
            colSpan={colSpan}
            topKey={topKey}
          />
        </table>
        {loading && pageRows.length > 0 && (
          <div className="absolute inset-0 flex items-start justify-center bg-white/50 pt-10">
            <Spinner />
          </div>
        )}
      </HorizontalScroll>
      <MemoFooter
        from={page.from}
        to={page.to}
        total={total}
        unfilteredTotal={rows.length}
        pageIndex={page.current}
        pageCount={page.pageCount}
        onPage={page.onPage}
      />
    </div>
  );
}

const MemoFooter = memo(TableFooter);
