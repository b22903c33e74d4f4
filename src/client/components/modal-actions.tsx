// Footer buttons of every form modal: a cancel button and a confirm button that spins and locks both while busy.
import { LoaderCircle } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { Button } from './ui/button';

export interface ModalActionsProps {
  busy: boolean;
  onCancel: () => void;
  /** Defaults to 'Cancelar'. */
  cancelLabel?: string;
  /** Defaults to 'Grabar'. */
  confirmLabel?: string;
  /** Submits the form with this id (the form's onSubmit runs the save)… */
  form?: string;
  /** …or runs this when there is no form. */
  onConfirm?: () => void;
  /** Extra reason to disable the confirm button (an invalid form, data still loading). */
  confirmDisabled?: boolean;
  destructive?: boolean;
  /** id of the text that says why the confirm button is disabled. */
  confirmDescribedBy?: string;
}

export function ModalActions({
  busy,
  onCancel,
  cancelLabel = MSG.cancel,
  confirmLabel = LABELS.shell.save,
  form,
  onConfirm,
  confirmDisabled = false,
  destructive = false,
  confirmDescribedBy,
}: ModalActionsProps) {
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        variant={destructive ? 'destructive' : undefined}
        disabled={busy || confirmDisabled}
        aria-busy={busy}
        aria-describedby={confirmDescribedBy}
        onClick={form ? undefined : onConfirm}
      >
        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {confirmLabel}
      </Button>
    </>
  );
}
