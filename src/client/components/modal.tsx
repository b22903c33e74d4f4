// Static, draggable modal (spec: no close on backdrop click or Escape, draggable header, 5 ms animation delay).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { useBackClose } from '@client/lib/back-navigation';
import { cn } from '@client/lib/cn';
import { Spinner } from './ui/spinner';
import { useDragOffset } from './use-drag';

export type ModalWidth = 'sm' | 'md' | 'lg' | 'xl' | '62%' | '50%';

const WIDTH: Record<ModalWidth, string> = {
  sm: 'min(24rem, calc(100vw - 1rem))',
  md: 'min(32rem, calc(100vw - 1rem))',
  lg: 'min(50rem, calc(100vw - 1rem))',
  xl: 'min(71rem, calc(100vw - 1rem))',
  // Spec widths (valuation 62%, daily report 50%), never narrower than a usable form on a tablet.
  '62%': 'min(max(62vw, 40rem), calc(100vw - 1rem))',
  '50%': 'min(max(50vw, 32rem), calc(100vw - 1rem))',
};

/** Fields a modal opens on: editable, enabled, reachable by Tab (not the date picker's hidden input). */
const FIRST_FIELD = ['input', 'select', 'textarea']
  .map((tag) => `${tag}:not([disabled]):not([readonly]):not([type=hidden]):not([tabindex="-1"]):not([aria-hidden=true])`)
  .join(', ');

export interface ModalProps {
  open: boolean;
  /** Called with false when the header's close button is used (never on Escape or outside clicks). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Optional text under the title, announced as the dialog description. */
  description?: ReactNode;
  width?: ModalWidth;
  /** Buttons row at the bottom (Cancelar / Grabar …). */
  footer?: ReactNode;
  children?: ReactNode;
  /** Hides the header's close button (loading modals). */
  hideClose?: boolean;
  /** Disables the close button (while saving). */
  closeDisabled?: boolean;
  className?: string;
  bodyClassName?: string;
  /**
   * The browser's back button or the tablet's back gesture while the modal is open (it never leaves the screen
   * under a modal). Defaults to what the header's ✕ does: `onOpenChange(false)`, unless the close button is hidden
   * or disabled. A form that asks before discarding changes passes the same handler as its ✕.
   */
  onCloseRequest?: () => void;
}

/** Static backdrop, focus trap (Radix), draggable header, body scrolls when taller than the screen. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  width = 'md',
  footer,
  children,
  hideClose = false,
  closeDisabled = false,
  className,
  bodyClassName,
  onCloseRequest,
}: ModalProps) {
  useBackClose(open, () => {
    if (onCloseRequest) onCloseRequest();
    else if (!hideClose && !closeDisabled) onOpenChange(false);
  });
  const contentRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const { offset, reset, handlers } = useDragOffset(contentRef);
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  // The control that opened the modal (a list's 'Nuevo', a row's pencil, 'Agregar insumo'), read before the modal
  // takes the focus: closing, by a save or by Cancelar, puts the focus back there. Radix would aim at a
  // Dialog.Trigger, which these modals do not use, and the focus was lost to the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && typeof document !== 'undefined')
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);

  // A modal whose record is still loading opens on Cancelar; this watches for its first field to move there.
  const waitingForField = useRef<MutationObserver | null>(null);
  const stopWaiting = () => {
    waitingForField.current?.disconnect();
    waitingForField.current = null;
  };
  useEffect(() => {
    if (!open) stopWaiting();
    return stopWaiting;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          ref={contentRef}
          onEscapeKeyDown={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => {
            const el = opener.current;
            if (!el || !el.isConnected || el === document.body) return;
            e.preventDefault();
            el.focus();
          }}
          onOpenAutoFocus={(e) => {
            // Start in the first field (Radix would pick the header's close button): forms are filled from the
            // keyboard. A modal without fields (yet) starts on its first footer button (Cancelar), and moves to
            // the first field when one appears, unless the user has gone elsewhere meanwhile.
            const content = contentRef.current;
            // On a touch screen a focused field raises the keyboard over half the form before the user chose a
            // field: start on the dialog itself there (screen readers still read its title).
            if (content && window.matchMedia?.('(pointer: coarse)').matches) {
              e.preventDefault();
              content.focus();
              return;
            }
            const field = content?.querySelector<HTMLElement>(FIRST_FIELD);
            const fallback = footerRef.current?.querySelector('button');
            if (!content || (!field && !fallback)) return;
            e.preventDefault();
            stopWaiting();
            if (field) return field.focus();
            fallback?.focus();
            const observer = new MutationObserver(() => {
              if (document.activeElement !== fallback) return stopWaiting();
              const appeared = content.querySelector<HTMLElement>(FIRST_FIELD);
              if (!appeared) return;
              stopWaiting();
              appeared.focus();
            });
            observer.observe(content, { childList: true, subtree: true });
            waitingForField.current = observer;
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          style={{ width: WIDTH[width], transform: `translate(calc(-50% + ${offset.x}px), ${offset.y}px)` }}
          className={cn(
            'modal-content fixed top-[4vh] left-1/2 z-50 flex max-h-[92vh] flex-col rounded-lg border border-border bg-white shadow-2xl focus:outline-none',
            className,
          )}
        >
          <div
            {...handlers}
            data-testid="modal-drag-handle"
            className="flex cursor-move touch-none items-start justify-between gap-3 rounded-t-lg border-b border-border bg-slate-50 px-4 py-3 select-none"
          >
            <div className="min-w-0">
              <Dialog.Title className="text-base leading-6 font-semibold text-slate-800">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{typeof title === 'string' ? title : ''}</Dialog.Description>
              )}
            </div>
            {!hideClose && (
              <button
                type="button"
                aria-label={LABELS.close}
                title={LABELS.close}
                disabled={closeDisabled}
                onClick={() => onOpenChange(false)}
                className="-mr-1 cursor-pointer rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            )}
          </div>
          <div className={cn('min-h-0 flex-1 overflow-y-auto px-4 py-4', bodyClassName)}>{children}</div>
          {footer && (
            <div ref={footerRef} className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-4 py-3">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Small blocking modal with a spinner ('Buscando DNI', 'Buscando RUC' …); cannot be closed by the user. */
export function LoadingModal({ open, text }: { open: boolean; text: string }) {
  return (
    <Modal open={open} onOpenChange={() => undefined} title={text} width="sm" hideClose>
      <div className="flex justify-center py-2">
        <Spinner size="lg" label={text} />
      </div>
    </Modal>
  );
}
