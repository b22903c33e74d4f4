// Columns of the monthly close: month, state, movements, who/when closed and reopened and why, and the month's
// actions: Cerrar mes (77) on an open month (not on one before the last closed month: it already takes no movement),
// Reabrir (78) on a closed one, PDF and Excel of a closed month's report.
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

/** A month of the screen: before the last closed month an open month takes no movement either (BLOQUEADO). */
export type CierreMes = CierreRow & { bloqueado: boolean };

/** 'Octubre de 2026'. */
export const mesTitle = (periodo: string) => {
  const label = periodoLabel(periodo);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

const L = LABELS.cierres;

export interface CierreActions {
  onCerrar: (row: CierreMes) => void;
  onReabrir: (row: CierreMes) => void;
  onReport: (row: CierreMes, kind: 'pdf' | 'xlsx') => void;
}

export function estadoLabel(r: CierreMes): string {
  if (r.estado === 'CERRADO') return L.cerrado;
  if (r.bloqueado) return L.bloqueado;
  return r.reabierto_at ? L.reabierto : L.abierto;
}

function EstadoBadge({ row }: { row: CierreMes }) {
  const variant = row.estado === 'CERRADO' ? 'success' : row.bloqueado ? 'info' : row.reabierto_at ? 'warning' : 'secondary';
  return (
    <Badge variant={variant} title={row.estado !== 'CERRADO' && row.bloqueado ? L.bloqueadoHint : undefined}>
      {estadoLabel(row)}
    </Badge>
  );
}

const who = (at: string | null, por: string | null) => (at ? `${formatDateTime(at)}${por ? ` · ${por}` : ''}` : '');

function Actions({ row, actions }: { row: CierreMes; actions: CierreActions }) {
  const canClose = useHasRole(ROLE.cierreCerrar);
  const canReopen = useHasRole(ROLE.cierreReabrir);
  const closed = row.estado === 'CERRADO';
  const mes = periodoLabel(row.periodo);
  return (
    <div className="flex flex-nowrap items-center justify-center gap-1">
      {!closed && !row.bloqueado && canClose && (
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

export function cierreColumns(actions: CierreActions): DataColumnDef<CierreMes>[] {
  return [
    {
      accessorKey: 'periodo',
      header: L.periodo,
      cell: ({ row }) => <span className="font-medium">{mesTitle(row.original.periodo)}</span>,
      meta: { priority: 1, exportValue: (r) => mesTitle(r.periodo) },
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
