// React hooks of the offline engine: live outbox, counts, sync state, merged list rows, interactive save.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';
import { useSession } from '@client/lib/session';
import type { OutboxFile, OutboxItem } from './db';
import { useSyncEngine } from './engine-context';
import { mergePending, type MergeOptions, type WithPending } from './merge-pending';
import { listFiles } from './outbox-files';
import { listItems, type EnqueueInput } from './outbox-store';
import { watchOutbox } from './outbox-watch';
import type { SyncEngine } from './sync';
import type { SyncListener, SyncState } from './sync-events';
import type { OfflineResource } from './resource';
import type { AttachmentInput } from './outbox-files';
import { submit, type SubmitResult } from './sync-submit';

export type { WithPending, MergeOptions } from './merge-pending';

const EMPTY: OutboxItem[] = [];

interface Store<T> {
  subscribe: (onChange: () => void) => () => void;
  get: () => T;
}

const stores = new WeakMap<SyncEngine, Map<number, Store<OutboxItem[]>>>();

/**
 * One shared watcher per engine and user: re-read after outbox changes (any tab), at most every 250 ms. An item a
 * form saved and the server accepted leaves the views at once, on the engine's 'sent' event, not at the next read:
 * the list the form refreshes would otherwise show the saved row and its pending copy together until then.
 */
function outboxStore(engine: SyncEngine, userId: number): Store<OutboxItem[]> {
  let byUser = stores.get(engine);
  if (!byUser) stores.set(engine, (byUser = new Map()));
  const existing = byUser.get(userId);
  if (existing) return existing;
  let value = EMPTY;
  const listeners = new Set<() => void>();
  /** Items deleted on acceptance that a read begun before the deletion may still return. */
  const gone = new Set<string>();
  let stop: (() => void) | undefined;
  const publish = (rows: OutboxItem[]) => {
    value = gone.size === 0 ? rows : rows.filter((i) => !gone.has(i.id));
    for (const l of [...listeners]) l();
  };
  const store: Store<OutboxItem[]> = {
    get: () => value,
    subscribe(onChange) {
      listeners.add(onChange);
      if (!stop) {
        const unwatch = watchOutbox(
          engine.db,
          () => listItems(engine.db, userId),
          (rows) => {
            for (const id of gone) if (!rows.some((i) => i.id === id)) gone.delete(id);
            publish(rows);
          },
        );
        const unlisten = engine.on((event) => {
          // Only a save a form of this tab awaits (its list is refreshed at once); accepted without files to send,
          // the row was deleted (with files it stays, marked accepted). The sends of a long replay stay on the
          // throttled reads: one redraw per item would cost what the throttle saves.
          if (event.type !== 'sent' || !event.awaited || event.item.ackedAt !== null) return;
          if (!value.some((i) => i.id === event.item.id)) return;
          gone.add(event.item.id);
          publish(value);
        });
        stop = () => {
          unwatch();
          unlisten();
          gone.clear();
        };
      }
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
  byUser.set(userId, store);
  return store;
}

const NO_STORE: Store<OutboxItem[]> = { subscribe: () => () => undefined, get: () => EMPTY };

/** The logged-in user's outbox items in send order, live. */
export function useOutbox(): OutboxItem[] {
  const engine = useSyncEngine();
  const userId = useSession()?.user.id;
  const store = useMemo(() => (userId === undefined ? NO_STORE : outboxStore(engine, userId)), [engine, userId]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The files of an outbox item in upload order, live (with their Blobs, e.g. for a correcting form's previews). */
export function useOutboxFiles(itemId: string | null | undefined): OutboxFile[] {
  const engine = useSyncEngine();
  const [files, setFiles] = useState<OutboxFile[]>([]);
  useEffect(() => {
    setFiles([]);
    if (!itemId) return;
    const sub = liveQuery(() => listFiles(engine.db, itemId)).subscribe({
      next: setFiles,
      error: (err: unknown) => console.error('outbox files live query failed', err),
    });
    return () => sub.unsubscribe();
  }, [engine, itemId]);
  return files;
}

/** Items of the user not yet accepted by the server (pending, sending, retrying and rejected). */
export function usePendingCount(): number {
  return useOutbox().length;
}

/** idle | sending | paused-auth | offline, live. */
export function useSyncState(): SyncState {
  const engine = useSyncEngine();
  return useSyncExternalStore(engine.subscribeState, engine.getState, engine.getState);
}

/** mergePending over the live outbox: cached rows plus this resource's pending rows with the badge marker. */
export function useMergedRows<R extends object>(
  rows: readonly R[] | undefined,
  resource: string,
  toRow: (item: OutboxItem) => R | null | undefined,
  opts: MergeOptions<R> = {},
): WithPending<R>[] {
  const items = useOutbox();
  const { keyOf } = opts;
  return useMemo(() => mergePending(rows ?? [], resource, toRow, items, { keyOf }), [rows, resource, toRow, items, keyOf]);
}

/**
 * A save through the outbox. Online: resolves `{ queued: false, data }` with the server's answer or rejects
 * with ApiError (4xx) so the form shows the usual result. Offline, network failure, 5xx or blocked behind an
 * earlier item: resolves `{ queued: true }` and the caller toasts MSG.savedOffline.
 */
export function useOfflineSave(): <T = unknown>(input: EnqueueInput) => Promise<SubmitResult<T>> {
  const engine = useSyncEngine();
  return useCallback(<T = unknown>(input: EnqueueInput) => submit<T>(engine, input), [engine]);
}

/**
 * Subscribes to the engine's events (sent / rejected / retrying / paused, also relayed from other tabs), e.g.
 * for the shell's toasts. Pass a stable (useCallback) listener; skip events with `awaited: true`.
 */
export function useSyncEvent(listener: SyncListener): void {
  const engine = useSyncEngine();
  useEffect(() => engine.on(listener), [engine, listener]);
}

/**
 * The save of an offline resource (its declaration, resource.ts): a create or an edit through the outbox, its files
 * after it. Online it resolves `{ queued: false, data }` with the server's answer or rejects with OutboxRejection
 * (the form shows the reason); offline, on a network failure, a 5xx or behind an earlier item `{ queued: true }`.
 */
export function useResourceSave<Body, Meta, Answer>(
  resource: Pick<OfflineResource<Body, Meta, unknown, unknown, Answer>, 'input' | 'answer'>,
): (body: Body, meta: Meta, files?: readonly AttachmentInput[]) => Promise<SubmitResult<Answer>> {
  const engine = useSyncEngine();
  return useCallback((body, meta, files) => submit<Answer>(engine, resource.input(body, meta, files)), [engine, resource]);
}
