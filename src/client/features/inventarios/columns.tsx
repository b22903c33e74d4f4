// Columns of INVENTARIO FÍSICO: number, date, description, state, supplies counted of the sheet, surpluses and
// shortages with their values, who made and approved it; actions: open the count sheet, the blank sheet's PDF and
// the filled one's. On an upright tablet the number, date, description, state and the counts stay in view.
import { ClipboardList, FileDown, FileText } from 'lucide-react';
import type { InventarioEstado } from '@shared/contract/inventarios';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';
import { RowActions } from '@client/components/row-actions';
import { formatDate, formatDateTime, formatMoney } from '@client/lib/format';
import type { InventarioRow } from './api';

const L = LABELS.inventarios;

const ESTADO_VARIANT: Record<InventarioEstado, BadgeVariant> = { BORRADOR: 'warning', APROBADO: 'success', ANULADO: 'secondary' };

export function InventarioEstadoBadge({ value }: { value: InventarioEstado }) {
  return <Badge variant={ESTADO_VARIANT[value]}>{value}</Badge>;
}

export interface InventarioRowActions {
  onOpen: (row: InventarioRow) => void;
  onPdf: (row: InventarioRow, lleno: boolean) => void;
}

const money = (key: 'valor_sobrantes' | 'valor_faltantes', header: string): DataColumnDef<InventarioRow> => ({
  accessorKey: key,
  header,
  cell: ({ row }) => formatMoney(row.original[key]),
  meta: { align: 'right', className: 'tabular-nums whitespace-nowrap', number: 'amount', priority: 3 },
});

export function inventarioColumns(actions: InventarioRowActions): DataColumnDef<InventarioRow>[] {
  return [
    { accessorKey: 'id', header: L.number, meta: { className: 'w-16 tabular-nums', align: 'right', priority: 1 } },
    {
      accessorKey: 'fecha',
      header: L.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
    { accessorKey: 'descripcion', header: L.description, meta: { priority: 2 } },
    {
      accessorKey: 'estado',
      header: L.state,
      cell: ({ row }) => <InventarioEstadoBadge value={row.original.estado} />,
      meta: { align: 'center', className: 'w-28', priority: 1 },
    },
    {
      accessorKey: 'contadas',
      header: L.counted,
      cell: ({ row }) => `${row.original.contadas} / ${row.original.lineas}`,
      meta: { align: 'right', className: 'tabular-nums whitespace-nowrap', priority: 1, exportValue: (r) => `${r.contadas} / ${r.lineas}` },
    },
    { accessorKey: 'sobrantes', header: L.surpluses, meta: { align: 'right', className: 'tabular-nums', priority: 2 } },
    { accessorKey: 'faltantes', header: L.shortages, meta: { align: 'right', className: 'tabular-nums', priority: 2 } },
    money('valor_sobrantes', L.surplusValue),
    money('valor_faltantes', L.shortageValue),
    { accessorKey: 'usuario', header: L.createdBy, meta: { priority: 5 } },
    { accessorKey: 'aprobado_por', header: L.approvedBy, meta: { priority: 5, exportValue: (r) => r.aprobado_por ?? null } },
    {
      accessorKey: 'aprobado_at',
      header: L.approvedAt,
      cell: ({ row }) => formatDateTime(row.original.aprobado_at),
      meta: { hidden: true, exportValue: (r) => (r.aprobado_at ? formatDateTime(r.aprobado_at) : null) },
    },
    {
      id: 'actions',
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          actions={[
            { label: L.open, icon: ClipboardList, onClick: () => actions.onOpen(row.original) },
            { label: L.blankPdf, icon: FileText, onClick: () => actions.onPdf(row.original, false) },
            { label: L.filledPdf, icon: FileDown, onClick: () => actions.onPdf(row.original, true) },
          ]}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-36', priority: 0 },
    },
  ];
}
