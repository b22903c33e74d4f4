// Columns of INSUMOS Y MATERIALES: code, description, unit, stock, average cost and stock value (read-only list, no
// actions).
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { formatMoney, formatUnitCost } from '@client/lib/format';
import type { InsumoRow } from './api';

const L = LABELS.almacen;
const I = LABELS.insumos;

export const insumoColumns: DataColumnDef<InsumoRow>[] = [
  { accessorKey: 'insumo_codigo', header: L.code, meta: { className: 'w-32 whitespace-nowrap', priority: 2 } },
  { accessorKey: 'insumo_name', header: L.description, meta: { priority: 1 } },
  { accessorKey: 'unimed', header: L.unit, meta: { align: 'center', className: 'w-24', priority: 3 } },
  {
    accessorKey: 'stock',
    header: L.stock,
    cell: ({ row }) => formatMoney(row.original.stock),
    meta: { align: 'right', className: 'w-28 tabular-nums', exportValue: (r) => r.stock, number: 'amount', priority: 1 },
  },
  {
    accessorKey: 'costo_promedio',
    header: I.averageCost,
    cell: ({ row }) => formatUnitCost(row.original.costo_promedio),
    meta: {
      align: 'right',
      className: 'w-32 tabular-nums whitespace-nowrap',
      exportValue: (r) => r.costo_promedio,
      number: 'unitCost',
      priority: 1,
    },
  },
  {
    accessorKey: 'valor_stock',
    header: I.stockValue,
    cell: ({ row }) => formatMoney(row.original.valor_stock),
    meta: {
      align: 'right',
      className: 'w-32 tabular-nums whitespace-nowrap',
      exportValue: (r) => r.valor_stock,
      number: 'amount',
      priority: 1,
    },
  },
];
