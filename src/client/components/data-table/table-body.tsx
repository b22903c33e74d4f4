// Table body rows: plain for normal pages, virtualized (@tanstack/react-virtual, spacer rows) for big pages.
import { memo, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import { cn } from '@client/lib/cn';
import type { KitFeatures } from './features';

export const ROW_ESTIMATE = 37;

export interface BodyProps<T extends RowData> {
  rows: Row<KitFeatures, T>[];
  rowClassName?: (row: T) => string | undefined;
  /** Changes whenever something a cell shows may change (selection, visibility) so memoized rows refresh. */
  version: string;
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

interface RowViewProps<T extends RowData> {
  row: Row<KitFeatures, T>;
  className?: string;
  index?: number;
  measureRef?: (el: HTMLTableRowElement | null) => void;
  selected: boolean;
  version: string;
}

function RowViewInner<T extends RowData>({ row, className, index, measureRef, selected }: RowViewProps<T>) {
  return (
    <tr
      ref={measureRef}
      data-index={index}
      data-state={selected ? 'selected' : undefined}
      className={cn(
        'border-b border-border transition-colors even:bg-slate-50/70 hover:bg-sky-50 data-[state=selected]:bg-sky-100',
        className,
      )}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <td key={cell.id} className={cn('px-2 py-2 align-middle', ALIGN[meta?.align ?? 'left'], meta?.className)}>
            <FlexRender cell={cell} />
          </td>
        );
      })}
    </tr>
  );
}

/** Re-renders only when its row object, selection or the table version changes. */
const RowView = memo(RowViewInner) as <T extends RowData>(props: RowViewProps<T>) => ReactNode;

export function PlainBody<T extends RowData>({ rows, rowClassName, version }: BodyProps<T>) {
  return (
    <tbody>
      {rows.map((row) => (
        <RowView key={row.id} row={row} className={rowClassName?.(row.original)} selected={row.getIsSelected()} version={version} />
      ))}
    </tbody>
  );
}

export function VirtualBody<T extends RowData>({
  rows,
  rowClassName,
  version,
  scrollRef,
  colSpan,
}: BodyProps<T> & { scrollRef: RefObject<HTMLDivElement | null>; colSpan: number }) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index].id,
    overscan: 12,
    // Real row heights (wrapped text); never 0, which would make the range grow without end.
    measureElement: (el) => el.getBoundingClientRect().height || ROW_ESTIMATE,
    // Used before layout is known (and in test DOMs without layout).
    initialRect: { width: 1000, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
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
            key={row.id}
            row={row}
            index={item.index}
            measureRef={virtualizer.measureElement}
            className={rowClassName?.(row.original)}
            selected={row.getIsSelected()}
            version={version}
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
