// The two modal shapes every editing screen uses, so that a new screen only writes its fields:
// - FormModal: a record's create/edit form (Cancelar / Grabar footer that submits it, locked while saving,
//   spinner or 'No se pudo cargar…' while the record loads). What every form gets from it: a refused save shows the
//   server's reason inside the modal (an onSubmit that returns a rejected promise, or the `error` prop), Cancelar
//   and ✕ ask '¿Descartar los cambios?' when the form has changes (`dirty`), and a disabled Grabar says why
//   (`invalidReason`, see form-gate.ts);
// - ItemModal: the line-item sub-modal of a master-detail form (Cancelar / Agregar or Actualizar); it asks before
//   discarding a changed line (`dirty`) and says why its button is disabled (`invalidReason`) the same way.
import { useId, useState, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { saveErrorMessage } from './form-gate';
import { Modal, type ModalWidth } from './modal';
import { ModalActions } from './modal-actions';
import { LoadingBody } from './ui/spinner';

export interface FormModalProps {
  /** Defaults to true (screens that mount the modal only while it is open). */
  open?: boolean;
  /** Cancelar, the header's close button and the back gesture; never called while saving. */
  onClose: () => void;
  title: ReactNode;
  /** Text under the title (the record the form works on). */
  description?: ReactNode;
  width?: ModalWidth;
  /** Saving: buttons locked. A pending promise returned by onSubmit counts as busy too. */
  busy?: boolean;
  /** False disables Grabar (invalid form, nothing to save). */
  valid?: boolean;
  /**
   * Runs on Grabar or Enter in a field; the default submit is already prevented. When it returns a promise, the
   * modal is busy until it settles and a rejection shows its reason (saveErrorMessage) above the buttons.
   */
  onSubmit: () => void | Promise<unknown>;
  /** False while the record to edit is loading: the body shows the spinner instead of the form. */
  loaded?: boolean;
  /** With loaded false: the load failed, say so instead of spinning. */
  loadFailed?: boolean;
  confirmLabel?: string;
  /** Classes of the <form> (default: a column with gaps). */
  className?: string;
  children: ReactNode;
  /** Rendered inside the modal but outside the form, e.g. the line-item sub-modal. */
  outside?: ReactNode;
  /** Why the last save was refused, for forms that catch their own errors (shown like a caught rejection). */
  error?: string | null;
  /** The form holds changes: Cancelar and ✕ ask '¿Descartar los cambios?' before closing. */
  dirty?: boolean;
  /** Why Grabar is disabled ('Para grabar, revise N° vale: Campo obligatorio'), shown beside it while invalid. */
  invalidReason?: string | null;
}

export function FormModal({
  open = true,
  onClose,
  title,
  description,
  width,
  busy = false,
  valid = true,
  onSubmit,
  loaded = true,
  loadFailed = false,
  confirmLabel,
  className = 'flex flex-col gap-4',
  children,
  outside,
  error,
  dirty = false,
  invalidReason,
}: FormModalProps) {
  const formId = useId();
  const reasonId = useId();
  const [pending, setPending] = useState(false);
  const [caught, setCaught] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const locked = busy || pending;
  const shownError = error ?? caught;
  const why = loaded && !valid && !locked ? invalidReason : null;

  const submit = () => {
    if (locked) return;
    setCaught(null);
    const result = onSubmit();
    if (!result || typeof (result as Promise<unknown>).then !== 'function') return;
    setPending(true);
    (result as Promise<unknown>).then(
      () => setPending(false),
      (err: unknown) => {
        setPending(false);
        setCaught(saveErrorMessage(err));
      },
    );
  };

  const close = () => {
    if (locked) return;
    if (dirty) setAsking(true);
    else onClose();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={title}
      description={description}
      width={width}
      closeDisabled={locked}
      footer={
        <>
          {why && (
            <p id={reasonId} className="mr-auto min-w-0 flex-1 basis-60 text-sm text-amber-800">
              {why}
            </p>
          )}
          <ModalActions
            busy={locked}
            onCancel={close}
            form={formId}
            confirmLabel={confirmLabel}
            confirmDisabled={!loaded || !valid}
            confirmDescribedBy={why ? reasonId : undefined}
          />
        </>
      }
    >
      {loaded ? (
        <form
          id={formId}
          noValidate
          className={cn(className)}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {children}
        </form>
      ) : (
        <LoadingBody failed={loadFailed} />
      )}
      {shownError && (
        <p role="alert" className="mt-3 flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{shownError}</span>
        </p>
      )}
      {outside}
      <DiscardChanges
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </Modal>
  );
}

/** '¿Descartar los cambios?': Seguir editando (back to the form) / Descartar (closes it). */
export function DiscardChanges({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onKeep()}
      title={MSG.discardTitle}
      width="sm"
      footer={
        <ModalActions
          busy={false}
          onCancel={onKeep}
          cancelLabel={MSG.keepEditing}
          onConfirm={onDiscard}
          confirmLabel={MSG.discard}
          destructive
        />
      }
    >
      <p className="text-sm text-slate-700">{MSG.discardText}</p>
    </Modal>
  );
}

export interface ItemModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** True when an existing line is edited: the title ('Editar insumo' / 'Agregar insumo') and button say so. */
  editing: boolean;
  /** False disables the add button. */
  canAdd: boolean;
  /** Adds or updates the line (button or Enter in a field); the modal closes after it. */
  onAdd: () => void;
  width?: ModalWidth;
  /** Title when the line is not a supply (a cost line, a daily report); defaults to 'Agregar/Editar insumo'. */
  title?: ReactNode;
  children: ReactNode;
  /** The line holds changes: Cancelar, ✕ and back ask '¿Descartar los cambios?' first. */
  dirty?: boolean;
  /** Why the add button is disabled, shown beside it (as FormModal's). */
  invalidReason?: string | null;
}

const A = LABELS.almacen;

export function ItemModal({
  open,
  onOpenChange,
  editing,
  canAdd,
  onAdd,
  width = 'lg',
  title,
  children,
  dirty = false,
  invalidReason,
}: ItemModalProps) {
  const formId = useId();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const why = !canAdd ? invalidReason : null;
  const confirm = () => {
    if (!canAdd) return;
    onAdd();
    onOpenChange(false);
  };
  const close = () => {
    if (dirty) setAsking(true);
    else onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={title ?? (editing ? A.editItem : A.addItem)}
      width={width}
      footer={
        <>
          {why && (
            <p id={reasonId} className="mr-auto min-w-0 flex-1 basis-60 text-sm text-amber-800">
              {why}
            </p>
          )}
          <ModalActions
            busy={false}
            onCancel={close}
            form={formId}
            confirmLabel={editing ? A.update : A.add}
            confirmDisabled={!canAdd}
            confirmDescribedBy={why ? reasonId : undefined}
          />
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          confirm();
        }}
        // Enter in a one-line field adds the line, unless the typeahead used it to choose a suggestion.
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.defaultPrevented || !(e.target instanceof HTMLInputElement)) return;
          e.preventDefault();
          confirm();
        }}
      >
        {children}
      </form>
      <DiscardChanges
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
