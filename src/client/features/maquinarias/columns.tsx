// Columns of LISTADO DE MAQUINARIAS Y EQUIPOS PESADOS: description, brand, plate, alerts, current
// meter, year, state, action. The action buttons depend on the route type and the user's codes.
import { CalendarRange, FileText, Gauge, ListPlus, Pencil, Trash2 } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import type { MaquinariaTipo } from '@shared/contract/maquinarias';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { PlacaLink } from '@client/components/placa-link';
import { RowActions } from '@client/components/row-actions';
import { MaquinariaStateBadge, maquinariaStateLabel } from '@client/components/maquinaria-estado';
import type { MaquinariaRow } from './api';
import type { ProjectedRow } from './meter-projection';
import { AlertBadges, alertsText, formatHours } from '@client/components/wear-bar';

const L = LABELS.maquinarias;

export type { MaquinariaTipo };

export const meterUnitLabel = (horometro: boolean) => (horometro ? L.hoursUnit : L.kmUnit);

export interface MaquinariaActions {
  onEdit: (row: MaquinariaRow) => void;
  onAssign: (row: MaquinariaRow) => void;
  onWear: (row: MaquinariaRow) => void;
  onWearPdf: (row: MaquinariaRow) => void;
  onMaintenancePdf: (row: MaquinariaRow) => void;
  onDelete: (row: MaquinariaRow) => void;
}

/** Which code shows each action on each type; undefined = always, null = never. */
const ACTION_CODES: Record<MaquinariaTipo, Record<keyof MaquinariaActions, number | undefined | null>> = {
  admin: {
    onEdit: ROLE.maquinariaEditar,
    onAssign: ROLE.maquinariaAsignarInsumos,
    onWear: ROLE.maquinariaDesgaste,
    onWearPdf: ROLE.maquinariaPdf,
    onMaintenancePdf: ROLE.maquinariaPdf,
    // The spec's delete confirmation; the server asks for the edit code.
    onDelete: ROLE.maquinariaEditar,
  },
  mantenimiento: {
    onEdit: null,
    onAssign: null,
    onWear: ROLE.maquinariaDesgasteMantenimiento,
    onWearPdf: null,
    onMaintenancePdf: undefined,
    onDelete: null,
  },
  reporte: { onEdit: null, onAssign: null, onWear: null, onWearPdf: undefined, onMaintenancePdf: undefined, onDelete: null },
};

const BUTTONS: { key: keyof MaquinariaActions; label: string; icon: typeof Pencil; className: string }[] = [
  { key: 'onEdit', label: LABELS.edit, icon: Pencil, className: 'text-amber-600 hover:text-amber-800' },
  { key: 'onAssign', label: L.assign, icon: ListPlus, className: 'text-emerald-700 hover:text-emerald-900' },
  { key: 'onWear', label: L.wear, icon: Gauge, className: 'text-sky-700 hover:text-sky-900' },
  { key: 'onWearPdf', label: L.wearPdf, icon: FileText, className: 'text-red-700 hover:text-red-900' },
  { key: 'onMaintenancePdf', label: L.maintenancePdf, icon: CalendarRange, className: 'text-violet-700 hover:text-violet-900' },
  { key: 'onDelete', label: LABELS.remove, icon: Trash2, className: 'text-red-600 hover:text-red-800' },
];

export function maquinariaColumns(tipo: MaquinariaTipo, actions: MaquinariaActions): DataColumnDef<ProjectedRow>[] {
  const codes = ACTION_CODES[tipo];
  const shown = BUTTONS.filter((b) => codes[b.key] !== null);
  return [
    {
      accessorKey: 'descripcion',
      header: L.description,
      // On a tablet brand and year leave their columns (hidden below 1024 px) and show under the description.
      meta: { priority: 1 },
      cell: ({ row }) => (
        <>
          {row.original.descripcion}
          <span className="block text-xs text-slate-500 lg:hidden">
            {row.original.marca} · {row.original.año_fabrica}
          </span>
        </>
      ),
    },
    { accessorKey: 'marca', header: L.brand, meta: { className: 'hidden lg:table-cell', priority: 5 } },
    {
      accessorKey: 'placa',
      header: L.plate,
      // The plate opens the machine's record (hoja de vida, code 75). On a tablet the state leaves its column (hidden
      // below 1024 px, like brand and year) and shows under the plate, so it is seen at every width with the alerts.
      cell: ({ row }) => (
        <>
          <PlacaLink id={row.original.id} placa={row.original.placa} />
          <MaquinariaStateBadge estado={row.original.estado} className="mt-0.5 flex w-fit lg:hidden" />
        </>
      ),
      meta: { className: 'whitespace-nowrap', priority: 1, exportValue: (r) => r.placa },
    },
    {
      id: 'alertas',
      header: L.alerts,
      enableSorting: false,
      accessorFn: (r) => alertsText(r.insumos),
      cell: ({ row }) => <AlertBadges parts={row.original.insumos} />,
      meta: { exportValue: (r) => alertsText(r.insumos), priority: 3 },
    },
    {
      accessorKey: 'horometro_actual',
      header: L.currentMeter,
      cell: ({ row }) => {
        const { horometro_actual: meter, horometro, _pendiente: pending } = row.original;
        return (
          <>
            <span className="whitespace-nowrap">{`${formatHours(meter)} ${meterUnitLabel(horometro)}`}</span>
            {pending ? (
              <span className="block text-xs text-amber-700" data-testid="pending-meter">
                {L.pendingMeter(`${pending > 0 ? '+' : ''}${formatHours(pending)} ${meterUnitLabel(horometro)}`)}
              </span>
            ) : null}
          </>
        );
      },
      meta: {
        align: 'right',
        className: 'tabular-nums',
        priority: 4,
        // A number in Excel; its unit (h or km) is the next column of the exports.
        exportValue: (r) => r.horometro_actual,
        number: 'measure',
      },
    },
    {
      id: 'unidad_medidor',
      header: L.meterType,
      accessorFn: (r) => meterUnitLabel(r.horometro),
      meta: { hidden: true, searchable: false },
    },
    { accessorKey: 'año_fabrica', header: L.year, meta: { align: 'center', className: 'hidden w-16 lg:table-cell', priority: 6 } },
    {
      accessorKey: 'estado',
      header: L.state,
      cell: ({ row }) => <MaquinariaStateBadge estado={row.original.estado} className="whitespace-normal" />,
      // A key column from 1024 px (below it the badge is under the plate): never folded out of sight.
      meta: { align: 'center', className: 'hidden lg:table-cell', exportValue: (r) => maquinariaStateLabel(r.estado), priority: 2 },
    },
    ...(shown.length === 0
      ? []
      : [
          {
            id: ACTIONS_COLUMN_ID,
            header: LABELS.actions,
            enableSorting: false,
            cell: ({ row }) => (
              <RowActions
                className="mx-auto max-w-[5.75rem] flex-wrap xl:max-w-none xl:flex-nowrap"
                actions={shown.map(({ key, label, icon, className }) => ({
                  label,
                  icon,
                  className,
                  code: codes[key] ?? undefined,
                  destructive: key === 'onDelete',
                  onClick: () => actions[key](row.original),
                }))}
              />
            ),
            meta: { exportable: false, searchable: false, align: 'center', className: 'w-24' },
          } satisfies DataColumnDef<ProjectedRow>,
        ]),
  ];
}
