// Columns of LISTADO DE PEDIDOS: number, machine plate, details (hidden), date, status badge, actions (54/55).
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import { pedidoStateLabel, type PedidoRow } from './api';

const P = LABELS.pedidos;
const A = LABELS.almacen;

export function PedidoStateBadge({ value }: { value: number }) {
  return <Badge variant={value === 1 ? 'success' : 'warning'}>{pedidoStateLabel(value)}</Badge>;
}

export function pedidoColumns(actions: {
  onEdit: (row: PedidoRow) => void;
  onDelete: (row: PedidoRow) => void;
}): DataColumnDef<PedidoRow>[] {
  return [
    { accessorKey: 'pedido_id', header: P.number, meta: { align: 'center', className: 'w-24 tabular-nums', priority: 1 } },
    { accessorKey: 'placa', header: A.plate, meta: { className: 'w-32 whitespace-nowrap', priority: 1 } },
    { accessorKey: 'detalle', header: A.details, meta: { hidden: true } },
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 2 },
    },
    {
      accessorKey: 'estado',
      header: A.state,
      cell: ({ row }) => <PedidoStateBadge value={row.original.estado} />,
      meta: { align: 'center', className: 'w-32', exportValue: (r) => pedidoStateLabel(r.estado), priority: 1 },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.pedidoEditar}
          deleteCode={ROLE.pedidoEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
