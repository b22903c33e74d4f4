// Columns of LISTADO DE ACTIVIDADES: description, status badge, created date-time (hidden), actions (15/16).
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDateTime } from '@client/lib/format';
import { ActiveStateBadge, activeStateLabel } from '@client/components/state-badge';
import type { ActividadRow } from './api';

const L = LABELS.actividades;

export function actividadColumns(actions: {
  onEdit: (row: ActividadRow) => void;
  onDelete: (row: ActividadRow) => void;
}): DataColumnDef<ActividadRow>[] {
  return [
    { accessorKey: 'activ_nombre', header: L.description, meta: { priority: 1 } },
    {
      accessorKey: 'activ_estado',
      header: L.state,
      cell: ({ row }) => <ActiveStateBadge value={row.original.activ_estado} />,
      meta: { exportValue: (r) => activeStateLabel(r.activ_estado), align: 'center', className: 'w-32', priority: 2 },
    },
    {
      accessorKey: 'created_at',
      header: L.createdAt,
      cell: ({ row }) => formatDateTime(row.original.created_at),
      meta: { hidden: true, exportValue: (r) => formatDateTime(r.created_at) },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.actividadEditar}
          deleteCode={ROLE.actividadEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-28' },
    },
  ];
}
