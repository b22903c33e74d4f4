// A question asked in place inside the Sincronización panel (discard an item or a file): Cancelar / the action.
import { MSG } from '@shared/messages';

export const PANEL_BUTTON = 'rounded border px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-50';

export interface InlineConfirmProps {
  question: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function InlineConfirm({ question, confirmLabel, onCancel, onConfirm }: InlineConfirmProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded bg-red-50 p-2 text-sm" role="alertdialog" aria-label={question}>
      <span className="text-red-800">{question}</span>
      <button type="button" className={PANEL_BUTTON} onClick={onCancel}>
        {MSG.cancel}
      </button>
      <button type="button" className={`${PANEL_BUTTON} border-red-600 bg-red-600 text-white hover:bg-red-700`} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </div>
  );
}
