// Columns of LISTADO DE OPERADORES: name, DNI, mobile, email, address, actions (11 edit / 12 delete).
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import type { OperadorRow } from './api';

const L = LABELS.operadores;

export function operadorColumns(actions: {
  onEdit: (row: OperadorRow) => void;
  onDelete: (row: OperadorRow) => void;
}): DataColumnDef<OperadorRow>[] {
  return [
    { accessorKey: 'nombres', header: L.name, meta: { priority: 1 } },
    { accessorKey: 'dni', header: L.dni, meta: { className: 'w-28 tabular-nums', priority: 1 } },
    { accessorKey: 'celular', header: L.mobile, meta: { className: 'w-32 whitespace-nowrap', priority: 2 } },
    { accessorKey: 'email', header: L.email, meta: { className: 'break-all', priority: 4 } },
    { accessorKey: 'direccion', header: L.address, meta: { priority: 3 } },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.operadorEditar}
          deleteCode={ROLE.operadorEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
