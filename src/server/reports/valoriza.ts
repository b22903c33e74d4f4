// The valuation PDF (landscape A4): client, document, date and rubro; one row per billed daily report; subtotal,
// IGV, total, detracción and deposit with their accounts; the observation.
import type { ValorizaDetail } from '@shared/contract/valoriza';
import { buildDocumentPdf, type DocSection } from '@shared/reports/pdf-document';
import { LABELS } from '@shared/messages';
import type { OfficePdf } from './office';

const L = LABELS.valoriza;
const money = (n: number) => n.toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const soles = (n: number) => `S/ ${money(n)}`;

export function valorizaSections(v: ValorizaDetail): DocSection[] {
  const doc = LABELS.docTypes[v.tipo_doc - 1]?.abrv ?? '';
  const account = (c: { nro_cuenta: string } | null) => (c ? L.account(c.nro_cuenta) : '');
  const totals: Extract<DocSection, { kind: 'totals' }>['items'] = [
    { label: L.subtotal, value: soles(v.subtotal) },
    { label: L.igv, value: soles(v.igv) },
    { label: L.total, value: soles(v.monto), strong: true },
  ];
  if (v.monto_detraccion > 0)
    totals.push({ label: L.detraccion(String(v.tasa_detraccion)), note: account(v.cuentas.detraccion), value: soles(v.monto_detraccion) });
  totals.push({ label: L.deposito, note: account(v.cuentas.deposito), value: soles(v.monto_deposito), strong: true });
  return [
    {
      kind: 'fields',
      columns: 5,
      items: [
        { label: L.client, value: v.rsocial, span: 2 },
        { label: `${L.document} (${doc})`, value: v.ndoc },
        { label: L.date, value: v.fecha },
        { label: L.rubro, value: LABELS.rubros[v.rubro - 1] ?? String(v.rubro) },
      ],
    },
    {
      kind: 'table',
      columns: [
        { header: L.reportNumber, width: 52 },
        { header: L.date, width: 56 },
        { header: L.machine, width: 130 },
        { header: L.operator, width: 120 },
        { header: L.activity, width: 120 },
        { header: L.service, width: 110 },
        { header: L.quantity, width: 60, align: 'right' },
        { header: L.unitPrice, width: 60, align: 'right' },
        { header: L.amount, width: 62, align: 'right' },
      ],
      rows: v.partesdiarios.map((p) => [
        p.nro_parte_interno,
        p.fecha,
        `${p.maquinaria} (${p.placa})`,
        p.nombre_operador,
        p.actividad,
        p.servicio,
        `${money(p.partesdiarios_det.cantid)} ${p.unidad}`,
        money(p.partesdiarios_det.preuni),
        money(p.monto),
      ]),
    },
    { kind: 'totals', items: totals },
    { kind: 'text', label: L.observation, text: v.observacion },
  ];
}

export function buildValorizaPdf(v: ValorizaDetail, office: OfficePdf): Promise<Uint8Array> {
  return buildDocumentPdf({
    ...office,
    title: L.pdfTitle(v.valoriza_id),
    orientation: 'landscape',
    sections: valorizaSections(v),
  });
}
