// Columns of LISTADO DE COSTOS: description, details (hidden: 'service (unit) price; …'), status
// badge, actions: edit (28) / delete (29).
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { ActiveStateBadge, activeStateLabel } from '@client/components/state-badge';
import type { CostoRow } from './api';

const L = LABELS.costos;

export function costoColumns(actions: { onEdit: (row: CostoRow) => void; onDelete: (row: CostoRow) => void }): DataColumnDef<CostoRow>[] {
  return [
    { accessorKey: 'descripcion', header: L.description },
    { accessorKey: 'detalle', header: L.details, meta: { hidden: true } },
    {
      accessorKey: 'estado',
      header: L.state,
      cell: ({ row }) => <ActiveStateBadge value={row.original.estado} />,
      meta: { exportValue: (r) => activeStateLabel(r.estado), align: 'center', className: 'w-32' },
    },
    { accessorKey: 'created_at', header: LABELS.actividades.createdAt, meta: { hidden: true, exportable: false } },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.costoEditar}
          deleteCode={ROLE.costoEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-28' },
    },
  ];
}
