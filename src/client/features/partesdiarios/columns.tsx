// Columns of LISTADO DE PARTES DIARIOS: number (with the outbox badge), date, machine, operator, activity, service,
// quantity with its unit, unit price (hidden), the meter readings (h or km by the machine's meter) with what it
// worked, amount, billed/unbilled status, actions: edit (24) / delete (25) while unbilled, 'Corregir lecturas' (74)
// on any stored report, 'Abrir y corregir' for rejected outbox rows. A billed report is changed from its valuation.
import { Gauge } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { formatReading, meterUnitLabel, worked } from '@shared/domain/lecturas';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { Badge } from '@client/components/ui/badge';
import { formatDate, formatMoney } from '@client/lib/format';
import type { WithPending } from '@client/offline';
import { PendingRowBadge, pendingActionsColumn, pendingExportText, type PendingRowActions } from '@client/offline/ui';
import type { ParteRow } from '@client/components/partes/parte-item';

const P = LABELS.partes;
type Row = WithPending<ParteRow>;

export const billedLabel = (r: Pick<ParteRow, 'valoriza_id'>) => (r.valoriza_id ? P.billed(r.valoriza_id) : P.unbilled);

type Lecturas = Pick<ParteRow, 'horometro' | 'horometro_inicial' | 'horometro_final'>;

/** The readings as the list (and its Excel/PDF) shows them: '4,380.0 → 4,388.5 h', or 'Sin lecturas'. */
export function readingsText(r: Lecturas): string {
  if (r.horometro_inicial == null || r.horometro_final == null) return P.noReadings;
  return P.readingsRange(formatReading(r.horometro_inicial), formatReading(r.horometro_final), meterUnitLabel(r.horometro));
}

/** What the report worked by its readings ('Trabajó 8.5 h'), or null without readings. */
export function workedText(r: Lecturas): string | null {
  if (r.horometro_inicial == null || r.horometro_final == null) return null;
  return P.worked(
    formatReading(worked({ horometro_inicial: r.horometro_inicial, horometro_final: r.horometro_final })),
    meterUnitLabel(r.horometro),
  );
}

export interface ParteActions extends PendingRowActions<ParteRow> {
  /** 'Corregir lecturas' (code 74). */
  onCorrect: (row: ParteRow) => void;
}

export function parteColumns(actions: ParteActions): DataColumnDef<Row>[] {
  return [
    {
      // Number and date share a column so the list fits a tablet without sideways scroll.
      accessorKey: 'nro_parte_interno',
      header: P.numberDate,
      cell: ({ row }) => (
        // As wide as the outbox badge with or without one, so a save on its way never refolds the row.
        <span className="inline-block min-w-[5.5rem] whitespace-nowrap">
          {row.original.nro_parte_interno}
          <span className="block text-xs text-muted-foreground">{formatDate(row.original.fecha)}</span>
          <span className="block">
            <PendingRowBadge mark={row.original._pending} />
          </span>
        </span>
      ),
      meta: {
        exportValue: (r) => `${pendingExportText(r.nro_parte_interno, r._pending)} / ${formatDate(r.fecha)}`,
      },
    },
    { accessorKey: 'fecha', header: P.date, meta: { hidden: true, exportable: false } },
    {
      id: 'maquinaria',
      accessorFn: (r) => `${r.placa} - ${r.maquinaria}`,
      header: P.machineOperator,
      cell: ({ row }) => (
        <span>
          <span className="font-medium whitespace-nowrap">{row.original.placa}</span>
          <span className="block text-xs text-muted-foreground">{row.original.maquinaria}</span>
          <span className="block text-xs">{row.original.nombre_operador || row.original.dni_operador}</span>
        </span>
      ),
      meta: { exportValue: (r) => `${r.placa} - ${r.maquinaria} / ${r.nombre_operador || r.dni_operador}` },
    },
    { id: 'operador', accessorFn: (r) => `${r.dni_operador} ${r.nombre_operador}`.trim(), header: P.operator, meta: { hidden: true } },
    { accessorKey: 'actividad', header: P.activity, meta: { hidden: true } },
    {
      accessorKey: 'servicio',
      header: P.service,
      cell: ({ row }) => (
        <span>
          {row.original.servicio}
          <span className="block text-xs whitespace-nowrap text-muted-foreground tabular-nums">
            {formatMoney(row.original.cantid)} {row.original.unidad} × {formatMoney(row.original.preuni)}
          </span>
        </span>
      ),
      meta: {
        exportValue: (r) => `${r.servicio}: ${formatMoney(r.cantid)} ${r.unidad} × ${formatMoney(r.preuni)}`,
      },
    },
    {
      id: 'lecturas',
      accessorFn: readingsText,
      header: P.readings,
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {readingsText(row.original)}
          {workedText(row.original) && <span className="block text-xs text-muted-foreground">{workedText(row.original)}</span>}
        </span>
      ),
      meta: {
        exportValue: (r) => (workedText(r) ? `${readingsText(r)} (${workedText(r)})` : readingsText(r)),
        priority: 2,
      },
    },
    {
      accessorKey: 'monto',
      header: LABELS.valoriza.amount,
      cell: ({ row }) => formatMoney(row.original.monto),
      meta: { align: 'right', className: 'tabular-nums whitespace-nowrap', exportValue: (r) => r.monto, number: 'amount' },
    },
    {
      id: 'estado',
      accessorFn: billedLabel,
      // Billed or not decides what may still be done with a report: kept on screen on a tablet.
      header: P.state,
      cell: ({ row }) => (
        <span className="inline-flex flex-col items-center gap-0.5">
          <Badge variant={row.original.valoriza_id ? 'success' : 'info'}>{row.original.valoriza_id ? P.billedShort : P.unbilled}</Badge>
          {row.original.valoriza_id ? <span className="text-xs text-muted-foreground">N° {row.original.valoriza_id}</span> : null}
        </span>
      ),
      meta: { align: 'center', priority: 1 },
    },
    { accessorKey: 'created_at', header: LABELS.actividades.createdAt, meta: { hidden: true, exportable: false } },
    // A billed report is changed from its valuation: no actions here.
    pendingActionsColumn<ParteRow>(actions.onFix, (r) => {
      // The readings are corrected (74) on any stored report, billed or not: the bill does not change.
      const correct = {
        label: P.correctReadings,
        icon: Gauge,
        code: ROLE.lecturaCorregir,
        className: 'text-sky-700 hover:text-sky-900',
        onClick: () => actions.onCorrect(r),
      };
      return r.valoriza_id ? (
        <RowActions actions={[correct]} />
      ) : (
        <RowActions
          editCode={ROLE.parteDiarioEditar}
          deleteCode={ROLE.parteDiarioEliminar}
          onEdit={() => actions.onEdit(r)}
          onDelete={() => actions.onDelete(r)}
          actions={[correct]}
        />
      );
    }),
  ];
}
