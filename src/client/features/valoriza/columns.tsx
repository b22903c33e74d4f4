// Columns of LISTADO DE VALORIZACIONES: number, client, RUC/DNI, rubro, date, daily reports
// (hidden), amount, actions: edit (20), view PDF (21), delete (22).
import { FileText } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDate, formatMoney } from '@client/lib/format';
import type { ValorizaRow } from './api';

const V = LABELS.valoriza;

export const rubroLabel = (rubro: number) => LABELS.rubros[rubro - 1] ?? String(rubro);

export function valorizaColumns(actions: {
  onEdit: (row: ValorizaRow) => void;
  onPdf: (row: ValorizaRow) => void;
  onDelete: (row: ValorizaRow) => void;
}): DataColumnDef<ValorizaRow>[] {
  return [
    { accessorKey: 'valoriza_id', header: V.number, meta: { align: 'center', className: 'w-24 tabular-nums', priority: 1 } },
    { accessorKey: 'rsocial', header: V.client, meta: { priority: 3 } },
    { accessorKey: 'ndoc', header: V.ndoc, meta: { className: 'tabular-nums whitespace-nowrap', priority: 2 } },
    {
      id: 'rubro',
      accessorFn: (r) => rubroLabel(r.rubro),
      header: V.rubro,
      meta: { priority: 1 },
    },
    {
      accessorKey: 'fecha',
      header: V.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
    { accessorKey: 'partes', header: V.reports, meta: { hidden: true } },
    {
      accessorKey: 'monto',
      header: V.amount,
      cell: ({ row }) => formatMoney(row.original.monto),
      meta: { align: 'right', className: 'tabular-nums whitespace-nowrap', exportValue: (r) => r.monto, number: 'amount', priority: 1 },
    },
    { accessorKey: 'created_at', header: LABELS.actividades.createdAt, meta: { hidden: true, exportable: false } },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.valorizaEditar}
          deleteCode={ROLE.valorizaEliminar}
          onEdit={() => actions.onEdit(row.original)}
          onDelete={() => actions.onDelete(row.original)}
          actions={[
            {
              label: V.pdf,
              icon: FileText,
              code: ROLE.valorizaPdf,
              className: 'text-sky-700 hover:text-sky-900',
              onClick: () => actions.onPdf(row.original),
            },
          ]}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-32' },
    },
  ];
}
