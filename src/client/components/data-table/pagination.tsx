// Paging of <DataTable>: which rows the page shows (usePaging) and the footer, 'Mostrando X a Y de Z registros'
// and page buttons (Anterior, 1 … 4 5 6 … 20, Siguiente).
import { useCallback, useEffect, useMemo, type Dispatch, type SetStateAction } from 'react';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';

/** Page indexes to show, with 'gap' for ellipses; at most 7 slots like DataTables. */
export function pageItems(pageIndex: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i);
  if (pageIndex < 4) return [0, 1, 2, 3, 4, 'gap', pageCount - 1];
  if (pageIndex > pageCount - 5) return [0, 'gap', pageCount - 5, pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1];
  return [0, 'gap', pageIndex - 1, pageIndex, pageIndex + 1, 'gap', pageCount - 1];
}

export interface TableFooterProps {
  from: number;
  to: number;
  total: number;
  /** Rows before the search (shows '(filtrado de un total de N registros)' when different). */
  unfilteredTotal: number;
  pageIndex: number;
  pageCount: number;
  onPage: (index: number) => void;
}

const btn =
  'h-8 min-w-8 cursor-pointer rounded-md border border-border bg-white px-2.5 text-sm text-slate-700 hover:bg-accent disabled:cursor-default disabled:opacity-50 disabled:hover:bg-white';

export function TableFooter({ from, to, total, unfilteredTotal, pageIndex, pageCount, onPage }: TableFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pt-3 text-sm text-slate-600">
      <p aria-live="polite" data-testid="table-info">
        {LABELS.tableInfo(from, to, total)}
        {total !== unfilteredTotal && <span className="ml-1">{LABELS.tableFiltered(unfilteredTotal)}</span>}
      </p>
      {pageCount > 1 && (
        <nav aria-label={LABELS.pagination} className="flex flex-wrap items-center gap-1">
          <button type="button" className={btn} disabled={pageIndex === 0} onClick={() => onPage(pageIndex - 1)}>
            {LABELS.previous}
          </button>
          {pageItems(pageIndex, pageCount).map((item, i) =>
            item === 'gap' ? (
              <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                aria-current={item === pageIndex ? 'page' : undefined}
                className={cn(btn, item === pageIndex && 'border-primary bg-primary text-primary-foreground hover:bg-primary')}
                onClick={() => onPage(item)}
              >
                {item + 1}
              </button>
            ),
          )}
          <button type="button" className={btn} disabled={pageIndex >= pageCount - 1} onClick={() => onPage(pageIndex + 1)}>
            {LABELS.next}
          </button>
        </nav>
      )}
    </div>
  );
}

/**
 * The page of `shownRows` (pageSize -1: all of them) and the footer's figures. A new search goes back to page 1;
 * a shrinking list never leaves the user past the last page.
 */
export function usePaging<R>({
  shownRows,
  total,
  query,
  pageSize,
  setPageSize,
  pageIndex,
  setPageIndex,
}: {
  shownRows: readonly R[];
  /** How many rows the search and order give (shownRows.length). */
  total: number;
  query: string;
  pageSize: number;
  setPageSize: Dispatch<SetStateAction<number>>;
  pageIndex: number;
  setPageIndex: Dispatch<SetStateAction<number>>;
}) {
  const showAll = pageSize === -1;
  useEffect(() => setPageIndex(0), [query, setPageIndex]);
  const pageCount = showAll ? 1 : Math.max(1, Math.ceil(total / pageSize));
  const current = showAll ? 0 : Math.min(pageIndex, pageCount - 1);
  useEffect(() => {
    if (pageIndex > pageCount - 1) setPageIndex(pageCount - 1);
  }, [pageIndex, pageCount, setPageIndex]);
  const pageRows = useMemo(
    () => (showAll ? shownRows : shownRows.slice(current * pageSize, (current + 1) * pageSize)),
    [shownRows, showAll, current, pageSize],
  );
  const onPageSize = useCallback(
    (size: number) => {
      setPageSize(size);
      setPageIndex(0);
    },
    [setPageSize, setPageIndex],
  );
  const onPage = useCallback((i: number) => setPageIndex(Math.min(Math.max(i, 0), pageCount - 1)), [pageCount, setPageIndex]);
  const from = total === 0 ? 0 : showAll ? 1 : current * pageSize + 1;
  const to = showAll ? total : Math.min(total, (current + 1) * pageSize);
  return { showAll, pageCount, current, pageRows, onPageSize, onPage, from, to };
}
