// Cells of a list whose rows may still be in the device's outbox (merged by useOutboxRows): the key with its
// 'pendiente' / 'rechazado' badge, its export text, and the actions column ('Abrir y corregir' on a rejected row,
// nothing while a row waits to be sent, the screen's own actions on a saved row).
import type { ReactNode } from 'react';
import { Wrench } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import type { PendingMark, WithPending } from '../merge-pending';
import { PendingRowBadge } from './pending-row-badge';

const A = LABELS.almacen;

/** What the row actions of such a list call. */
export interface PendingRowActions<Row> {
  onEdit: (row: WithPending<Row>) => void;
  onDelete: (row: WithPending<Row>) => void;
  /** 'Abrir y corregir' of a rejected row (useOutboxRows' `fix`). */
  onFix: (row: WithPending<Row>) => void;
}

/**
 * The row's key (voucher, number) with its outbox badge under it. The cell is always as wide as the widest badge, with
 * or without one: the list's folding measures natural widths, and a badge that widened the column while a save was on
 * its way folded another column out of the row and back a moment later (the visible columns depended on timing).
 */
export function PendingKeyCell({ mark, children }: { mark: PendingMark | undefined; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-[5.5rem] flex-col items-start gap-0.5 whitespace-nowrap">
      <span>{children}</span>
      <PendingRowBadge mark={mark} />
    </span>
  );
}

/** Export text of a key: the value, with the outbox mark in brackets while the row is not on the server. */
export const pendingExportText = (value: string, mark: PendingMark | undefined) => (mark ? `${value} (${mark})` : value);

/** The actions column: `saved(row)` renders the actions of a row the server holds. */
export function pendingActionsColumn<Row>(
  onFix: (row: WithPending<Row>) => void,
  saved: (row: WithPending<Row>) => ReactNode,
): DataColumnDef<WithPending<Row>> {
  return {
    id: ACTIONS_COLUMN_ID,
    header: LABELS.actions,
    enableSorting: false,
    cell: ({ row }) => {
      const r = row.original;
      if (r._pending === 'rechazado')
        return <RowActions actions={[{ label: A.fix, icon: Wrench, className: 'text-red-700', onClick: () => onFix(r) }]} />;
      if (r._pending) return null;
      return saved(r);
    },
    meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
  };
}
