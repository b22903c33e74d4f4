// The valued stock report of a closed month ('Inventario valorizado — octubre 2026') as PDF or Excel: one row per
// supply (opening, entries, exits, closing, quantity and soles) and a TOTAL row of the amounts.
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import { fromCents, toCents } from '@shared/domain/money';
import { LABELS } from '@shared/messages';
import { exportPdf, exportXlsx } from '@client/lib/export';
import type { CierreDetail } from './api';

const L = LABELS.cierres;

const COLUMNS: ReportColumn[] = [
  { header: L.codigo, width: 56 },
  { header: L.insumo, width: 150 },
  { header: L.unimed, width: 40 },
  { header: L.inicialCantidad, width: 52, align: 'right', number: 'amount' },
  { header: L.inicialImporte, width: 60, align: 'right', number: 'amount' },
  { header: L.ingresosCantidad, width: 52, align: 'right', number: 'amount' },
  { header: L.ingresosImporte, width: 60, align: 'right', number: 'amount' },
  { header: L.salidasCantidad, width: 52, align: 'right', number: 'amount' },
  { header: L.salidasImporte, width: 60, align: 'right', number: 'amount' },
  { header: L.finalCantidad, width: 52, align: 'right', number: 'amount' },
  { header: L.finalImporte, width: 60, align: 'right', number: 'amount' },
];

type Importe = 'inicial_importe' | 'ingresos_importe' | 'salidas_importe' | 'final_importe';

/**
 * The table's rows and the TOTAL row (amounts summed in cents; quantities of different units are not added), as
 * numbers: the PDF prints them es-PE by their column, Excel keeps them numbers to add and reconcile.
 */
export function inventarioRows(d: CierreDetail): ReportCell[][] {
  const rows: ReportCell[][] = d.items.map((i) => [
    i.insumo_codigo,
    i.insumo_name,
    i.unimed,
    i.inicial_cantidad,
    i.inicial_importe,
    i.ingresos_cantidad,
    i.ingresos_importe,
    i.salidas_cantidad,
    i.salidas_importe,
    i.final_cantidad,
    i.final_importe,
  ]);
  const total = (k: Importe) => fromCents(d.items.reduce((s, i) => s + toCents(i[k]), 0));
  rows.push([
    L.total,
    '',
    '',
    '',
    total('inicial_importe'),
    '',
    total('ingresos_importe'),
    '',
    total('salidas_importe'),
    '',
    total('final_importe'),
  ]);
  return rows;
}

export function exportInventario(d: CierreDetail, kind: 'pdf' | 'xlsx'): Promise<void> {
  const [anio, mes] = d.periodo.split('-');
  const title = L.reportTitle(L.meses[Number(mes) - 1] ?? mes, anio);
  const fileName = L.reportFileName(d.periodo);
  if (kind === 'pdf') {
    return exportPdf({
      fileName,
      title,
      subtitle: L.reportSubtitle,
      orientation: 'landscape',
      columns: COLUMNS,
      rows: inventarioRows(d),
    });
  }
  return exportXlsx({ fileName, title, subtitle: L.reportSubtitle, columns: COLUMNS, rows: inventarioRows(d) });
}
