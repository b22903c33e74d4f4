// Columns of INSUMOS Y MATERIALES: code, description, unit, stock (read-only list, no actions).
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { formatMoney } from '@client/lib/format';
import type { InsumoRow } from './api';

const L = LABELS.almacen;

export const insumoColumns: DataColumnDef<InsumoRow>[] = [
  { accessorKey: 'insumo_codigo', header: L.code, meta: { className: 'w-32 whitespace-nowrap', pdfWidth: 80, priority: 2 } },
  { accessorKey: 'insumo_name', header: L.description, meta: { priority: 1 } },
  { accessorKey: 'unimed', header: L.unit, meta: { align: 'center', className: 'w-24', pdfWidth: 60, priority: 3 } },
  {
    accessorKey: 'stock',
    header: L.stock,
    cell: ({ row }) => formatMoney(row.original.stock),
    meta: { align: 'right', className: 'w-28 tabular-nums', pdfWidth: 70, exportValue: (r) => r.stock, priority: 1 },
  },
];
