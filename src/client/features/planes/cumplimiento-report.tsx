// The maintenance report's tasks done and missed (code 44): for the chosen machines and range, 'Tareas: PDF' and
// 'Tareas: Excel' build the list on the device (the list exports' writers: lib/export.ts) from
// POST /api/planes/cumplimiento: plate, plan, task, when it was due (date and meter), situation (Hecha a tiempo / Hecha
// con retraso / Omitida) and when and at what reading it was done.
import { useState } from 'react';
import { FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import type { CumplimientoRow } from '@shared/contract/planes';
import { LABELS } from '@shared/messages';
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import { Button } from '@client/components/ui/button';
import { exportPdf, exportXlsx } from '@client/lib/export';
import { toast } from '@client/lib/toast';
import { saveErrorMessage } from '@client/components/form-gate';
import { fetchCumplimiento } from './api';
import { formatMeter } from './due-columns';

const L = LABELS.planes;

export function situacion(r: Pick<CumplimientoRow, 'tipo' | 'a_tiempo'>): string {
  if (r.tipo === 'OMITIDA') return L.missed;
  return r.a_tiempo ? L.doneOnTime : L.doneLate;
}

export const CUMPLIMIENTO_COLUMNS: ReportColumn[] = [
  { header: L.machine, width: 60 },
  { header: L.plan, width: 110 },
  { header: L.task, width: 150 },
  { header: L.dueDate, width: 60, align: 'center' },
  { header: L.dueMeter, width: 70, align: 'right' },
  { header: L.situacion, width: 80 },
  { header: L.doneOn, width: 60, align: 'center' },
  { header: L.doneAt, width: 70, align: 'right' },
];

export function cumplimientoCells(rows: readonly CumplimientoRow[]): ReportCell[][] {
  return rows.map((r) => [
    r.placa,
    r.plan_nombre,
    r.tarea_nombre,
    r.vence_fecha,
    formatMeter(r.vence_medidor, r.horometro),
    situacion(r),
    r.fecha,
    formatMeter(r.medidor, r.horometro),
  ]);
}

export interface CumplimientoReportProps {
  /** Machines (empty: all), and the range; `ready` false disables the buttons. */
  ids: readonly number[];
  fini: string;
  ffin: string;
  ready: boolean;
}

export function CumplimientoReport({ ids, fini, ffin, ready }: CumplimientoReportProps) {
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const run = async (kind: 'pdf' | 'xlsx') => {
    setBusy(kind);
    try {
      const rows = await fetchCumplimiento({ maquinarias: [...ids], fini, ffin });
      if (rows.length === 0) {
        toast.info(L.reportEmpty);
        return;
      }
      const input = {
        fileName: `${L.reportFileName}-${fini}-${ffin}`,
        title: L.reportTitle,
        subtitle: L.reportRange(fini, ffin),
        rows: cumplimientoCells(rows),
      };
      if (kind === 'pdf') await exportPdf({ ...input, orientation: 'landscape', columns: CUMPLIMIENTO_COLUMNS });
      else await exportXlsx({ ...input, columns: CUMPLIMIENTO_COLUMNS });
    } catch (err) {
      toast.error(saveErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const icon = (kind: 'pdf' | 'xlsx') =>
    busy === kind ? (
      <LoaderCircle className="animate-spin" aria-hidden="true" />
    ) : kind === 'pdf' ? (
      <FileText aria-hidden="true" />
    ) : (
      <FileSpreadsheet aria-hidden="true" />
    );
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-3">
      <h2 className="text-sm font-semibold text-slate-700">{L.reportTasks}</h2>
      <Button variant="outline" className="pointer-coarse:h-11" disabled={!ready || busy !== null} onClick={() => void run('pdf')}>
        {icon('pdf')}
        {L.reportPdf}
      </Button>
      <Button variant="outline" className="pointer-coarse:h-11" disabled={!ready || busy !== null} onClick={() => void run('xlsx')}>
        {icon('xlsx')}
        {L.reportExcel}
      </Button>
    </div>
  );
}
