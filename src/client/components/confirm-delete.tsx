// Delete confirmation modal ('¿Está seguro de eliminar este registro?', Cancelar / Eliminar) with a busy state; with
// `neutral`, the same modal confirms an action that deletes nothing (a part change): a plain button and a question mark.
import { useState } from 'react';
import { CircleHelp, TriangleAlert } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

export interface ConfirmDeleteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Runs the delete. While its promise is pending both buttons are disabled. The modal closes itself when it
   * resolves; on rejection (the caller shows the toast) it closes too, or stays open with `closeOnError={false}`.
   */
  onConfirm: () => Promise<unknown> | void;
  /** Defaults to MSG.deleteConfirm. */
  message?: string;
  title?: string;
  confirmLabel?: string;
  closeOnError?: boolean;
  /** The action deletes nothing: the confirm button is the primary one, not the red delete. */
  neutral?: boolean;
}

export function ConfirmDelete({
  open,
  onOpenChange,
  onConfirm,
  message = MSG.deleteConfirm,
  title = LABELS.remove,
  confirmLabel = LABELS.remove,
  closeOnError = true,
  neutral = false,
}: ConfirmDeleteProps) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      if (closeOnError) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={title}
      width="sm"
      closeDisabled={busy}
      footer={
        <>
          <ModalActions
            busy={busy}
            onCancel={() => onOpenChange(false)}
            confirmLabel={confirmLabel}
            onConfirm={() => void run()}
            destructive={!neutral}
          />
        </>
      }
    >
      <div className="flex items-start gap-3">
        {neutral ? (
          <CircleHelp className="size-6 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-6 shrink-0 text-amber-500" aria-hidden="true" />
        )}
        <p className="text-sm text-slate-700">{message}</p>
      </div>
    </Modal>
  );
}
