// Table body (TableBody): the spinner or the empty text when there are no rows; else the rows, plain for normal
// pages, virtualized (@tanstack/react-virtual, spacer rows) for big pages.
// When columns are folded (responsive.ts) the first cell carries a toggle and an open row shows a detail row
// under it with the folded columns as label: value pairs. A row re-renders only when its own data, selection,
// open state or the table's version changes, so a fold touches only the row that changes. Rows are keyed by
// their place on screen (not by record): a sort, a keystroke or a page change fills the same <tr> elements with
// other records (React updates texts and attributes) instead of removing and creating every row. The virtual
// window goes further: its rows keep their <tr> while they stay in the window, and a row that enters takes the
// <tr> of one that left (recycleSlots), so a jump (a search that empties the end of a scrolled list) also only
// refills rows; its measured heights are kept per place, so a sort does not measure new rows again.
import { memo, useCallback, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ChevronRight } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { flexRender, type Cell, type Column, type Row, type RowData, type SortingState } from '@tanstack/react-table';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Spinner } from '../ui/spinner';
import { columnHeaderText } from './export-data';
import type { KitFeatures } from './features';

export const ROW_ESTIMATE = 37;

export interface BodyProps<T extends RowData> {
  rows: readonly Row<KitFeatures, T>[];
  rowClassName?: (row: T) => string | undefined;
  /** Changes whenever something a cell shows may change (selection, visibility) so memoized rows refresh. */
  version: string;
  /** Columns folded into the detail row (empty when everything fits). */
  folded: Column<KitFeatures, T, unknown>[];
  /** Ids of the rows whose detail is open. */
  expanded: ReadonlySet<string>;
  onToggle: (rowId: string) => void;
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/**
 * A cell's content: its column's `cell` (a component) rendered straight into the <td>, without the <FlexRender>
 * wrapper component: one component less per cell for React to go through on every sort or keystroke.
 */
function cellContent<T extends RowData>(cell: Cell<KitFeatures, T, unknown>): ReactNode {
  return flexRender(cell.column.columnDef.cell, cell.getContext()) as ReactNode;
}

interface RowViewProps<T extends RowData> {
  row: Row<KitFeatures, T>;
  className?: string;
  /** Place in the list (its stripe); virtual rows also get it as data-index for the virtualizer. */
  place: number;
  index?: number;
  measureRef?: (el: HTMLTableRowElement | null) => void;
  selected: boolean;
  version: string;
  folded: Column<KitFeatures, T, unknown>[];
  open: boolean;
  onToggle: (rowId: string) => void;
}

function RowViewInner<T extends RowData>({ row, className, place, index, measureRef, selected, folded, open, onToggle }: RowViewProps<T>) {
  const ref = useRef<HTMLTableRowElement | null>(null);
  const cells = row.getVisibleCells();
  const foldable = folded.length > 0;
  const detailId = `detail-${row.id}`;
  // Stable, so a re-render does not detach and attach the row (which would measure it again for nothing).
  const setRef = useCallback(
    (el: HTMLTableRowElement | null) => {
      ref.current = el;
      measureRef?.(el);
    },
    [measureRef],
  );
  // A virtualized row is as tall as itself plus its open detail: measure again when it opens or closes, when the
  // <tr> moves to another place, and when an open detail shows another record. Another record in a closed row
  // (a sort, a keystroke) is left to the virtualizer's ResizeObserver on the <tr>: it reports only a real change
  // of height, after the browser's own layout, instead of forcing a layout here in every row.
  const openRecord = foldable && open ? row : null;
  useLayoutEffect(() => {
    if (measureRef && ref.current) measureRef(ref.current);
  }, [openRecord, index, open, foldable, measureRef]);
  const byId = foldable && open ? row.getAllCellsByColumnId() : undefined;
  return (
    <>
      <tr
        ref={setRef}
        data-index={index}
        data-state={selected ? 'selected' : undefined}
        data-open={foldable && open ? 'true' : undefined}
        className={cn(
          'border-b border-border transition-colors hover:bg-sky-50 data-[state=selected]:bg-sky-100',
          // Stripes by the row's place in the list, not in the DOM: the virtual window's spacer row and open
          // details would flip every row's stripe (and restyle them all) on each step of a scroll.
          place % 2 === 1 && 'bg-slate-50/70',
          foldable && open && 'border-b-0 bg-sky-50/60',
          className,
        )}
      >
        {cells.map((cell, i) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td
              key={cell.column.id}
              data-col={cell.column.id}
              className={cn('px-2 py-2 align-middle', ALIGN[meta?.align ?? 'left'], meta?.className)}
            >
              {i === 0 && foldable ? (
                <span className="flex items-center gap-1">
                  <button
                    type="button"
                    data-fold-toggle=""
                    aria-expanded={open}
                    aria-controls={open ? detailId : undefined}
                    aria-label={open ? LABELS.hideDetail : LABELS.showDetail}
                    title={open ? LABELS.hideDetail : LABELS.showDetail}
                    onClick={() => onToggle(row.id)}
                    className="-my-1 -ml-1 inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-full text-primary hover:bg-sky-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
                  </button>
                  <span className="min-w-0">{cellContent(cell)}</span>
                </span>
              ) : (
                cellContent(cell)
              )}
            </td>
          );
        })}
      </tr>
      {byId && (
        <tr data-detail="" id={detailId} className={cn('border-b border-border bg-sky-50/60', className)}>
          <td colSpan={Math.max(cells.length, 1)} className="px-3 pt-0 pb-2">
            <dl className="grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-4 gap-y-1 pl-7 text-sm">
              {folded.map((col) => {
                const cell = byId[col.id];
                return (
                  <div key={col.id} className="contents">
                    <dt className="font-semibold text-slate-600">{columnHeaderText(col)}</dt>
                    <dd className="min-w-0 break-words">{cell ? cellContent(cell) : null}</dd>
                  </div>
                );
              })}
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}

/** Re-renders only when its row object, selection, open state or the table version changes. */
const RowView = memo(RowViewInner) as <T extends RowData>(props: RowViewProps<T>) => ReactNode;

function PlainBody<T extends RowData>({ rows, rowClassName, version, folded, expanded, onToggle }: BodyProps<T>) {
  return (
    <tbody>
      {rows.map((row, place) => (
        <RowView
          key={place}
          place={place}
          row={row}
          className={rowClassName?.(row.original)}
          selected={row.getIsSelected()}
          version={version}
          folded={folded}
          open={expanded.has(row.id)}
          onToggle={onToggle}
        />
      ))}
    </tbody>
  );
}

/**
 * React keys of the virtual window's rows: an index still in the window keeps its slot; one entering takes a
 * slot freed by one that left, or a new one. `prev` maps index → slot of the last window. Freed slots are handed
 * out in the order their old rows had on screen, so a jump (a search that brings the window back to the top)
 * refills the same <tr> elements where they stand instead of moving them around the table.
 */
export function recycleSlots(prev: ReadonlyMap<number, number>, indexes: readonly number[]): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const i of indexes) {
    const slot = prev.get(i);
    if (slot !== undefined) {
      next.set(i, slot);
      taken.add(slot);
    }
  }
  const free = [...prev]
    .filter(([, slot]) => !taken.has(slot))
    .sort((a, b) => a[0] - b[0])
    .map(([, slot]) => slot);
  let fresh = prev.size === 0 ? 0 : Math.max(...prev.values()) + 1;
  let f = 0;
  for (const i of indexes) if (!next.has(i)) next.set(i, f < free.length ? free[f++] : fresh++);
  return next;
}

interface VirtualProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  colSpan: number;
  /** When it changes (a search or a sort), the window goes back to the first row, like page 1 of a paged table. */
  topKey: number;
}

/** Height of a row plus its open detail row (the virtualizer keeps one size per data row). */
function rowHeight(el: Element): number {
  const own = el.getBoundingClientRect().height || ROW_ESTIMATE;
  const next = el.nextElementSibling as HTMLElement | null;
  return next && next.dataset.detail !== undefined ? own + next.getBoundingClientRect().height : own;
}

function VirtualBody<T extends RowData>({
  rows,
  rowClassName,
  version,
  scrollRef,
  colSpan,
  folded,
  expanded,
  onToggle,
  topKey,
}: BodyProps<T> & VirtualProps) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    // Sizes are kept per place (the default index key), not per record: after a sort or a keystroke the rows
    // on screen are measured again by RowView anyway, and a place of the same height causes no new layout pass.
    // Three rows beyond each edge (about 110 px): enough for a flick, and every row drawn is laid out again on each
    // sort or keystroke (six cost a sort of 'Mostrar todo' about 3 ms more).
    overscan: 3,
    // Real row heights (wrapped text, open details); never 0, which would make the range grow without end.
    measureElement: (el) => rowHeight(el),
    // Used before layout is known (and in test DOMs without layout).
    initialRect: { width: 1000, height: 600 },
  });
  // Back to the top in this very render (the window drawn is the first one, not the old offset's), then the box.
  const shownTop = useRef(topKey);
  if (shownTop.current !== topKey) {
    shownTop.current = topKey;
    virtualizer.scrollOffset = 0;
  }
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box && box.scrollTop !== 0) box.scrollTop = 0;
  }, [topKey, scrollRef]);
  const items = virtualizer.getVirtualItems();
  const slots = useRef<ReadonlyMap<number, number>>(new Map());
  slots.current = recycleSlots(
    slots.current,
    items.map((item) => item.index),
  );
  const top = items.length ? items[0].start : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <tbody data-virtualized="true">
      {top > 0 && (
        <tr aria-hidden="true">
          <td colSpan={colSpan} style={{ height: top, padding: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return (
          <RowView
            key={slots.current.get(item.index)}
            place={item.index}
            row={row}
            index={item.index}
            measureRef={virtualizer.measureElement}
            className={rowClassName?.(row.original)}
            selected={row.getIsSelected()}
            version={version}
            folded={folded}
            open={expanded.has(row.id)}
            onToggle={onToggle}
          />
        );
      })}
      {bottom > 0 && (
        <tr aria-hidden="true">
          <td colSpan={colSpan} style={{ height: bottom, padding: 0 }} />
        </tr>
      )}
    </tbody>
  );
}

/**
 * The table's <tbody>: one row with the spinner or the empty text when there are no rows, else the rows, in a
 * virtual window (`virtual`: more rows than VIRTUALIZE_ABOVE, or VIRTUALIZE_ALL_ABOVE under 'Mostrar todo') or
 * all of them.
 */
export function TableBody<T extends RowData>({
  virtual,
  loading,
  emptyText,
  scrollRef,
  colSpan,
  topKey,
  ...body
}: BodyProps<T> & VirtualProps & { virtual: boolean; loading: boolean; emptyText: string }) {
  if (body.rows.length === 0) {
    return (
      <tbody>
        <tr>
          <td colSpan={colSpan} className="px-3 py-8 text-center text-slate-500">
            {loading ? <Spinner showLabel /> : emptyText}
          </td>
        </tr>
      </tbody>
    );
  }
  return virtual ? <VirtualBody {...body} scrollRef={scrollRef} colSpan={colSpan} topKey={topKey} /> : <PlainBody {...body} />;
}

/**
 * The virtual window's `topKey`: a number that grows when `query` or `sorting` change and the rows they give
 * (`ordered`) change with them. One more letter that matches the same rows keeps the window where it is.
 */
export function useTopKey(query: string, sorting: SortingState, ordered: ArrayLike<number>): number {
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

/** A number per column-definitions array: a new array makes memoized rows re-render (part of `version`). */
export function columnsVersion(columns: object): number {
  let v = columnVersions.get(columns);
  if (v === undefined) {
    v = ++columnSeq;
    columnVersions.set(columns, v);
  }
  return v;
}
