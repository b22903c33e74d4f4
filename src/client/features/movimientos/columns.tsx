// Columns of the kardex: code, description, date, type, supplier or machine, delivery note or voucher, inflow,
// outflow and the running balance ('Saldo').
import { formatAmount } from '@shared/domain/money';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import type { MovimientoRow } from './api';

const M = LABELS.movimientos;
const A = LABELS.almacen;

/** An amount cell; `hideZero` prints a blank for 0 on screen and in the exports alike. */
const amount = (key: 'ingreso' | 'salida' | 'saldo', header: string, hideZero: boolean): DataColumnDef<MovimientoRow> => ({
  accessorKey: key,
  header,
  cell: ({ row }) => (hideZero && !row.original[key] ? '' : formatAmount(row.original[key])),
  meta: {
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    pdfWidth: 55,
    exportValue: (r) => (hideZero && !r[key] ? null : r[key]),
    priority: 1,
  },
});

// Priorities: on an upright tablet the kardex shows date, supply, type, inflow, outflow and balance; the code,
// the supplier or machine and the document fold into the detail under each row.
export const movimientoColumns: DataColumnDef<MovimientoRow>[] = [
  { accessorKey: 'insumo_codigo', header: A.code, meta: { className: 'whitespace-nowrap', pdfWidth: 65, priority: 3 } },
  { accessorKey: 'insumo_name', header: A.description, meta: { priority: 1 } },
  {
    accessorKey: 'fecha',
    header: A.date,
    cell: ({ row }) => formatDate(row.original.fecha),
    meta: { className: 'whitespace-nowrap', pdfWidth: 60, priority: 1 },
  },
  {
    accessorKey: 'tipo',
    header: M.type,
    cell: ({ row }) => <Badge variant={row.original.tipo === 'INGRESO' ? 'success' : 'info'}>{row.original.tipo}</Badge>,
    meta: { align: 'center', pdfWidth: 55, priority: 1 },
  },
  { accessorKey: 'proveedor', header: M.party, meta: { priority: 4 } },
  { accessorKey: 'nro_guiaremision', header: M.document, meta: { pdfWidth: 80, priority: 5 } },
  amount('ingreso', M.inflow, true),
  amount('salida', M.outflow, true),
  amount('saldo', M.balance, false),
];
