// The physical count PDFs (A4 portrait, office logo): the blank count sheet the warehouse fills by hand (code, supply,
// unit, a blank counted quantity and an observation, without the system quantity so the count is blind) and the
// filled sheet with each difference, its value and reason and the totals; both end with the signature boxes.
import type { InventarioDetail } from '@shared/contract/inventarios';
import { LABELS } from '@shared/messages';
import { buildDocumentPdf, type DocSection } from '@shared/reports/pdf-document';
import type { OfficePdf } from './office';

const L = LABELS.inventarios;
const numberFormat = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const num = (n: number) => numberFormat.format(n);
const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));
const LINE = '\n\n\n\n__________________________';
/** An instant as Lima date and time. */
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('es-PE', { timeZone: 'America/Lima', hour12: false, dateStyle: 'short', timeStyle: 'short' }) : '';

function head(inv: InventarioDetail): DocSection {
  return {
    kind: 'fields',
    columns: 4,
    items: [
      { label: L.date, value: inv.fecha },
      { label: L.state, value: inv.estado },
      { label: L.lines, value: String(inv.lineas) },
      { label: L.createdBy, value: inv.usuario },
      { label: L.description, value: inv.descripcion, span: 4 },
    ],
  };
}

const signatures: DocSection = {
  kind: 'table',
  columns: [
    { header: L.signCounted, width: 261 },
    { header: L.signVerified, width: 262 },
  ],
  rows: [[LINE, LINE]],
};

export function blankSheetSections(inv: InventarioDetail): DocSection[] {
  return [
    head(inv),
    {
      kind: 'table',
      columns: [
        { header: L.number, width: 24, align: 'right' },
        { header: L.code, width: 62 },
        { header: L.supply, width: 190 },
        { header: L.unit, width: 42 },
        { header: L.countedQty, width: 80 },
        { header: L.observation, width: 125 },
      ],
      // A blank line under each supply leaves room to write the count by hand.
      rows: inv.detalle.map((l, i) => [String(i + 1), l.insumo_codigo, l.insumo_name, l.unimed, '\n', '']),
    },
    signatures,
  ];
}

export function filledSheetSections(inv: InventarioDetail): DocSection[] {
  const sections: DocSection[] = [
    head(inv),
    {
      kind: 'table',
      columns: [
        { header: L.code, width: 56 },
        { header: L.supply, width: 128 },
        { header: L.unit, width: 36 },
        { header: L.system, width: 52, align: 'right' },
        { header: L.countedQty, width: 52, align: 'right' },
        { header: L.difference, width: 52, align: 'right' },
        { header: L.amount, width: 55, align: 'right' },
        { header: L.reason, width: 92 },
      ],
      rows: inv.detalle.map((l) => [
        l.insumo_codigo,
        l.insumo_name,
        l.unimed,
        num(l.stock_sistema),
        l.cantidad_contada === null ? L.notCounted : num(l.cantidad_contada),
        l.diferencia === null || l.diferencia === 0 ? '' : signed(l.diferencia),
        l.importe === 0 ? '' : signed(l.importe),
        l.motivo ?? '',
      ]),
    },
    {
      kind: 'totals',
      items: [
        { label: `${L.totalSurplus} (${inv.sobrantes})`, value: `S/ ${num(inv.valor_sobrantes)}` },
        { label: `${L.totalShortage} (${inv.faltantes})`, value: `S/ ${num(inv.valor_faltantes)}` },
      ],
    },
  ];
  if (inv.aprobado_por) sections.push({ kind: 'text', label: L.approvedBy, text: `${inv.aprobado_por} · ${when(inv.aprobado_at)}` });
  sections.push(signatures);
  return sections;
}

export function buildInventarioPdf(inv: InventarioDetail, lleno: boolean, office: OfficePdf): Promise<Uint8Array> {
  return buildDocumentPdf({
    ...office,
    title: lleno ? L.pdfTitleFilled(inv.id) : L.pdfTitleBlank(inv.id),
    orientation: 'portrait',
    sections: lleno ? filledSheetSections(inv) : blankSheetSections(inv),
  });
}
