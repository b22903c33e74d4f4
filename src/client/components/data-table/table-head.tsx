// Header row(s) of <DataTable>: sortable column buttons with ▲/▼ indicators and aria-sort. The button fills the
// whole header cell, so a tap anywhere on a sortable header sorts (a finger rarely lands on the word itself).
// Long headers wrap between words; the responsive fit measures them at that narrowest width. Each header cell is
// memoized on its header and its own sort state: a sort redraws the one or two headers whose arrow changes.
import { memo, type ReactNode } from 'react';
import { ChevronUp, ChevronsUpDown } from 'lucide-react';
import { FlexRender, type Header, type RowData, type Table } from '@tanstack/react-table';
import { cn } from '@client/lib/cn';
import { columnHeaderText } from './export-data';
import type { KitFeatures } from './features';

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

export function TableHead<T extends RowData>({
  table,
  sticky,
  stamp,
}: {
  table: Table<KitFeatures, T>;
  sticky: boolean;
  /** Anything else a header shows (the select-all checkbox: the selection and the rows shown); a change redraws them all. */
  stamp?: unknown;
}) {
  return (
    <thead className={cn('bg-slate-100 text-slate-700', sticky && 'sticky top-0 z-10')}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} className="border-b border-border">
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} sorted={header.column.getIsSorted()} stamp={stamp} />
          ))}
        </tr>
      ))}
    </thead>
  );
}

interface HeaderCellProps<T extends RowData> {
  header: Header<KitFeatures, T, unknown>;
  sorted: false | 'asc' | 'desc';
  stamp: unknown;
}

function HeaderCellInner<T extends RowData>({ header, sorted }: HeaderCellProps<T>) {
  const col = header.column;
  const meta = col.columnDef.meta;
  const sortable = !header.isPlaceholder && col.getCanSort();
  return (
    <th
      colSpan={header.colSpan}
      scope="col"
      data-col={header.subHeaders.length === 0 ? col.id : undefined}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cn('font-semibold', ALIGN[meta?.align ?? 'left'], meta?.className, sortable ? 'p-0' : 'px-2 py-2')}
    >
      {header.isPlaceholder ? null : sortable ? (
        <button
          type="button"
          onClick={col.getToggleSortingHandler()}
          className={cn(
            'flex min-h-10 w-full cursor-pointer items-center gap-1 px-2 py-2 font-semibold select-none hover:bg-slate-200/60 hover:text-slate-950 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
            meta?.align === 'right' ? 'flex-row-reverse text-right' : meta?.align === 'center' ? 'justify-center' : 'text-left',
          )}
          title={columnHeaderText(col) || undefined}
        >
          <FlexRender header={header} />
          {sorted ? (
            // One icon turned over for descending: flipping the order changes a class, not the <svg>.
            <ChevronUp className={cn('size-3.5 shrink-0 text-primary', sorted === 'desc' && 'rotate-180')} aria-hidden="true" />
          ) : (
            <ChevronsUpDown className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
          )}
        </button>
      ) : (
        <FlexRender header={header} />
      )}
    </th>
  );
}

/** Redraws when its header object (columns, visibility), its sort state or the table's `stamp` changes. */
const HeaderCell = memo(HeaderCellInner) as <T extends RowData>(props: HeaderCellProps<T>) => ReactNode;
