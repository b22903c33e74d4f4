// Columns of LISTADO DE INGRESOS: date, order number, order date, supplier, delivery notes, created (hidden), actions.
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDate, formatDateTime } from '@client/lib/format';
import type { IngresoRow } from './api';

const L = LABELS.ingresos;
const A = LABELS.almacen;

export function ingresoColumns(actions: {
  onView: (row: IngresoRow) => void;
  onDelete: (row: IngresoRow) => void;
}): DataColumnDef<IngresoRow>[] {
  return [
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
    { accessorKey: 'nro_ordencompra', header: L.orderNumber, meta: { className: 'w-36', priority: 1 } },
    {
      accessorKey: 'fecha_ordencompra',
      header: L.orderDate,
      cell: ({ row }) => formatDate(row.original.fecha_ordencompra),
      meta: { className: 'w-28 whitespace-nowrap', priority: 4 },
    },
    { accessorKey: 'proveedor', header: L.supplier, meta: { priority: 2 } },
    { accessorKey: 'guias', header: L.guides, meta: { priority: 3 } },
    {
      accessorKey: 'created_at',
      header: LABELS.actividades.createdAt,
      cell: ({ row }) => formatDateTime(row.original.created_at),
      meta: { hidden: true, exportable: false, searchable: false },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          viewCode={ROLE.ingresoVer}
          deleteCode={ROLE.ingresoEliminar}
          onView={() => actions.onView(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
