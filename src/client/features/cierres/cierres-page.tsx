// 'Cierre mensual de almacén' (menu 76 under Almacén): the months from the first with movements to the last that
// ended, with state, who closed and reopened them and why; Cerrar mes (77) after '¿Está seguro…?', Reabrir (78) with
// its reason, and the valued stock report of a closed month as PDF or Excel (docs/costs.md, "Monthly close").
import { useCallback, useMemo, useState } from 'react';
import { periodoLabel } from '@shared/domain/cierres';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { DataTable } from '@client/components/data-table';
import { saveErrorMessage } from '@client/components/form-gate';
import { ListScreen } from '@client/components/list-screen';
import { Modal } from '@client/components/modal';
import { ModalActions } from '@client/components/modal-actions';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/lib/toast';
import { fetchInventario, useCerrarMes, useCierres, useReabrirMes, type CierreRow } from './api';
import { cierreColumns, type CierreMes } from './columns';
import { exportInventario } from './report';

const L = LABELS.cierres;
const MOTIVO_MIN = 10;

export default function CierresPage() {
  const list = useCierres();
  const cerrar = useCerrarMes();
  const reabrir = useReabrirMes();
  const [closing, setClosing] = useState<CierreRow | null>(null);
  const [reopening, setReopening] = useState<CierreRow | null>(null);

  const onReport = useCallback((row: CierreRow, kind: 'pdf' | 'xlsx') => {
    fetchInventario(row.periodo)
      .then((d) => exportInventario(d, kind))
      .catch((e: unknown) => toast.error(saveErrorMessage(e)));
  }, []);
  const meses = useMemo(() => conBloqueo(list.data), [list.data]);
  const columns = useMemo(() => cierreColumns({ onCerrar: setClosing, onReabrir: setReopening, onReport }), [onReport]);

  return (
    <ListScreen title={L.title} offline={list.offline}>
      <DataTable
        label={L.title}
        columns={columns}
        data={meses}
        loading={list.isLoading}
        getRowId={(r) => r.periodo}
        exportConfig={{ fileName: L.fileName, title: L.title, orientation: 'landscape' }}
      />
      <ConfirmDelete
        open={closing !== null}
        onOpenChange={(o) => !o && setClosing(null)}
        title={L.confirmTitle}
        confirmLabel={L.cerrar}
        message={closing ? L.confirmCerrar(periodoLabel(closing.periodo)) : ''}
        onConfirm={async () => {
          if (!closing) return;
          try {
            await cerrar.mutateAsync(closing.periodo);
            toast.success(L.cerradoOk(periodoLabel(closing.periodo)));
          } catch (e) {
            toast.error(saveErrorMessage(e));
            throw e;
          }
        }}
      />
      {reopening && (
        <ReabrirDialog
          row={reopening}
          onClose={() => setReopening(null)}
          onReabrir={async (motivo) => {
            await reabrir.mutateAsync({ periodo: reopening.periodo, motivo });
            toast.success(L.reabiertoOk(periodoLabel(reopening.periodo)));
          }}
        />
      )}
    </ListScreen>
  );
}

function conBloqueo(rows: CierreRow[] | undefined): CierreMes[] | undefined {
  if (!rows) return undefined;
  const ultimo = rows.find((r) => r.estado === 'CERRADO')?.periodo ?? '';
  return rows.map((r) => ({ ...r, bloqueado: r.periodo < ultimo }));
}

function ReabrirDialog({ row, onClose, onReabrir }: { row: CierreRow; onClose: () => void; onReabrir: (motivo: string) => Promise<void> }) {
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const short = motivo.trim().length < MOTIVO_MIN;
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={L.reabrirTitle(periodoLabel(row.periodo))}
      width="sm"
      closeDisabled={busy}
      footer={
        <ModalActions
          busy={busy}
          onCancel={onClose}
          confirmLabel={L.reabrir}
          confirmDisabled={short}
          confirmDescribedBy="cierre-motivo-hint"
          onConfirm={() => {
            setBusy(true);
            onReabrir(motivo.trim())
              .then(onClose)
              .catch((e: unknown) => toast.error(saveErrorMessage(e)))
              .finally(() => setBusy(false));
          }}
        />
      }
    >
      <p className="mb-3 text-sm text-slate-700">{L.reabrirHint}</p>
      <Label htmlFor="cierre-motivo" required>
        {L.motivo}
      </Label>
      <Textarea id="cierre-motivo" rows={3} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
      {short && (
        <p id="cierre-motivo-hint" className="mt-1 text-xs text-slate-600">
          {MSG.cierreMotivoCorto}
        </p>
      )}
    </Modal>
  );
}
