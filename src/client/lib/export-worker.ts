// Web Worker that builds list exports (PDF and Excel) off the main thread, so 'Mostrar todo' on 10,000 rows
// then PDF never freezes the screen. Messages: in ExportJob, out ExportProgress* then ExportDone or ExportFailed.
import type { ExportJob, ExportReply } from './export-build';
import { buildPdfBytes, buildXlsxBytes } from './export-build';

const post = (msg: ExportReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(msg, transfer);

self.onmessage = async (e: MessageEvent<ExportJob>) => {
  const job = e.data;
  try {
    const onProgress = (done: number) => post({ id: job.id, kind: 'progress', done });
    const bytes = job.kind === 'pdf' ? await buildPdfBytes(job.pdf, onProgress) : await buildXlsxBytes(job.xlsx, onProgress);
    post({ id: job.id, kind: 'done', bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (err) {
    post({ id: job.id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
};
