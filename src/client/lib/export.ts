// Excel and PDF downloads of a table. The files are built in a Web Worker (export-worker.ts) so a long list never
// freezes the screen, with progress reported back; where a worker cannot run they are built here. Both
// libraries are loaded with import() so the login bundle stays small.
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import { safeFileName } from '@shared/reports/types';
import type { PdfOrientation } from '@shared/reports/pdf-table';
import { apiBlob } from './api';
import { buildPdfBytes, buildXlsxBytes, EXPORT_WORKER_FAILED, type ExportJob, type ExportReply } from './export-build';
import { formatDateTime } from './format';
import { getLogoPng, getOfficeSettings } from './settings';

export interface XlsxExportInput {
  /** Without extension; '.xlsx' is added. */
  fileName: string;
  sheetName?: string;
  /** First row of the sheet, e.g. 'LISTADO DE ACTIVIDADES'. */
  title: string;
  subtitle?: string;
  columns: Pick<ReportColumn, 'header' | 'number'>[];
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

export interface ExportOptions {
  /** Share of the work done (0..1), now and then while the file is built. */
  onProgress?: (done: number) => void;
}

let jobSeq = 0;

/** Runs `job` in a fresh export worker; resolves with the bytes, or null when no worker could start here. */
function inWorker(job: ExportJob, onProgress?: (done: number) => void): Promise<Uint8Array | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(null);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    let started = false;
    worker.onmessage = (e: MessageEvent<ExportReply>) => {
      const msg = e.data;
      if (msg.id !== job.id) return;
      started = true;
      if (msg.kind === 'progress') onProgress?.(msg.done);
      else {
        worker.terminate();
        if (msg.kind === 'done') resolve(msg.bytes);
        else reject(new Error(msg.message));
      }
    };
    // A worker that fails before answering (script blocked, old browser): build on this thread instead.
    worker.onerror = (e) => {
      worker.terminate();
      if (started) return reject(new Error(e.message));
      // Said in the console: the file still comes, but built on this thread (the screen may pause meanwhile).
      console.warn(EXPORT_WORKER_FAILED, e.message);
      resolve(null);
    };
    worker.postMessage(job);
  });
}

/** Builds the workbook bytes on this thread (tests, and callers that upload instead of download). */
export async function buildXlsx(input: XlsxExportInput): Promise<Uint8Array> {
  return buildXlsxBytes(input);
}

export async function exportXlsx(input: XlsxExportInput, opts: ExportOptions = {}): Promise<void> {
  const xlsx = { sheetName: input.sheetName, title: input.title, subtitle: input.subtitle, columns: input.columns, rows: input.rows };
  const bytes = (await inWorker({ id: ++jobSeq, kind: 'xlsx', xlsx }, opts.onProgress)) ?? (await buildXlsxBytes(xlsx, opts.onProgress));
  downloadBlob(
    new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    safeFileName(input.fileName, 'xlsx'),
  );
}

async function pdfInput(input: PdfExportInput) {
  const [settings, logoPng] = await Promise.all([getOfficeSettings(), getLogoPng()]);
  return {
    officeName: settings.officeName,
    title: input.title,
    subtitle: input.subtitle,
    orientation: input.orientation,
    columns: input.columns,
    rows: input.rows,
    logoPng,
    generatedAt: formatDateTime(new Date()),
  };
}

export async function exportPdf(input: PdfExportInput, opts: ExportOptions = {}): Promise<void> {
  const pdf = await pdfInput(input);
  const bytes = (await inWorker({ id: ++jobSeq, kind: 'pdf', pdf }, opts.onProgress)) ?? (await buildPdfBytes(pdf, opts.onProgress));
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), safeFileName(input.fileName, 'pdf'));
}

/**
 * Opens a PDF built by the server (valuation, wear, maintenance reports) in a new tab. The tab is opened
 * before the request so the popup blocker sees the user's click; the PDF needs the bearer token, so it is
 * fetched here and shown from a blob address. Without a tab (blocked) the PDF is downloaded instead.
 */
export async function openApiPdf(path: string, fileName: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const blob = await apiBlob(path);
    const url = URL.createObjectURL(blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }));
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else downloadBlob(blob, safeFileName(fileName, 'pdf'));
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    win?.close();
    throw err;
  }
}
