// One outbox item in the Sincronización panel: state, times, server reason and its actions.
import { useState } from 'react';
import { formatDateTime } from '@client/lib/format';
import { MSG } from '@shared/messages';
import type { OutboxItem } from '../db';
import { getOutboxEditor } from '../editors';

const STATE_TEXT: Record<OutboxItem['status'], string> = {
  pending: MSG.syncStatePending,
  sending: MSG.syncStateSending,
  retrying: MSG.syncStateRetrying,
  rejected: MSG.syncStateRejected,
};

const STATE_COLOR: Record<OutboxItem['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  sending: 'bg-sky-100 text-sky-800',
  retrying: 'bg-orange-100 text-orange-800',
  rejected: 'bg-red-100 text-red-800',
};

const BTN = 'rounded border px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-50';

export interface SyncPanelItemProps {
  item: OutboxItem;
  onResend: (item: OutboxItem) => void;
  onDiscard: (item: OutboxItem) => void;
}

export function SyncPanelItem({ item, onResend, onDiscard }: SyncPanelItemProps) {
  const [confirming, setConfirming] = useState(false);
  const editor = item.status === 'rejected' ? getOutboxEditor(item.resource) : undefined;
  const busy = item.status === 'sending';
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-2" data-testid={`outbox-item-${item.id}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-800">{item.label}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATE_COLOR[item.status]}`}>{STATE_TEXT[item.status]}</span>
      </div>
      <div className="text-xs text-slate-500">
        {MSG.syncSavedAt(formatDateTime(item.createdAt))}
        {item.attempts > 0 && <> · {MSG.syncAttempts(item.attempts)}</>}
      </div>
      {item.status === 'retrying' && (
        <div className="text-xs text-orange-700">{MSG.syncNextAttempt(formatDateTime(item.nextAttemptAt))}</div>
      )}
      {item.status !== 'rejected' && item.lastError && <div className="text-xs text-slate-600">{MSG.syncLastError(item.lastError)}</div>}
      {item.status === 'rejected' && item.lastError && <div className="text-sm text-red-700">{MSG.syncReason(item.lastError)}</div>}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 rounded bg-red-50 p-2 text-sm" role="alertdialog">
          <span className="text-red-800">{MSG.syncDiscardConfirm}</span>
          <button type="button" className={BTN} onClick={() => setConfirming(false)}>
            {MSG.cancel}
          </button>
          <button
            type="button"
            className={`${BTN} border-red-600 bg-red-600 text-white hover:bg-red-700`}
            onClick={() => {
              setConfirming(false);
              onDiscard(item);
            }}
          >
            {MSG.syncDiscard}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {editor && (
            <button type="button" className={BTN} onClick={() => editor(item)}>
              {MSG.syncOpenFix}
            </button>
          )}
          {(item.status === 'retrying' || item.status === 'rejected') && (
            <button type="button" className={BTN} onClick={() => onResend(item)}>
              {MSG.syncResend}
            </button>
          )}
          <button type="button" className={`${BTN} text-red-700`} disabled={busy} onClick={() => setConfirming(true)}>
            {MSG.syncDiscard}
          </button>
        </div>
      )}
    </li>
  );
}
