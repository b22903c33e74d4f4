// The 'Sincronización' panel: the user's pending, retrying and rejected records with their files and actions.
// Without a connection it says calmly that they go when it returns.
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import type { OutboxItem } from '../db';
import { useSyncEngine } from '../engine-context';
import { useOutbox, useSyncState } from '../hooks';
import { isWaitingForConnection, SyncPanelItem } from './sync-panel-item';

function Group({ title, items, children }: { title: string; items: OutboxItem[]; children: (i: OutboxItem) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section className="mb-4">
      <h3 className="mb-1 text-sm font-semibold uppercase text-slate-600">
        {title} ({items.length})
      </h3>
      <ul>{items.map(children)}</ul>
    </section>
  );
}

/** Plain-Tailwind panel; mount it in a route or inside any modal/drawer of the shell. */
export function SyncPanel({ className = '' }: { className?: string }) {
  const engine = useSyncEngine();
  const items = useOutbox();
  const state = useSyncState();
  const offline = state === 'offline';
  const row = (item: OutboxItem) => (
    <SyncPanelItem
      key={item.id}
      item={item}
      offline={offline}
      onResend={(i) => void engine.resend(i.id)}
      onDiscard={(i) => void engine.discard(i.id)}
    />
  );
  const pending = items.filter((i) => i.status === 'pending' || i.status === 'sending');
  const waiting = items.filter((i) => isWaitingForConnection(i, offline));
  const retrying = items.filter((i) => i.status === 'retrying' && !isWaitingForConnection(i, offline));
  const rejected = items.filter((i) => i.status === 'rejected');
  return (
    <div className={`flex flex-col gap-2 ${className}`} aria-label={MSG.syncTitle}>
      <h2 className="text-lg font-semibold text-slate-800">{MSG.syncTitle}</h2>
      {state === 'paused-auth' && (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-800" role="status">
          {MSG.syncPausedAuth}
        </p>
      )}
      {offline && items.length > 0 && (
        <p className="rounded bg-slate-100 p-2 text-sm text-slate-700" role="status">
          {MSG.syncOfflineCalm}
        </p>
      )}
      {items.length === 0 && <p className="text-sm text-slate-500">{MSG.syncEmpty}</p>}
      <Group title={MSG.syncStateRejected} items={rejected}>
        {row}
      </Group>
      <Group title={MSG.syncStateRetrying} items={retrying}>
        {row}
      </Group>
      <Group title={MSG.syncWaitingGroup} items={waiting}>
        {row}
      </Group>
      <Group title={MSG.syncStatePending} items={pending}>
        {row}
      </Group>
    </div>
  );
}
