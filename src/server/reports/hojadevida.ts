// The PDF of a machine's record (hoja de vida), A4 portrait on the shared document layout: the machine's data and the
// wear bars of its parts (the wear PDF's sections), the range with its downtime and availability, the meter at the
// start and end of the range, its plan's tasks with their due state, its open work orders and the timeline.
import type { HojaDeVidaAnswer } from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import { buildDocumentPdf, type DocSection } from '@shared/reports/pdf-document';
import { wearSections } from './maquinarias';
import type { OfficePdf } from './office';

const H = LABELS.hojadevida;
const E = LABELS.estadosMaquina;
const numberFormat = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = (n: number | null) => (n === null ? '' : numberFormat.format(n));

export function buildHojaDeVidaPdf(h: HojaDeVidaAnswer, today: string, office: OfficePdf): Promise<Uint8Array> {
  const m = h.maquinaria;
  const unit = m.horometro ? 'h' : 'km';
  const first = h.lecturas[0];
  const last = h.lecturas[h.lecturas.length - 1];
  const sections: DocSection[] = [
    ...wearSections(m, today, false),
    {
      kind: 'fields',
      columns: 4,
      items: [
        { label: LABELS.maquinariaPdf.from, value: h.fini },
        { label: LABELS.maquinariaPdf.to, value: h.ffin },
        { label: E.downtime, value: h.disponibilidad ? `${num(h.disponibilidad.horas_detenida)} h` : '' },
        { label: E.availability, value: h.disponibilidad ? `${num(h.disponibilidad.disponibilidad)} %` : '' },
        { label: H.meterChart, value: first && last ? `${num(first.medidor)} → ${num(last.medidor)} ${unit}` : H.meterChartEmpty, span: 4 },
      ],
    },
    { kind: 'heading', text: H.plan },
    h.tareas.length
      ? {
          kind: 'table',
          columns: [
            { header: H.task, width: 190 },
            { header: H.nextDue, width: 130 },
            { header: H.forecast, width: 80 },
            { header: LABELS.maquinarias.state, width: 80 },
          ],
          rows: h.tareas.map((t) => [
            `${t.plan}: ${t.nombre}`,
            [t.proximo_medidor === null ? null : `${num(t.proximo_medidor)} ${unit}`, t.proximo_fecha].filter(Boolean).join(' / '),
            t.pronostico ?? '',
            H.taskState[t.estado] ?? t.estado,
          ]),
        }
      : { kind: 'text', label: '', text: H.noTasks },
    { kind: 'heading', text: H.orders },
    h.ordenes.length
      ? {
          kind: 'table',
          columns: [
            { header: 'OT', width: 70 },
            { header: LABELS.maquinarias.description, width: 230 },
            { header: LABELS.maquinarias.state, width: 110 },
            { header: H.registered, width: 70 },
          ],
          rows: h.ordenes.map((o) => [H.order(o.anio, o.numero), `${o.tipo} · ${o.descripcion}`, o.estado, o.created_at.slice(0, 10)]),
        }
      : { kind: 'text', label: '', text: H.noOrders },
    { kind: 'heading', text: H.timeline },
    h.eventos.length
      ? {
          kind: 'table',
          columns: [
            { header: LABELS.maquinariaPdf.date, width: 56 },
            { header: '', width: 74 },
            { header: LABELS.maquinarias.description, width: 250 },
            { header: LABELS.maquinarias.state, width: 70 },
            { header: '', width: 60, align: 'right' },
          ],
          rows: h.eventos.map((e) => [
            e.fecha,
            H.types[e.tipo] ?? e.tipo,
            e.detalle ? `${e.titulo}\n${e.detalle}` : e.titulo,
            e.estado ?? '',
            num(e.cantidad),
          ]),
        }
      : { kind: 'text', label: '', text: H.noEvents },
  ];
  if (h.eventos_truncados) sections.push({ kind: 'text', label: '', text: H.truncated(h.eventos.length) });
  return buildDocumentPdf({ ...office, title: `${H.pdfTitle} ${m.placa} - ${m.descripcion}`, orientation: 'portrait', sections });
}
