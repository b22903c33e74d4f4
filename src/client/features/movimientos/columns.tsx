// Columns of the valued kardex: code, description, date, type, supplier or machine, delivery note or voucher, inflow,
// outflow, unit cost, amount and the running balance in quantity ('Saldo') and value ('Saldo S/'). A supply's
// opening-balance row ('SALDO INICIAL') shows only the balance and its average.
import { SALDO_INICIAL } from '@shared/contract/movimientos';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { Badge } from '@client/components/ui/badge';
import { formatDate, formatMoney, formatUnitCost } from '@client/lib/format';
import type { MovimientoRow } from './api';

const M = LABELS.movimientos;
const A = LABELS.almacen;

type AmountKey = 'ingreso' | 'salida' | 'importe' | 'saldo' | 'saldo_importe';

/** A number cell; `hideZero` prints a blank for 0 on screen and in the exports alike. */
const amount = (key: AmountKey, header: string, hideZero: boolean, priority: number): DataColumnDef<MovimientoRow> => ({
  accessorKey: key,
  header,
  cell: ({ row }) => (hideZero && !row.original[key] ? '' : formatMoney(row.original[key])),
  meta: {
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    exportValue: (r) => (hideZero && !r[key] ? null : r[key]),
    number: 'amount',
    priority,
  },
});

const typeText = (tipo: MovimientoRow['tipo']) => (tipo === SALDO_INICIAL ? M.opening : tipo);
const VARIANT: Record<MovimientoRow['tipo'], 'success' | 'info' | 'warning' | 'secondary'> = {
  SALDO: 'secondary',
  INGRESO: 'success',
  SALIDA: 'info',
  AJUSTE: 'warning',
};

// Priorities: on an upright tablet the kardex shows date, supply, type, inflow, outflow and the balance in quantity
// and value; the unit cost and amount come next; the code, the supplier or machine and the document fold first.
export const movimientoColumns: DataColumnDef<MovimientoRow>[] = [
  { accessorKey: 'insumo_codigo', header: A.code, meta: { className: 'whitespace-nowrap', priority: 4 } },
  // Below 1024 px the description wraps at 9rem, leaving room for the balance in quantity and value.
  { accessorKey: 'insumo_name', header: A.description, meta: { className: 'max-w-36 lg:max-w-none', priority: 1 } },
  {
    accessorKey: 'fecha',
    header: A.date,
    cell: ({ row }) => formatDate(row.original.fecha),
    meta: { className: 'whitespace-nowrap', priority: 1 },
  },
  {
    accessorKey: 'tipo',
    header: M.type,
    // On screen the opening row's badge says INICIAL (as narrow as the others); the exports say SALDO INICIAL.
    cell: ({ row }) =>
      row.original.tipo === SALDO_INICIAL ? (
        <Badge variant={VARIANT.SALDO} title={M.opening}>
          {M.openingShort}
        </Badge>
      ) : (
        <Badge variant={VARIANT[row.original.tipo]}>{row.original.tipo}</Badge>
      ),
    meta: { align: 'center', priority: 1, exportValue: (r) => typeText(r.tipo) },
  },
  { accessorKey: 'proveedor', header: M.party, meta: { priority: 5 } },
  { accessorKey: 'nro_guiaremision', header: M.document, meta: { priority: 6 } },
  amount('ingreso', M.inflow, true, 1),
  amount('salida', M.outflow, true, 1),
  {
    accessorKey: 'costo_unitario',
    header: M.unitCost,
    cell: ({ row }) => formatUnitCost(row.original.costo_unitario),
    meta: {
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      exportValue: (r) => r.costo_unitario,
      number: 'unitCost',
      priority: 2,
    },
  },
  amount('importe', M.amount, true, 2),
  amount('saldo', M.balance, false, 1),
  amount('saldo_importe', M.balanceValue, false, 1),
];
