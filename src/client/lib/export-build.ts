// The pure part of the list exports: bytes of a PDF or a workbook from rows already collected. Runs in the
// export worker (export-worker.ts) and, where workers are missing, on the main thread; no DOM, no session.
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import type { PdfOrientation } from '@shared/reports/pdf-table';

/** Console note when an export falls back to the main thread (the e2e exports spec watches for it). */
export const EXPORT_WORKER_FAILED = 'export worker failed to start; building on the main thread:';

export interface XlsxBuildInput {
  sheetName?: string;
  title: string;
  subtitle?: string;
  columns: Pick<ReportColumn, 'header' | 'number'>[];
  rows: ReportCell[][];
}

export interface PdfBuildInput {
  officeName: string;
  title: string;
  subtitle?: string;
  orientation: PdfOrientation;
  columns: ReportColumn[];
  rows: ReportCell[][];
  logoPng?: Uint8Array;
  generatedAt: string;
}

export type ExportJob = { id: number } & ({ kind: 'pdf'; pdf: PdfBuildInput } | { kind: 'xlsx'; xlsx: XlsxBuildInput });
export type ExportReply =
  | { id: number; kind: 'progress'; done: number }
  | { id: number; kind: 'done'; bytes: Uint8Array }
  | { id: number; kind: 'failed'; message: string };

export async function buildPdfBytes(input: PdfBuildInput, onProgress?: (done: number) => void): Promise<Uint8Array> {
  const { buildTablePdf } = await import('@shared/reports/pdf-table');
  // Laying out the rows is most of the work; saving the file is the last tenth.
  const bytes = await buildTablePdf({ ...input, onProgress: onProgress && ((d) => onProgress(d * 0.9)) });
  onProgress?.(1);
  return bytes;
}

export async function buildXlsxBytes(input: XlsxBuildInput, onProgress?: (done: number) => void): Promise<Uint8Array> {
  const [{ writeXlsx }, { buildSheetModel, safeSheetName }] = await Promise.all([
    import('@shared/reports/xlsx-write'),
    import('@shared/reports/xlsx-sheet'),
  ]);
  const model = buildSheetModel(input);
  onProgress?.(0.2);
  const bytes = await writeXlsx(
    {
      name: safeSheetName(input.sheetName ?? input.title),
      rows: model.aoa,
      cols: model.cols,
      merges: model.merges,
      autoFilter:
        input.columns.length > 0
          ? { s: { r: model.headerRow, c: 0 }, e: { r: model.aoa.length - 1, c: input.columns.length - 1 } }
          : undefined,
      boldRows: [0, model.headerRow],
      numberFormats: { fromRow: model.headerRow + 1, cols: input.columns.map((c) => c.number) },
    },
    onProgress && ((done) => onProgress(0.2 + done * 0.8)),
  );
  onProgress?.(1);
  return bytes;
}
