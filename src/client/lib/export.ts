// Excel and PDF downloads of a table. Both libraries are loaded with import() so the login bundle stays small.
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import { safeFileName } from '@shared/reports/types';
import type { PdfOrientation } from '@shared/reports/pdf-table';
import { formatDateTime } from './format';
import { getLogoPng, getOfficeSettings } from './settings';

export interface XlsxExportInput {
  /** Without extension; '.xlsx' is added. */
  fileName: string;
  sheetName?: string;
  /** First row of the sheet, e.g. 'LISTADO DE ACTIVIDADES'. */
  title: string;
  subtitle?: string;
  columns: { header: string }[];
  rows: ReportCell[][];
}

export interface PdfExportInput {
  /** Without extension; '.pdf' is added. */
  fileName: string;
  title: string;
  subtitle?: string;
  orientation: PdfOrientation;
  columns: ReportColumn[];
  rows: ReportCell[][];
}

/** Saves a Blob through a temporary <a download>. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Builds the workbook bytes (exported for tests and for callers that upload instead of download). */
export async function buildXlsx(input: XlsxExportInput): Promise<Uint8Array> {
  const [XLSX, { buildSheetModel, safeSheetName }] = await Promise.all([import('xlsx'), import('@shared/reports/xlsx-sheet')]);
  const model = buildSheetModel(input);
  const sheet = XLSX.utils.aoa_to_sheet(model.aoa);
  sheet['!cols'] = model.cols;
  sheet['!merges'] = model.merges;
  if (input.columns.length > 0) {
    sheet['!autofilter'] = {
      ref: XLSX.utils.encode_range({ s: { r: model.headerRow, c: 0 }, e: { r: model.aoa.length - 1, c: input.columns.length - 1 } }),
    };
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, safeSheetName(input.sheetName ?? input.title));
  const out = XLSX.write(book, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer;
  return new Uint8Array(out);
}

export async function exportXlsx(input: XlsxExportInput): Promise<void> {
  const bytes = await buildXlsx(input);
  downloadBlob(
    new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    safeFileName(input.fileName, 'xlsx'),
  );
}

/** Builds the PDF bytes with the office name, the logo (when available) and the generation time. */
export async function buildPdf(input: PdfExportInput): Promise<Uint8Array> {
  const [{ buildTablePdf }, settings, logoPng] = await Promise.all([
    import('@shared/reports/pdf-table'),
    getOfficeSettings(),
    getLogoPng(),
  ]);
  return buildTablePdf({
    officeName: settings.officeName,
    title: input.title,
    subtitle: input.subtitle,
    orientation: input.orientation,
    columns: input.columns,
    rows: input.rows,
    logoPng,
    generatedAt: formatDateTime(new Date()),
  });
}

export async function exportPdf(input: PdfExportInput): Promise<void> {
  const bytes = await buildPdf(input);
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), safeFileName(input.fileName, 'pdf'));
}

/** Opens a PDF in a new tab (maintenance report 'Generar Reporte'); falls back to a download when blocked. */
export function openPdf(bytes: Uint8Array, fileName: string): void {
  const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  // 'noopener' would make window.open return null, so the opener link is cut by hand.
  const win = window.open(url, '_blank');
  if (win) win.opener = null;
  else downloadBlob(blob, safeFileName(fileName, 'pdf'));
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
