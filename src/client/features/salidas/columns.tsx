// Columns of LISTADO DE SALIDAS: date, voucher (with the outbox badge), machine, details (hidden), plate,
// operator, actions: edit (58) / delete (59) for saved rows, 'Abrir y corregir' for rejected outbox rows.
import { Wrench } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { IconButton } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';
import type { WithPending } from '@client/offline';
import { PendingRowBadge } from '@client/offline/ui';
import type { SalidaRow } from './api';

const S = LABELS.salidas;
const A = LABELS.almacen;
type Row = WithPending<SalidaRow>;

export interface SalidaActions {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  onFix: (row: Row) => void;
}

export function salidaColumns(actions: SalidaActions): DataColumnDef<Row>[] {
  return [
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap' },
    },
    {
      accessorKey: 'nro_vale',
      header: S.voucher,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.nro_vale}
          <PendingRowBadge mark={row.original._pending} />
        </span>
      ),
      meta: { exportValue: (r) => (r._pending ? `${r.nro_vale} (${r._pending})` : r.nro_vale) },
    },
    { accessorKey: 'maquinaria', header: A.machine },
    { accessorKey: 'detalle', header: A.details, meta: { hidden: true } },
    { accessorKey: 'placa', header: A.plate, meta: { className: 'w-28 whitespace-nowrap' } },
    {
      id: 'operador',
      accessorFn: (r) => `${r.operador_dni} ${r.operador_name}`.trim(),
      header: S.operator,
      cell: ({ row }) => (
        <span>
          <span className="tabular-nums">{row.original.operador_dni}</span> {row.original.operador_name}
        </span>
      ),
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original;
        if (r._pending === 'rechazado')
          return (
            <div className="flex justify-center">
              <IconButton aria-label={A.fix} title={A.fix} onClick={() => actions.onFix(r)} className="text-red-700">
                <Wrench aria-hidden="true" />
              </IconButton>
            </div>
          );
        if (r._pending) return null;
        return (
          <RowActions
            editCode={ROLE.salidaEditar}
            deleteCode={ROLE.salidaEliminar}
            onEdit={() => actions.onEdit(r)}
            onDelete={() => actions.onDelete(r)}
          />
        );
      },
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
