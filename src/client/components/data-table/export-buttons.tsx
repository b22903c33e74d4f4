// Excel / PDF export buttons of a list: they print what the table shows (search, sort) with every exportable
// column. The file is built in a worker; the busy button shows the progress and the screen stays usable.
import { useState } from 'react';
import { FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import { LABELS } from '@shared/messages';
import type { PdfOrientation } from '@shared/reports/pdf-table';
import type { ReportCell } from '@shared/reports/types';
import { exportPdf, exportXlsx } from '@client/lib/export';
import { toast } from '@client/lib/toast';
import { Button } from '../ui/button';
import type { ExportData } from './export-data';

export interface ExportConfig {
  /** File name without extension, e.g. 'actividades'. */
  fileName: string;
  /** Title printed on the sheet and the PDF, e.g. 'LISTADO DE ACTIVIDADES'. */
  title: string;
  subtitle?: string;
  sheetName?: string;
  /** PDF page orientation (default portrait). */
  orientation?: PdfOrientation;
  /** Rows printed after the table's rows, one cell per exportable column (e.g. a totals row). */
  footerRows?: ReportCell[][];
  /** Set false to hide one of the buttons. */
  excel?: boolean;
  pdf?: boolean;
}

export interface ExportButtonsProps {
  config: ExportConfig;
  /** Called at click time, so the export reflects the table's current state. */
  getData: () => ExportData;
  disabled?: boolean;
}

export function ExportButtons({ config, getData, disabled }: ExportButtonsProps) {
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const [progress, setProgress] = useState(0);

  const run = async (kind: 'xlsx' | 'pdf') => {
    setBusy(kind);
    setProgress(0);
    const onProgress = (done: number) => setProgress(Math.round(done * 100));
    try {
      const data = getData();
      const columns = data.columns;
      const rows = config.footerRows?.length ? [...data.rows, ...config.footerRows] : data.rows;
      if (kind === 'xlsx') {
        await exportXlsx(
          {
            fileName: config.fileName,
            sheetName: config.sheetName,
            title: config.title,
            subtitle: config.subtitle,
            columns,
            rows,
          },
          { onProgress },
        );
      } else {
        await exportPdf(
          {
            fileName: config.fileName,
            title: config.title,
            subtitle: config.subtitle,
            orientation: config.orientation ?? 'portrait',
            columns,
            rows,
          },
          { onProgress },
        );
      }
    } catch (err) {
      console.error(err);
      toast.error(LABELS.exportFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {busy && (
        <span role="status" aria-live="polite" className="text-sm text-slate-600 tabular-nums" data-testid="export-progress">
          {LABELS.exportProgress(busy === 'pdf' ? LABELS.exportPdf : LABELS.exportExcel, progress)}
        </span>
      )}
      {config.excel !== false && (
        <Button variant="outline" size="sm" disabled={disabled || busy !== null} onClick={() => void run('xlsx')}>
          {busy === 'xlsx' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FileSpreadsheet className="text-emerald-700" aria-hidden="true" />
          )}
          {LABELS.exportExcel}
        </Button>
      )}
      {config.pdf !== false && (
        <Button variant="outline" size="sm" disabled={disabled || busy !== null} onClick={() => void run('pdf')}>
          {busy === 'pdf' ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FileText className="text-red-700" aria-hidden="true" />
          )}
          {LABELS.exportPdf}
        </Button>
      )}
    </>
  );
}
