// The sender's events: told to this tab's listeners (marked `awaited` when a form waits for that item), relayed to
// the other tabs through the channel, and the resource's queries refreshed when an item or a file is accepted.
// Events relayed from another tab are told here as `remote`.
import { createEmitter, type EventChannel, type SyncEvent, type SyncListener } from './sync-events';
import { createQueryRefresher } from './sync-queries';

export function createSyncHub(channel: EventChannel | null | undefined) {
  const events = createEmitter<SyncEvent>();
  const queries = createQueryRefresher();
  const awaited = new Set<string>();

  function tell(event: SyncEvent, remote: boolean): void {
    events.emit({ ...event, ...(remote ? { remote: true } : {}), awaited: awaited.has(event.item.id) });
    if (event.type === 'sent' || event.type === 'uploaded') queries.refresh(event.item.resource);
  }

  function onRemote(e: MessageEvent): void {
    const event = e.data as SyncEvent | undefined;
    if (!event || typeof event !== 'object' || !('item' in event)) return;
    tell(event, true);
  }
  channel?.addEventListener('message', onRemote);

  return {
    /** An event of this tab's sender: told here and relayed to the other tabs. */
    publish(event: SyncEvent): void {
      tell(event, false);
      try {
        channel?.postMessage(event);
      } catch {
        // a closed channel only loses the cross-tab notice; the outbox in Dexie is the truth
      }
    },
    on: (listener: SyncListener) => events.on(listener),
    /** Marks an item as awaited by an interactive save until the returned function is called. */
    watch(id: string): () => void {
      awaited.add(id);
      return () => awaited.delete(id);
    },
    setQueryClient: queries.setQueryClient,
    stop(): void {
      channel?.removeEventListener('message', onRemote);
    },
  };
}

export type SyncHub = ReturnType<typeof createSyncHub>;
