// The monthly management report (Informe mensual de maquinaria), A4 portrait on the shared document layout: the key
// figures of the range, the monthly trends drawn as charts (lines and columns of PDF operators, no pictures), the
// machines ranked by cost per hour and by availability (bars), and the figures per month and per machine.
import type { IndicadoresAnswer, IndicadorMaquina, IndicadorMes } from '@shared/contract/indicadores';
import { LABELS } from '@shared/messages';
import { buildDocumentPdf, type BarItem, type DocSection } from '@shared/reports/pdf-document';
import type { ReportColumn } from '@shared/reports/types';
import type { OfficePdf } from './office';

const L = LABELS.indicadores;
const f2 = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const f0 = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 0 });
const num = (v: number | null) => (v === null ? '-' : f2.format(v));
/** An axis value: whole numbers without decimals. */
const short = (v: number) => (Number.isInteger(v) || Math.abs(v) >= 100 ? f0.format(v) : f2.format(v));
/** How many machines each ranking shows. */
const RANK = 15;

const columns = (first: ReportColumn[]): ReportColumn[] => [
  ...first,
  { header: L.availability, width: 50, align: 'right' },
  { header: L.mtbf, width: 48, align: 'right' },
  { header: L.mttr, width: 44, align: 'right' },
  { header: L.compliance, width: 56, align: 'right' },
  { header: L.utilisation, width: 50, align: 'right' },
  { header: L.backlog, width: 36, align: 'right' },
  { header: L.costHour, width: 50, align: 'right' },
  { header: L.fuelHour, width: 44, align: 'right' },
];
const figures = (c: IndicadorMes | IndicadorMaquina) => [
  num(c.disponibilidad),
  num(c.mtbf),
  num(c.mttr),
  num(c.cumplimiento),
  num(c.utilizacion),
  String(c.ot_abiertas),
  num(c.costo_hora),
  num(c.litros_hora),
];

function ranking(items: IndicadorMaquina[], value: (m: IndicadorMaquina) => number, max: number, unit: string): BarItem[] {
  return items.map((m) => ({
    label: `${m.placa} - ${m.descripcion}`,
    percent: max > 0 ? (100 * value(m)) / max : 0,
    level: 'info',
    value: `${num(value(m))}${unit}`,
    note: m.horometro ? '' : L.odometer,
  }));
}

export function buildIndicadoresPdf(a: IndicadoresAnswer, office: OfficePdf): Promise<Uint8Array> {
  const t = a.total;
  const dias = a.turno_dias.map((d) => L.weekdays[d]).join(', ');
  const labels = a.meses.map((m) => m.periodo);
  const trend = (title: string, type: 'line' | 'columns', pick: (m: IndicadorMes) => number | null): DocSection => ({
    kind: 'chart',
    title,
    type,
    labels,
    values: a.meses.map(pick),
    format: short,
  });
  const byCost = a.maquinas
    .filter((m) => m.costo_hora !== null)
    .sort((x, y) => y.costo_hora! - x.costo_hora!)
    .slice(0, RANK);
  const byAvail = a.maquinas
    .filter((m) => m.disponibilidad !== null)
    .sort((x, y) => x.disponibilidad! - y.disponibilidad!)
    .slice(0, RANK);
  const sections: DocSection[] = [
    {
      kind: 'fields',
      columns: 4,
      items: [
        { label: L.period, value: L.range(a.desde, a.hasta), span: 2 },
        { label: L.shift, value: L.shiftText(f2.format(a.turno_horas_dia), dias), span: 2 },
        { label: L.availability, value: num(t.disponibilidad) },
        { label: L.mtbf, value: num(t.mtbf) },
        { label: L.mttr, value: num(t.mttr) },
        { label: L.compliance, value: num(t.cumplimiento) },
        { label: L.utilisation, value: num(t.utilizacion) },
        { label: L.backlog, value: `${t.ot_abiertas} (${num(t.ot_horas)} h)` },
        { label: L.costHour, value: num(t.costo_hora) },
        { label: L.fuelHour, value: num(t.litros_hora) },
        { label: L.worked, value: num(t.horas_trabajadas) },
        { label: L.failures, value: String(t.fallas) },
        { label: L.cost, value: num(t.costo_total) },
        { label: L.fuel, value: num(t.combustible_litros) },
      ],
    },
    { kind: 'heading', text: L.trends },
    trend(L.availability, 'line', (m) => m.disponibilidad),
    trend(L.mtbf, 'columns', (m) => m.mtbf),
    trend(L.mttr, 'columns', (m) => m.mttr),
    trend(L.compliance, 'line', (m) => m.cumplimiento),
    trend(L.costHour, 'columns', (m) => m.costo_hora),
    { kind: 'heading', text: L.rankCost },
    {
      kind: 'bars',
      headers: [L.machine, '', L.costHour, ''],
      items: ranking(byCost, (m) => m.costo_hora!, byCost[0]?.costo_hora ?? 0, ''),
    },
    { kind: 'heading', text: L.rankAvailability },
    { kind: 'bars', headers: [L.machine, '', L.availability, ''], items: ranking(byAvail, (m) => m.disponibilidad!, 100, ' %') },
    { kind: 'heading', text: L.byMonth },
    {
      kind: 'table',
      columns: columns([{ header: L.period, width: 50 }]),
      rows: [...a.meses, t].map((m) => [m === t ? L.total : m.periodo, ...figures(m)]),
    },
    { kind: 'heading', text: L.byMachine },
    {
      kind: 'table',
      columns: columns([{ header: L.machine, width: 110 }]),
      rows: a.maquinas.map((m) => [`${m.placa}\n${m.descripcion}`, ...figures(m)]),
    },
    { kind: 'text', label: '', text: L.notes },
  ];
  return buildDocumentPdf({ ...office, title: `${L.pdfTitle} · ${L.range(a.desde, a.hasta)}`, orientation: 'portrait', sections });
}
