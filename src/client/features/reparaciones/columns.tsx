// Columns of LISTADO DE REPARACIONES: number, order number, plate, description, detail (hidden),
// provider, warranty, amount, date, and the action column only on the admin type (40 edit / 41 delete).
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDate, formatMoney } from '@client/lib/format';
import type { ReparacionRow } from './api';

const R = LABELS.reparaciones;
const A = LABELS.almacen;

const orderText = (r: ReparacionRow) => (r.nro_orden ? (r.anio ? `${r.nro_orden}-${r.anio}` : r.nro_orden) : '');

export function reparacionColumns(
  actions: { onEdit: (row: ReparacionRow) => void; onDelete: (row: ReparacionRow) => void } | null,
): DataColumnDef<ReparacionRow>[] {
  const columns: DataColumnDef<ReparacionRow>[] = [
    { accessorKey: 'reparacion_id', header: R.number, meta: { className: 'w-16 tabular-nums', align: 'center', priority: 1 } },
    { id: 'nro_orden', accessorFn: orderText, header: R.orderShort, meta: { className: 'w-28 whitespace-nowrap', priority: 2 } },
    { accessorKey: 'placa', header: A.plate, meta: { className: 'w-24 whitespace-nowrap', priority: 1 } },
    { accessorKey: 'descripcion', header: A.description, meta: { priority: 3 } },
    { accessorKey: 'detalle', header: R.detail, meta: { hidden: true } },
    { accessorKey: 'proveedor', header: R.provider, meta: { priority: 4 } },
    { accessorKey: 'garantia', header: R.warranty, meta: { className: 'w-28', priority: 2 } },
    {
      accessorKey: 'monto',
      header: LABELS.reparacionMonto.amount,
      cell: ({ row }) => formatMoney(row.original.monto),
      meta: { align: 'right', className: 'w-28 tabular-nums whitespace-nowrap', pdfWidth: 60, number: 'amount', priority: 3 },
    },
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
  ];
  if (!actions) return columns;
  return [
    ...columns,
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.reparacionEditar}
          deleteCode={ROLE.reparacionEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
