// Columns of the indicators' tables: per month (the fleet) and per machine (its plate opens the hoja de vida). Figures
// in es-PE with two decimals; Excel gets the numbers themselves. The key figures keep priority 1 so an upright tablet
// shows them without sideways scrolling; the parts they come from fold under the row.
import type { IndicadorMaquina, IndicadorMes } from '@shared/contract/indicadores';
import { formatNumber } from '@shared/domain/numbers';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { PlacaLink } from '@client/components/placa-link';
import { formatMoney } from '@client/lib/format';

const L = LABELS.indicadores;
export const formatCifra = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v));

type Row = IndicadorMes | IndicadorMaquina;
type Key = Exclude<keyof IndicadorMes, 'periodo'>;

function cifra<T extends Row>(key: Key, header: string, priority: number, entero = false): DataColumnDef<T> {
  return {
    id: key,
    header,
    accessorFn: (r) => r[key] ?? -1,
    cell: ({ row }) => (entero ? formatNumber(row.original[key], 'integer') : formatCifra(row.original[key])),
    meta: {
      priority,
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
      exportValue: (r) => r[key],
      number: entero ? 'integer' : 'amount',
      pdfWidth: 48,
    },
  };
}

function cifras<T extends Row>(): DataColumnDef<T>[] {
  return [
    cifra<T>('disponibilidad', L.availability, 1),
    cifra<T>('mtbf', L.mtbf, 1),
    cifra<T>('mttr', L.mttr, 2),
    cifra<T>('cumplimiento', L.compliance, 2),
    cifra<T>('utilizacion', L.utilisation, 3),
    cifra<T>('costo_hora', L.costHour, 1),
    cifra<T>('litros_hora', L.fuelHour, 4),
    cifra<T>('ot_abiertas', L.backlog, 3, true),
    cifra<T>('ot_horas', L.backlogHours, 6),
    cifra<T>('horas_programadas', L.scheduled, 5),
    cifra<T>('horas_detenida', L.downtime, 5),
    cifra<T>('horas_trabajadas', L.worked, 4),
    cifra<T>('fallas', L.failures, 5, true),
    cifra<T>('reparaciones', L.repairs, 6, true),
    cifra<T>('tareas_vencen', L.due, 6, true),
    cifra<T>('tareas_a_tiempo', L.onTime, 6, true),
    cifra<T>('costo_total', L.cost, 5),
    cifra<T>('combustible_litros', L.fuel, 6),
  ];
}

export const MES_COLUMNS: DataColumnDef<IndicadorMes>[] = [
  { accessorKey: 'periodo', header: L.period, meta: { priority: 1, className: 'whitespace-nowrap', pdfWidth: 50 } },
  ...cifras<IndicadorMes>(),
];

export const MAQUINA_COLUMNS: DataColumnDef<IndicadorMaquina>[] = [
  {
    accessorKey: 'placa',
    header: L.plate,
    cell: ({ row }) => <PlacaLink id={row.original.maquinaria_id} placa={row.original.placa} />,
    meta: { priority: 1, pdfWidth: 60 },
  },
  { accessorKey: 'descripcion', header: L.description, meta: { priority: 7, pdfWidth: 110 } },
  ...cifras<IndicadorMaquina>(),
];
