// Columns of the audit log: date-time, user, action, resource, record id, and a button to see before/after.
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDateTime } from '@client/lib/format';
import type { AuditoriaRow } from './api';

const L = LABELS.auditoria;

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
      accessorKey: 'action',
      header: L.action,
      cell: ({ row }) => row.original.action.toUpperCase(),
      meta: { exportValue: (r) => r.action.toUpperCase(), priority: 1 },
    },
    { accessorKey: 'resource', header: L.resource, meta: { priority: 1 } },
    {
      accessorKey: 'resource_id',
      header: L.resourceId,
      cell: ({ row }) => row.original.resource_id ?? '',
      meta: { align: 'right', className: 'w-24', priority: 3 },
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
