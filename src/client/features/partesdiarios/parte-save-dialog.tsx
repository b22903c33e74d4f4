// The daily-report modal as the 'Partes diarios' screen and Sincronización use it: saved through the outbox
// (online the usual answer, offline 'Guardado en el dispositivo…'), or, correcting a rejected item, resent in its
// place. A refusal keeps the modal open with the server's message and field errors.
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { toast } from '@client/lib/toast';
import type { SubmitResult, TypedFix } from '@client/offline';
import { antesOf, useInfoVenta, type ParteItem, type ParteOutboxMeta } from '@client/components/partes/parte-item';
import { useSaveParte } from './offline';
import { ParteDialog } from '@client/components/partes/parte-dialog';

const P = LABELS.partes;

export interface ParteSaveDialogProps {
  /** The saved report to edit; null creates one. Ignored when `fix` is given. */
  item: ParteItem | null;
  defaultFecha?: string;
  onClose: () => void;
  /** 'Abrir y corregir': the rejected outbox item and the call that sends the corrected copy. */
  fix?: TypedFix<ParteItem> | null;
}

export function ParteSaveDialog({ item, defaultFecha, onClose, fix }: ParteSaveDialogProps) {
  const save = useSaveParte();
  const info = useInfoVenta();
  const fixBody = fix?.body ?? null;
  const initial = fixBody ?? item;

  const onSubmit = async (next: ParteItem, meta: ParteOutboxMeta) => {
    // An edit notes the stored line it replaces: the offline meter projection takes it back while pending.
    const res: SubmitResult = fix ? await fix.resend(next) : await save(next, { ...meta, antes: antesOf(item, info.data) });
    if (res.queued) toast.info(MSG.savedOffline);
    else toast.success(MSG.saved);
  };

  return (
    <ParteDialog
      title={fix ? P.fix : initial?.parte_id ? P.edit : P.create}
      initial={initial}
      defaultFecha={defaultFecha ?? limaDate()}
      lockMaquinaria={initial?.parte_id != null}
      onClose={onClose}
      onSubmit={onSubmit}
      initialErrors={fix?.item.lastErrors ?? undefined}
    />
  );
}
