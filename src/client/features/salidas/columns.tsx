// Columns of LISTADO DE SALIDAS: date, voucher (with the outbox badge), machine, details (hidden), plate,
// operator, actions: edit (58) / delete (59) for saved rows, 'Abrir y corregir' for rejected outbox rows.
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { formatDate } from '@client/lib/format';
import type { WithPending } from '@client/offline';
import { PendingKeyCell, pendingActionsColumn, pendingExportText, type PendingRowActions } from '@client/offline/ui';
import type { SalidaRow } from './api';

const S = LABELS.salidas;
const A = LABELS.almacen;
type Row = WithPending<SalidaRow>;

export function salidaColumns(actions: PendingRowActions<SalidaRow>): DataColumnDef<Row>[] {
  return [
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
    {
      accessorKey: 'nro_vale',
      header: S.voucher,
      cell: ({ row }) => <PendingKeyCell mark={row.original._pending}>{row.original.nro_vale}</PendingKeyCell>,
      meta: { exportValue: (r) => pendingExportText(r.nro_vale, r._pending), priority: 1 },
    },
    // The description folds first: the plate names the machine, and the clerk needs the operator's DNI.
    { accessorKey: 'maquinaria', header: A.machine, meta: { priority: 3 } },
    { accessorKey: 'detalle', header: A.details, meta: { hidden: true } },
    { accessorKey: 'placa', header: A.plate, meta: { className: 'w-28 whitespace-nowrap', priority: 1 } },
    {
      id: 'operador',
      accessorFn: (r) => `${r.operador_dni} ${r.operador_name}`.trim(),
      header: S.operator,
      cell: ({ row }) => (
        <span>
          <span className="tabular-nums">{row.original.operador_dni}</span> {row.original.operador_name}
        </span>
      ),
      meta: { priority: 2 },
    },
    pendingActionsColumn<SalidaRow>(actions.onFix, (r) => (
      <RowActions
        editCode={ROLE.salidaEditar}
        deleteCode={ROLE.salidaEliminar}
        onEdit={() => actions.onEdit(r)}
        onDelete={() => actions.onDelete(r)}
      />
    )),
  ];
}
