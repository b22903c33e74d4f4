// Header row(s) of <DataTable>: sortable column buttons with ▲/▼ indicators and aria-sort. Long headers wrap
// (only when the table would otherwise overflow) so wide ledgers fit a tablet.
import { ChevronDown, ChevronUp, ChevronsUpDown } from 'lucide-react';
import { FlexRender, type RowData, type Table } from '@tanstack/react-table';
import { cn } from '@client/lib/cn';
import { columnHeaderText } from './export-data';
import type { KitFeatures } from './features';

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

export function TableHead<T extends RowData>({ table, sticky }: { table: Table<KitFeatures, T>; sticky: boolean }) {
  return (
    <thead className={cn('bg-slate-100 text-slate-700', sticky && 'sticky top-0 z-10')}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} className="border-b border-border">
          {group.headers.map((header) => {
            const col = header.column;
            const sorted = col.getIsSorted();
            const meta = col.columnDef.meta;
            return (
              <th
                key={header.id}
                colSpan={header.colSpan}
                scope="col"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={cn('px-2 py-2 font-semibold', ALIGN[meta?.align ?? 'left'], meta?.className)}
              >
                {header.isPlaceholder ? null : col.getCanSort() ? (
                  <button
                    type="button"
                    onClick={col.getToggleSortingHandler()}
                    className={cn(
                      'inline-flex cursor-pointer items-center gap-1 select-none hover:text-slate-950',
                      meta?.align === 'right' && 'flex-row-reverse',
                    )}
                    title={columnHeaderText(col) || undefined}
                  >
                    <FlexRender header={header} />
                    {sorted === 'asc' ? (
                      <ChevronUp className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
                    ) : sorted === 'desc' ? (
                      <ChevronDown className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
                    ) : (
                      <ChevronsUpDown className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                    )}
                  </button>
                ) : (
                  <FlexRender header={header} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
