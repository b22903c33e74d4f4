// Small item table of a modal (lines of an exit, request, cost, valuation) with edit/remove buttons per line.
import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { HorizontalScroll } from './horizontal-scroll';
import { RowActions } from './row-actions';
import { Button } from './ui/button';

/** Heading of a form's line items with the button that opens the item sub-modal ('Detalle' / 'Agregar insumo'). */
export function LineItemsHeader({
  onAdd,
  title = LABELS.almacen.items,
  addLabel = LABELS.almacen.addItem,
}: {
  onAdd: () => void;
  title?: string;
  addLabel?: string;
}) {
  return (
    <div className="flex items-center justify-between">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <Button type="button" size="sm" variant="secondary" onClick={onAdd}>
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
    </div>
  );
}

export interface LineColumn<L> {
  header: string;
  /** Cell content; strings and numbers render as text. */
  cell: (line: L, index: number) => ReactNode;
  align?: 'left' | 'center' | 'right';
  className?: string;
}

export interface LineItemTableProps<L> {
  columns: LineColumn<L>[];
  lines: L[];
  /** React keys (useLineItems().keys); defaults to the index. */
  keys?: string[];
  onEdit?: (index: number) => void;
  onRemove?: (index: number) => void;
  /** Read-only view mode: no action column. */
  readOnly?: boolean;
  emptyText?: string;
  /** Optional footer row (totals). */
  footer?: ReactNode;
  className?: string;
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

export function LineItemTable<L>({
  columns,
  lines,
  keys,
  onEdit,
  onRemove,
  readOnly,
  emptyText = LABELS.noRecords,
  footer,
  className,
}: LineItemTableProps<L>) {
  const actions = !readOnly && (onEdit || onRemove);
  return (
    <HorizontalScroll className={cn('rounded-md border border-border', className)}>
      <table className="w-full border-collapse text-sm">
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn('px-2 py-1.5 font-semibold', ALIGN[c.align ?? 'left'], c.className)}>
                {c.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="w-20 px-2 py-1.5 text-center font-semibold">
                {LABELS.actions}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td colSpan={columns.length + (actions ? 1 : 0)} className="px-2 py-4 text-center text-slate-500">
                {emptyText}
              </td>
            </tr>
          )}
          {lines.map((line, i) => (
            <tr key={keys?.[i] ?? i} className="border-t border-border even:bg-slate-50/70">
              {columns.map((c) => (
                <td key={c.header} className={cn('px-2 py-1.5', ALIGN[c.align ?? 'left'], c.className)}>
                  {c.cell(line, i)}
                </td>
              ))}
              {actions && (
                <td className="px-2 py-1 text-center whitespace-nowrap">
                  <RowActions onEdit={onEdit && (() => onEdit(i))} onDelete={onRemove && (() => onRemove(i))} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot className="border-t border-border bg-slate-50 font-semibold">{footer}</tfoot>}
      </table>
    </HorizontalScroll>
  );
}
