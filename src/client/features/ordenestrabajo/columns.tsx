// Columns of ÓRDENES DE TRABAJO: number (with the outbox badge), plate, description, state, priority, planned date,
// assigned staff (hidden on a tablet first), origin and type; actions: open the order (its execution screen), the
// PDF of a saved order, 'Abrir y corregir' for a refused save. On an upright tablet the number, plate, description
// and state stay in view.
import { FileText, SquarePen, Wrench } from 'lucide-react';
import type { OrdenEstado } from '@shared/contract/ordenestrabajo';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';
import { RowActions } from '@client/components/row-actions';
import { formatDate } from '@client/lib/format';
import type { WithPending } from '@client/offline';
import { PendingKeyCell } from '@client/offline/ui';
import type { OrdenRow } from './api';

const L = LABELS.ordenes;
type Row = WithPending<OrdenRow>;

const ESTADO_VARIANT: Record<OrdenEstado, BadgeVariant> = {
  ABIERTA: 'info',
  'EN CURSO': 'warning',
  'EN ESPERA DE REPUESTOS': 'danger',
  CERRADA: 'success',
  ANULADA: 'secondary',
};

export function OrdenEstadoBadge({ value }: { value: OrdenEstado }) {
  return <Badge variant={ESTADO_VARIANT[value]}>{value}</Badge>;
}

export interface OrdenRowActions {
  onOpen: (row: OrdenRow) => void;
  onPdf: (row: OrdenRow) => void;
  onFix: (row: Row) => void;
}

export function ordenColumns(actions: OrdenRowActions): DataColumnDef<Row>[] {
  return [
    {
      accessorKey: 'codigo',
      header: L.number,
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          <PendingKeyCell mark={row.original._pending}>{row.original.codigo}</PendingKeyCell>
        </span>
      ),
      meta: { className: 'w-28', exportValue: (r) => r.codigo || (r._pending ?? ''), priority: 1 },
    },
    { accessorKey: 'placa', header: LABELS.almacen.plate, meta: { className: 'w-28 whitespace-nowrap', priority: 1 } },
    // The state stays in view on an upright tablet; a long description folds first.
    { accessorKey: 'descripcion', header: L.description, meta: { priority: 2 } },
    {
      accessorKey: 'estado',
      header: L.state,
      cell: ({ row }) => <OrdenEstadoBadge value={row.original.estado} />,
      meta: { align: 'center', className: 'w-36', priority: 1 },
    },
    { accessorKey: 'prioridad', header: L.priority, meta: { className: 'w-24', priority: 3 } },
    {
      accessorKey: 'fecha_programada',
      header: L.plannedDate,
      cell: ({ row }) => formatDate(row.original.fecha_programada),
      meta: { className: 'w-28 whitespace-nowrap', priority: 3, exportValue: (r) => r.fecha_programada ?? null },
    },
    { accessorKey: 'asignados_text', header: L.assigned, meta: { priority: 4 } },
    { accessorKey: 'origen', header: L.origin, meta: { priority: 5, exportValue: (r) => L.origins[r.origen] } },
    { accessorKey: 'tipo', header: L.type, meta: { priority: 5 } },
    { accessorKey: 'maquinaria', header: L.machine, meta: { hidden: true } },
    {
      // Unlike other lists, a pending order opens too: an order created offline is executed offline.
      id: 'actions',
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <RowActions
            actions={[
              r._pending === 'rechazado'
                ? { label: LABELS.almacen.fix, icon: Wrench, className: 'text-red-700', onClick: () => actions.onFix(r) }
                : { label: L.open, icon: SquarePen, onClick: () => actions.onOpen(r) },
              r.ot_id > 0 && !r._pending && { label: L.pdf, icon: FileText, onClick: () => actions.onPdf(r) },
            ]}
          />
        );
      },
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24', priority: 0 },
    },
  ];
}
