// The two modal shapes every editing screen uses, so that a new screen only writes its fields:
// - FormModal: a record's create/edit form (Cancelar / Grabar footer that submits it, locked while saving,
//   spinner or 'No se pudo cargar…' while the record loads);
// - ItemModal: the line-item sub-modal of a master-detail form (Cancelar / Agregar or Actualizar).
import { useId, type ReactNode } from 'react';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { Modal, type ModalWidth } from './modal';
import { ModalActions } from './modal-actions';
import { LoadingBody } from './ui/spinner';

export interface FormModalProps {
  /** Defaults to true (screens that mount the modal only while it is open). */
  open?: boolean;
  /** Cancelar, the header's close button; never called while saving. */
  onClose: () => void;
  title: ReactNode;
  width?: ModalWidth;
  busy: boolean;
  /** False disables Grabar (invalid form, nothing to save). */
  valid?: boolean;
  /** Runs on Grabar or Enter in a field; the default submit is already prevented. */
  onSubmit: () => void;
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
}

export function FormModal({
  open = true,
  onClose,
  title,
  width,
  busy,
  valid = true,
  onSubmit,
  loaded = true,
  loadFailed = false,
  confirmLabel,
  className = 'flex flex-col gap-4',
  children,
  outside,
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      width={width}
      closeDisabled={busy}
      footer={<ModalActions busy={busy} onCancel={onClose} form={formId} confirmLabel={confirmLabel} confirmDisabled={!loaded || !valid} />}
    >
      {loaded ? (
        <form
          id={formId}
          noValidate
          className={cn(className)}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      ) : (
        <LoadingBody failed={loadFailed} />
      )}
      {outside}
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
  children: ReactNode;
}

const A = LABELS.almacen;

export function ItemModal({ open, onOpenChange, editing, canAdd, onAdd, width = 'lg', children }: ItemModalProps) {
  const formId = useId();
  const confirm = () => {
    if (!canAdd) return;
    onAdd();
    onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? A.editItem : A.addItem}
      width={width}
      footer={
        <ModalActions
          busy={false}
          onCancel={() => onOpenChange(false)}
          form={formId}
          confirmLabel={editing ? A.update : A.add}
          confirmDisabled={!canAdd}
        />
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
    </Modal>
  );
}
