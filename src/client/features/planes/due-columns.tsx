// Columns of the fleet's due list: state, plate, task (with its plan and trigger), next due meter and date, current
// meter, forecast date, last done and the actions (mark done, edit the plan). Key columns keep priority 1 so an upright
// tablet shows them; the rest fold.
import { CheckCheck, ClipboardPlus, Pencil } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import type { VencimientoRow } from './api';
import { EstadoTareaBadge, estadoLabel } from './estado-badge';
import { triggerText } from './plan-form';
import { formatMeasure } from '@client/lib/format';

const L = LABELS.planes;
const ORDER = { vencida: 0, proxima: 1, al_dia: 2 } as const;

export const formatMeter = (n: number | null, horometro: boolean) =>
  n === null ? '' : `${formatMeasure(n)} ${horometro ? L.hours : L.km}`;

export interface DueActions {
  onDone: (row: VencimientoRow) => void;
  onEditPlan: (row: VencimientoRow) => void;
  /** A work order for the task (the orders screen's create dialog, preventive, with the task's checklist). */
  onOrden: (row: VencimientoRow) => void;
}

export function dueColumns(actions: DueActions): DataColumnDef<VencimientoRow>[] {
  return [
    {
      id: 'estado',
      header: L.state,
      accessorFn: (r) => ORDER[r.estado],
      cell: ({ row }) => <EstadoTareaBadge estado={row.original.estado} />,
      meta: { priority: 1, align: 'center', exportValue: (r) => estadoLabel(r.estado) },
    },
    { accessorKey: 'placa', header: LABELS.maquinarias.plate, meta: { priority: 1, className: 'whitespace-nowrap' } },
    {
      id: 'tarea',
      header: L.task,
      accessorFn: (r) => r.tarea_nombre,
      // A long name wraps (at most 14rem) so the forecast date keeps its column on an upright tablet.
      cell: ({ row }) => <span className="block max-w-56">{row.original.tarea_nombre}</span>,
      meta: { priority: 1 },
    },
    { accessorKey: 'fecha_pronostico', header: L.forecast, meta: { priority: 1, align: 'center', className: 'whitespace-nowrap' } },
    {
      id: 'plan',
      header: L.plan,
      accessorFn: (r) => `${r.plan_nombre} · ${triggerText(r, r.horometro)}`,
      meta: { priority: 6 },
    },
    {
      accessorKey: 'proximo_medidor',
      header: L.nextMeter,
      cell: ({ row }) => formatMeter(row.original.proximo_medidor, row.original.horometro),
      meta: {
        priority: 3,
        align: 'right',
        className: 'tabular-nums whitespace-nowrap',
        exportValue: (r) => r.proximo_medidor,
        number: 'measure',
      },
    },
    {
      accessorKey: 'horometro_actual',
      header: L.currentMeter,
      cell: ({ row }) => formatMeter(row.original.horometro_actual, row.original.horometro),
      meta: {
        priority: 4,
        align: 'right',
        className: 'tabular-nums whitespace-nowrap',
        exportValue: (r) => r.horometro_actual,
        number: 'measure',
      },
    },
    {
      // The unit of both meter columns in the exports, where they are numbers.
      id: 'unidad_medidor',
      header: LABELS.maquinarias.meterType,
      accessorFn: (r) => (r.horometro ? L.hours : L.km),
      meta: { hidden: true, searchable: false },
    },
    { accessorKey: 'proximo_fecha', header: L.nextDate, meta: { priority: 3, align: 'center', className: 'whitespace-nowrap' } },
    {
      accessorKey: 'ultima_fecha',
      header: L.lastDone,
      cell: ({ row }) => row.original.ultima_fecha ?? L.never,
      meta: { priority: 5, align: 'center', className: 'whitespace-nowrap', exportValue: (r) => r.ultima_fecha ?? L.never },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          actions={[
            {
              label: LABELS.ordenes.createFromTask,
              icon: ClipboardPlus,
              code: ROLE.ordenNueva,
              className: 'text-primary hover:text-primary/80',
              onClick: () => actions.onOrden(row.original),
            },
            {
              label: L.markDone,
              icon: CheckCheck,
              code: ROLE.planNuevo,
              className: 'text-emerald-700 hover:text-emerald-900',
              onClick: () => actions.onDone(row.original),
            },
            {
              label: L.editPlan,
              icon: Pencil,
              code: ROLE.planNuevo,
              className: 'text-amber-600 hover:text-amber-800',
              onClick: () => actions.onEditPlan(row.original),
            },
          ]}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
    },
  ];
}
