// Columns of COSTO POR MAQUINARIA and its totals. Priorities: at 820 px the plate, the total and the cost per hour stay
// in view; the other figures fold into the detail under each row.
import type { ReportCell } from '@shared/reports/types';
import { LABELS } from '@shared/messages';
import { formatMoney } from '@client/lib/format';
import type { DataColumnDef } from '@client/components/data-table';
import { PlacaLink } from '@client/components/placa-link';
import type { CostoMaquinaRow } from './api';

const C = LABELS.costosmaquina;

type Num =
  | 'horas'
  | 'repuestos'
  | 'reparaciones'
  | 'mano_obra'
  | 'combustible_importe'
  | 'combustible_litros'
  | 'costo_total'
  | 'costo_hora'
  | 'litros_hora'
  | 'ingresos'
  | 'margen';

const amount = (
  key: Num,
  header: string,
  priority: number,
  extra: { unit?: boolean; strong?: boolean } = {},
): DataColumnDef<CostoMaquinaRow> => ({
  accessorKey: key,
  header,
  cell: ({ row }) => {
    const v = row.original[key];
    if (v === null) return '—';
    const text = formatMoney(v);
    if (extra.unit) return `${text} ${row.original.horometro ? C.hours : C.km}`;
    return extra.strong ? <strong>{text}</strong> : text;
  },
  meta: {
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    pdfWidth: 52,
    exportValue: (r) => r[key],
    number: 'amount',
    priority,
  },
});

export const costoMaquinaColumns: DataColumnDef<CostoMaquinaRow>[] = [
  {
    accessorKey: 'placa',
    header: C.plate,
    cell: ({ row }) => <PlacaLink id={row.original.maquinaria_id} placa={row.original.placa} />,
    meta: { className: 'whitespace-nowrap', pdfWidth: 52, priority: 1 },
  },
  { accessorKey: 'descripcion', header: C.machineName, meta: { pdfWidth: 80, priority: 2 } },
  amount('horas', C.worked, 2, { unit: true }),
  amount('repuestos', C.parts, 4),
  amount('reparaciones', C.repairs, 4),
  amount('mano_obra', C.labour, 4),
  amount('combustible_importe', C.fuel, 4),
  amount('combustible_litros', C.litres, 5),
  amount('costo_total', C.total, 1, { strong: true }),
  amount('costo_hora', C.perHour, 1, { strong: true }),
  amount('litros_hora', C.litresPerHour, 5),
  amount('ingresos', C.income, 3),
  amount('margen', C.margin, 3),
];

export interface CostoTotales {
  horas: number;
  repuestos: number;
  reparaciones: number;
  mano_obra: number;
  combustible_importe: number;
  combustible_litros: number;
  costo_total: number;
  ingresos: number;
  margen: number | null;
}

/** The sums of the rows (in cents), and the margin of the machines with income. */
export function costoTotales(rows: readonly CostoMaquinaRow[]): CostoTotales {
  const keys = [
    'horas',
    'repuestos',
    'reparaciones',
    'mano_obra',
    'combustible_importe',
    'combustible_litros',
    'costo_total',
    'ingresos',
  ] as const;
  const c = Object.fromEntries(keys.map((k) => [k, 0])) as Record<(typeof keys)[number], number>;
  let margen: number | null = null;
  for (const r of rows) {
    for (const k of keys) c[k] += Math.round(r[k] * 100);
    if (r.margen !== null) margen = (margen ?? 0) + Math.round(r.margen * 100);
  }
  const t = Object.fromEntries(keys.map((k) => [k, c[k] / 100])) as Record<(typeof keys)[number], number>;
  return { ...t, margen: margen === null ? null : margen / 100 };
}

/** The totals row of the exports, one cell per column above (ratios left blank: hours and km do not add up). */
export function totalesRow(t: CostoTotales): ReportCell[] {
  return [
    C.totals,
    null,
    null,
    t.repuestos,
    t.reparaciones,
    t.mano_obra,
    t.combustible_importe,
    t.combustible_litros,
    t.costo_total,
    null,
    null,
    t.ingresos,
    t.margen,
  ];
}
