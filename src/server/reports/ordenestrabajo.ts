// The work order PDF (A4 portrait, office logo): the order's data, checklist, labour, parts, reading and notes, and
// the signature boxes (technician, maintenance chief, operator), printed for the paper copy the workshop signs.
import type { OrdenDetail } from '@shared/contract/ordenestrabajo';
import { formatReading, meterUnitLabel, meterWord } from '@shared/domain/lecturas';
import { LABELS } from '@shared/messages';
import { buildDocumentPdf, type DocSection } from '@shared/reports/pdf-document';
import type { OfficePdf } from './office';

const L = LABELS.ordenes;
const numberFormat = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = (n: number) => numberFormat.format(n);
/** An instant as Lima date and time. */
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-PE', { timeZone: 'America/Lima', hour12: false, dateStyle: 'short', timeStyle: 'short' }) : '';

export function ordenSections(o: OrdenDetail): DocSection[] {
  const unit = meterUnitLabel(o.horometro);
  const sections: DocSection[] = [
    {
      kind: 'fields',
      columns: 4,
      items: [
        { label: L.machine, value: `${o.placa} - ${o.maquinaria}`, span: 2 },
        { label: L.state, value: o.estado },
        { label: L.priority, value: o.prioridad },
        {
          label: L.origin,
          value: o.falla_descripcion
            ? L.fromFailure(o.falla_descripcion)
            : o.tarea_nombre
              ? L.fromTask(o.tarea_nombre)
              : L.origins[o.origen],
          span: 2,
        },
        { label: L.type, value: o.tipo },
        { label: L.plannedDate, value: o.fecha_programada ?? '' },
        { label: L.description, value: o.descripcion, span: 3 },
        { label: L.stopped, value: o.maquina_detenida ? 'SÍ' : 'NO' },
        { label: L.assigned, value: o.asignados_text, span: 2 },
        { label: L.start, value: when(o.inicio) },
        { label: L.end, value: when(o.fin) },
        {
          label: L.reading(meterWord(o.horometro)),
          value: o.horometro_cierre === null ? '' : `${formatReading(o.horometro_cierre)} ${unit}`,
          span: 2,
        },
      ],
    },
  ];
  if (o.checklist.length) {
    sections.push({ kind: 'heading', text: L.checklist });
    sections.push({
      kind: 'table',
      columns: [
        { header: 'N°', width: 24 },
        { header: L.checklistItem, width: 220 },
        { header: L.state, width: 70 },
        { header: L.checklistNote, width: 209 },
      ],
      rows: o.checklist.map((c) => [
        String(c.orden),
        c.descripcion,
        c.resultado ?? '',
        [c.nota ?? '', c.falla_id ? L.failureOpened(c.falla_id) : ''].filter(Boolean).join(' · '),
      ]),
    });
  }
  if (o.mano_obra.length) {
    sections.push({ kind: 'heading', text: L.labour });
    sections.push({
      kind: 'table',
      columns: [
        { header: L.person, width: 300 },
        { header: L.date, width: 110 },
        { header: L.hours, width: 113, align: 'right' },
      ],
      rows: o.mano_obra.map((l) => [l.nombre, l.fecha, num(l.horas)]),
    });
  }
  if (o.repuestos.length) {
    sections.push({ kind: 'heading', text: L.parts });
    sections.push({
      kind: 'table',
      columns: [
        { header: L.supply, width: 330 },
        { header: L.quantity, width: 90, align: 'right' },
        { header: L.wearPart, width: 103 },
      ],
      rows: o.repuestos.map((r) => [
        `${r.insumo_codigo} - ${r.insumo_name}`,
        `${num(r.cantidad)} ${r.unimed}`,
        r.insumo_maq_id ? 'SÍ' : '',
      ]),
    });
  }
  if (o.notas) sections.push({ kind: 'text', label: L.notes, text: o.notas });
  if (o.motivo_anulacion) sections.push({ kind: 'text', label: L.annulReason, text: o.motivo_anulacion });
  sections.push({
    kind: 'table',
    columns: [
      { header: L.signTechnician, width: 174 },
      { header: L.signChief, width: 174 },
      { header: L.signOperator, width: 175 },
    ],
    rows: [['\n\n\n\n__________________________', '\n\n\n\n__________________________', '\n\n\n\n__________________________']],
  });
  return sections;
}

export function buildOrdenPdf(o: OrdenDetail, office: OfficePdf): Promise<Uint8Array> {
  return buildDocumentPdf({ ...office, title: L.pdfTitle(o.codigo), orientation: 'portrait', sections: ordenSections(o) });
}
