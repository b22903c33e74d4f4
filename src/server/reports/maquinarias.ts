// Machinery PDFs on the shared document layout: the wear of the parts of some machines (A4 portrait, one
// block per machine: its data, then a bar per part in its band colour with hours used, limit, percentage and
// forecast date) and the maintenance report (A4 landscape: the part changes of some machines in a range).
import type { CambioInsumoRow, MaquinariaRow } from '@shared/contract/maquinarias';
import { barWidth } from '@shared/domain/wear';
import { LABELS } from '@shared/messages';
import { buildDocumentPdf, type DocSection } from '@shared/reports/pdf-document';
import type { OfficePdf } from './office';

const L = LABELS.maquinariaPdf;
// One formatter for every number (toLocaleString builds a new one per call: seconds on a 500-machine report).
const numberFormat = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = (n: number) => numberFormat.format(n);

export function wearSections(m: MaquinariaRow, today: string, withHeading: boolean): DocSection[] {
  const unit = m.horometro ? 'h' : 'km';
  const sections: DocSection[] = [];
  if (withHeading) sections.push({ kind: 'heading', text: L.machine(m.descripcion, m.placa) });
  sections.push({
    kind: 'fields',
    columns: 4,
    items: [
      { label: L.description, value: m.descripcion, span: 2 },
      { label: L.plate, value: m.placa },
      { label: L.state, value: LABELS.machineState[m.estado] ?? String(m.estado) },
      { label: L.brand, value: m.marca },
      { label: L.model, value: m.modelo ?? '' },
      { label: L.year, value: String(m.año_fabrica) },
      { label: L.meterType, value: m.horometro ? LABELS.meterTypes.true : LABELS.meterTypes.false },
      { label: m.horometro ? L.meter : L.odometer, value: `${num(m.horometro_actual)} ${unit}` },
      { label: L.dailyUse, value: `${num(m.uso_diario)} ${unit}` },
    ],
  });
  sections.push({
    kind: 'bars',
    headers: L.barHeaders,
    items: m.insumos.map((p) => ({
      label: `${p.insumo_codigo} - ${p.insumo_name}${p.last_date_mantenimiento ? `\n${L.lastChange(p.last_date_mantenimiento)}` : ''}`,
      percent: barWidth(p.contador, p.horas_limite),
      level: p.nivel,
      value: `${num(p.contador)} / ${num(p.horas_limite)} (${num(p.porcentaje)}%)`,
      note: `${L.level[p.nivel]}\n${p.fecha_limite === null ? L.noForecast : p.fecha_limite <= today ? `${L.reached} (${p.fecha_limite})` : p.fecha_limite}`,
    })),
  });
  return sections;
}

export function buildWearPdf(machines: MaquinariaRow[], today: string, office: OfficePdf): Promise<Uint8Array> {
  const one = machines.length === 1 ? machines[0] : null;
  return buildDocumentPdf({
    ...office,
    title: one ? L.wearTitleOne(one.descripcion, one.placa) : L.wearTitleMany,
    orientation: 'portrait',
    sections: machines.length
      ? machines.flatMap((m) => wearSections(m, today, !one))
      : [{ kind: 'text', label: '', text: LABELS.noRecords }],
  });
}

export function maintenanceSections(rows: CambioInsumoRow[], plates: string[] | null, fini: string, ffin: string): DocSection[] {
  return [
    {
      kind: 'fields',
      columns: 4,
      items: [
        { label: L.from, value: fini },
        { label: L.to, value: ffin },
        { label: L.machines, value: plates ? plates.join(', ') : L.allMachines },
        { label: L.changes, value: String(rows.length) },
      ],
    },
    {
      kind: 'table',
      columns: [
        { header: L.plate, width: 60 },
        { header: L.date, width: 56 },
        { header: L.code, width: 60 },
        { header: L.part, width: 130 },
        { header: L.hours, width: 64, align: 'right' },
        { header: L.meterReports, width: 70, align: 'right' },
        { header: L.meterMachine, width: 70, align: 'right' },
        { header: L.observation, width: 150 },
        { header: L.user, width: 90 },
      ],
      rows: rows.map((c) => [
        c.placa,
        c.fecha,
        c.insumo_codigo,
        c.insumo_name,
        num(c.horas_acumuladas),
        num(c.horometro_pdiario),
        num(c.horometro_vehiculo),
        c.observacion,
        c.usuario ?? '',
      ]),
    },
  ];
}

export function buildMaintenancePdf(
  rows: CambioInsumoRow[],
  plates: string[] | null,
  fini: string,
  ffin: string,
  office: OfficePdf,
): Promise<Uint8Array> {
  return buildDocumentPdf({
    ...office,
    title: L.maintenanceTitle,
    orientation: 'landscape',
    sections: maintenanceSections(rows, plates, fini, ffin),
  });
}
