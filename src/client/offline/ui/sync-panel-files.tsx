// The files of one outbox item in the Sincronización panel: name, size, upload state, the server's reason when
// refused, and 'Descartar' (asked first) for a file not yet on the server.
import { useState } from 'react';
import { formatFileSize } from '@client/lib/format';
import { MSG } from '@shared/messages';
import type { OutboxFileStatus } from '../db';
import type { OutboxFileInfo } from '../outbox-files';
import { InlineConfirm, PANEL_BUTTON } from './inline-confirm';

const STATE_COLOR: Record<OutboxFileStatus, string> = {
  pending: 'bg-slate-100 text-slate-700',
  sending: 'bg-sky-100 text-sky-800',
  retrying: 'bg-orange-100 text-orange-800',
  rejected: 'bg-red-100 text-red-800',
  sent: 'bg-emerald-100 text-emerald-800',
};

export interface SyncPanelFilesProps {
  files: readonly OutboxFileInfo[];
  /** The device has no connection: a file backing off is just waiting for it. */
  waiting: boolean;
  onDiscard: (file: OutboxFileInfo) => void;
}

export function SyncPanelFiles({ files, waiting, onDiscard }: SyncPanelFilesProps) {
  const [asking, setAsking] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <div className="mt-1 rounded border border-slate-200 p-2">
      <div className="text-xs font-semibold text-slate-600">{MSG.syncFiles}</div>
      <ul aria-label={MSG.syncFiles}>
        {files.map((f) => {
          const calm = waiting && f.status === 'retrying';
          return (
            <li key={f.id} className="flex flex-col gap-1 py-1 text-sm" data-testid={`outbox-file-${f.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 break-all text-slate-800">{f.name}</span>
                <span className="text-xs text-slate-500 tabular-nums">{formatFileSize(f.size)}</span>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${calm ? STATE_COLOR.pending : STATE_COLOR[f.status]}`}>
                  {calm ? MSG.syncStateWaiting : MSG.syncFileState[f.status]}
                </span>
                {f.status !== 'sent' && f.status !== 'sending' && asking !== f.id && (
                  <button type="button" className={`${PANEL_BUTTON} text-red-700`} onClick={() => setAsking(f.id)}>
                    {MSG.syncDiscard}
                  </button>
                )}
              </div>
              {f.status === 'rejected' && f.lastError && <div className="text-xs text-red-700">{MSG.syncReason(f.lastError)}</div>}
              {asking === f.id && (
                <InlineConfirm
                  question={MSG.syncDiscardFileConfirm(f.name)}
                  confirmLabel={MSG.syncDiscard}
                  onCancel={() => setAsking(null)}
                  onConfirm={() => {
                    setAsking(null);
                    onDiscard(f);
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
