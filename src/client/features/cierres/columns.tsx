// Columns of the monthly close: month, state, movements, who/when closed and reopened and why, and the month's
// actions: Cerrar mes (77) on an open month, Reabrir (78) on a closed one, PDF and Excel of a closed month's report.
import { FileSpreadsheet, FileText, Lock, LockOpen } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { periodoLabel } from '@shared/domain/cierres';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDateTime } from '@client/lib/format';
import { useHasRole } from '@client/lib/session';
import type { CierreRow } from './api';

const L = LABELS.cierres;

export interface CierreActions {
  onCerrar: (row: CierreRow) => void;
  onReabrir: (row: CierreRow) => void;
  onReport: (row: CierreRow, kind: 'pdf' | 'xlsx') => void;
}

export function estadoLabel(r: CierreRow): string {
  if (r.estado === 'CERRADO') return L.cerrado;
  return r.reabierto_at ? L.reabierto : L.abierto;
}

function EstadoBadge({ row }: { row: CierreRow }) {
  const variant = row.estado === 'CERRADO' ? 'success' : row.reabierto_at ? 'warning' : 'secondary';
  return <Badge variant={variant}>{estadoLabel(row)}</Badge>;
}

const who = (at: string | null, por: string | null) => (at ? `${formatDateTime(at)}${por ? ` · ${por}` : ''}` : '');

function Actions({ row, actions }: { row: CierreRow; actions: CierreActions }) {
  const canClose = useHasRole(ROLE.cierreCerrar);
  const canReopen = useHasRole(ROLE.cierreReabrir);
  const closed = row.estado === 'CERRADO';
  const mes = periodoLabel(row.periodo);
  return (
    <div className="flex flex-wrap items-center justify-center gap-1">
      {!closed && canClose && (
        <Button size="sm" className="min-h-9" onClick={() => actions.onCerrar(row)} aria-label={`${L.cerrar}: ${mes}`}>
          <Lock aria-hidden="true" /> {L.cerrar}
        </Button>
      )}
      {closed && canReopen && (
        <Button size="sm" variant="outline" className="min-h-9" onClick={() => actions.onReabrir(row)} aria-label={`${L.reabrir}: ${mes}`}>
          <LockOpen aria-hidden="true" /> {L.reabrir}
        </Button>
      )}
      {closed && (
        <>
          <Button
            size="sm"
            variant="outline"
            className="min-h-9"
            onClick={() => actions.onReport(row, 'pdf')}
            aria-label={`${L.reportPdf}: ${mes}`}
          >
            <FileText aria-hidden="true" /> {L.reportPdf}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="min-h-9"
            onClick={() => actions.onReport(row, 'xlsx')}
            aria-label={`${L.reportExcel}: ${mes}`}
          >
            <FileSpreadsheet aria-hidden="true" /> {L.reportExcel}
          </Button>
        </>
      )}
    </div>
  );
}

export function cierreColumns(actions: CierreActions): DataColumnDef<CierreRow>[] {
  return [
    {
      accessorKey: 'periodo',
      header: L.periodo,
      cell: ({ row }) => <span className="font-medium capitalize">{periodoLabel(row.original.periodo)}</span>,
      meta: { priority: 1, exportValue: (r) => periodoLabel(r.periodo) },
    },
    {
      accessorKey: 'estado',
      header: L.estado,
      cell: ({ row }) => <EstadoBadge row={row.original} />,
      meta: { priority: 1, align: 'center', exportValue: estadoLabel },
    },
    { accessorKey: 'movimientos', header: L.movimientos, meta: { priority: 2, align: 'right' } },
    {
      id: 'cerrado',
      accessorFn: (r) => who(r.cerrado_at, r.cerrado_por),
      header: `${L.cerradoAt} / ${L.cerradoPor}`,
      meta: { priority: 3 },
    },
    {
      id: 'reabierto',
      accessorFn: (r) => who(r.reabierto_at, r.reabierto_por),
      header: `${L.reabiertoAt} / ${L.reabiertoPor}`,
      meta: { priority: 4 },
    },
    { accessorKey: 'motivo_reapertura', header: L.motivo, meta: { priority: 5 } },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => <Actions row={row.original} actions={actions} />,
      meta: { exportable: false, searchable: false, align: 'center' },
    },
  ];
}
