// One outbox item in the Sincronización panel: state, times, the server's reason, its files and its actions.
import { useState } from 'react';
import { formatDateTime } from '@client/lib/format';
import { MSG } from '@shared/messages';
import type { OutboxItem } from '../db';
import { openOutboxEditor } from '../editors';
import { useOfflineResource } from '../resource';
import { useSyncEngine } from '../engine-context';
import { useOutboxFiles } from '../hooks';
import { fileInfo } from '../outbox-files';
import { InlineConfirm, PANEL_BUTTON } from './inline-confirm';
import { SyncPanelFiles } from './sync-panel-files';

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

const WAITING_COLOR = 'bg-slate-100 text-slate-700';

/** A retrying item that simply has no connection waits calmly for it (not a server problem). */
export const isWaitingForConnection = (item: OutboxItem, offline: boolean): boolean =>
  item.status === 'retrying' && (offline || item.lastStatus === 0);

export interface SyncPanelItemProps {
  item: OutboxItem;
  /** The device has no connection right now. */
  offline: boolean;
  onResend: (item: OutboxItem) => void;
  onDiscard: (item: OutboxItem) => void;
}

export function SyncPanelItem({ item, offline, onResend, onDiscard }: SyncPanelItemProps) {
  const engine = useSyncEngine();
  const [confirming, setConfirming] = useState(false);
  const files = useOutboxFiles(item.upload ? item.id : null);
  const editor = useOfflineResource(item.resource)?.Editor;
  const canFix = item.status === 'rejected' && item.ackedAt === null && editor !== undefined;
  const waiting = isWaitingForConnection(item, offline);
  const unsent = files.filter((f) => f.status !== 'sent').length;
  const question =
    item.ackedAt !== null ? MSG.syncDiscardConfirmAcked(unsent) : unsent > 0 ? MSG.syncDiscardConfirmFiles(unsent) : MSG.syncDiscardConfirm;
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-2" data-testid={`outbox-item-${item.id}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-800">{item.label}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${waiting ? WAITING_COLOR : STATE_COLOR[item.status]}`}>
          {waiting ? MSG.syncStateWaiting : STATE_TEXT[item.status]}
        </span>
      </div>
      <div className="text-xs text-slate-500">
        {MSG.syncSavedAt(formatDateTime(item.createdAt))}
        {item.attempts > 0 && !waiting && <> · {MSG.syncAttempts(item.attempts)}</>}
      </div>
      {item.ackedAt !== null && <div className="text-xs text-emerald-700">{MSG.syncRecordAccepted}</div>}
      {item.status === 'retrying' && !waiting && (
        <div className="text-xs text-orange-700">{MSG.syncNextAttempt(formatDateTime(item.nextAttemptAt))}</div>
      )}
      {item.status !== 'rejected' && !waiting && item.lastError && (
        <div className="text-xs text-slate-600">{MSG.syncLastError(item.lastError)}</div>
      )}
      {item.status === 'rejected' && item.lastError && <div className="text-sm text-red-700">{MSG.syncReason(item.lastError)}</div>}
      <SyncPanelFiles files={files.map(fileInfo)} waiting={waiting} onDiscard={(f) => void engine.discardFile(f.id)} />
      {confirming ? (
        <InlineConfirm
          question={question}
          confirmLabel={MSG.syncDiscard}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDiscard(item);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {canFix && (
            <button type="button" className={PANEL_BUTTON} onClick={() => openOutboxEditor(item)}>
              {MSG.syncOpenFix}
            </button>
          )}
          {(item.status === 'rejected' || (item.status === 'retrying' && !waiting)) && (
            <button type="button" className={PANEL_BUTTON} onClick={() => onResend(item)}>
              {MSG.syncResend}
            </button>
          )}
          <button
            type="button"
            className={`${PANEL_BUTTON} text-red-700`}
            disabled={item.status === 'sending'}
            onClick={() => setConfirming(true)}
          >
            {MSG.syncDiscard}
          </button>
        </div>
      )}
    </li>
  );
}
