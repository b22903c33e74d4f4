// Columns of the audit log: date-time (Lima), user, what was done as a Spanish sentence, and a button to see the fields
// that changed.
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDateTime } from '@client/lib/format';
import type { AuditoriaRow } from './api';

const L = LABELS.auditoria;
const sentence = (r: AuditoriaRow) => LABELS.auditSentence(r.action, r.resource, r.resource_id);

export function auditoriaColumns(onView: (row: AuditoriaRow) => void): DataColumnDef<AuditoriaRow>[] {
  return [
    {
      accessorKey: 'created_at',
      header: L.when,
      cell: ({ row }) => formatDateTime(row.original.created_at),
      meta: { exportValue: (r) => formatDateTime(r.created_at), className: 'w-44 whitespace-nowrap', priority: 1 },
    },
    { accessorKey: 'username', header: L.user, cell: ({ row }) => row.original.username ?? '', meta: { priority: 2 } },
    {
      // What was done, as a sentence ('registró la salida #12'): the action, the record's kind and its number.
      id: 'action',
      accessorFn: (r) => sentence(r),
      header: L.action,
      meta: { exportValue: sentence, priority: 1 },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: L.detail,
      enableSorting: false,
      cell: ({ row }) => <RowActions onView={() => onView(row.original)} />,
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-20' },
    },
  ];
}
