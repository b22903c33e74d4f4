// The 'Sincronización' panel: the user's pending, retrying and rejected records with their actions.
import type { ReactNode } from 'react';
import { MSG } from '@shared/messages';
import type { OutboxItem } from '../db';
import { useSyncEngine } from '../engine-context';
import { useOutbox, useSyncState } from '../hooks';
import { SyncPanelItem } from './sync-panel-item';

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
  const row = (item: OutboxItem) => (
    <SyncPanelItem key={item.id} item={item} onResend={(i) => void engine.resend(i.id)} onDiscard={(i) => void engine.discard(i.id)} />
  );
  const pending = items.filter((i) => i.status === 'pending' || i.status === 'sending');
  const retrying = items.filter((i) => i.status === 'retrying');
  const rejected = items.filter((i) => i.status === 'rejected');
  return (
    <div className={`flex flex-col gap-2 ${className}`} aria-label={MSG.syncTitle}>
      <h2 className="text-lg font-semibold text-slate-800">{MSG.syncTitle}</h2>
      {state === 'paused-auth' && (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-800" role="status">
          {MSG.syncPausedAuth}
        </p>
      )}
      {state === 'offline' && (
        <p className="rounded bg-slate-100 p-2 text-sm text-slate-700" role="status">
          {MSG.syncStateOffline}
        </p>
      )}
      {items.length === 0 && <p className="text-sm text-slate-500">{MSG.syncEmpty}</p>}
      <Group title={MSG.syncStateRejected} items={rejected}>
        {row}
      </Group>
      <Group title={MSG.syncStateRetrying} items={retrying}>
        {row}
      </Group>
      <Group title={MSG.syncStatePending} items={pending}>
        {row}
      </Group>
    </div>
  );
}
