// The outbox sender: one tab at a time (lock), items (then their files) one by one in order, one outcome table
// (docs/architecture.md, offline engine). This file puts the engine together and is its public face; its parts are
// the state (sync-status), the events (sync-hub), the wake-up timer (sync-timer), one pass over the queue
// (sync-drain) and when passes run (sync-flush).
import { apiBase } from '@client/lib/api';
import type { SessionPayload } from '@client/lib/session';
import type { OfflineDb, OutboxItem } from './db';
import { discardFile, listFiles } from './outbox-files';
import { addItem, discardItem, listItems, resendItem, type EnqueueInput, type ResendChanges } from './outbox-store';
import { BATCH_FROM } from './sync-batch';
import { createDrain } from './sync-drain';
import type { EventChannel, SyncListener, SyncState } from './sync-events';
import { createFlusher, type FlushOptions } from './sync-flush';
import { createSyncHub } from './sync-hub';
import { memoryLock, type LockFn } from './sync-lock';
import { createSyncStatus } from './sync-status';
import { createWakeTimer } from './sync-timer';

export { CLAIM_RUN } from './sync-drain';
export { LOCK_NAME, type FlushOptions } from './sync-flush';

export interface SyncEngineDeps {
  db: OfflineDb;
  getToken: () => string | null;
  getSession: () => SessionPayload | null;
  /** Called on a 401: the app drops the token and asks for login (notifyUnauthorized in the app). */
  onUnauthorized: () => void;
  fetchImpl?: typeof fetch;
  lock?: LockFn;
  now?: () => number;
  random?: () => number;
  /** Prefix of item URLs (default apiBase()). */
  baseUrl?: () => string;
  timeoutMs?: number;
  /** The shortest run of queued items sent as one batch request (default BATCH_FROM; Infinity: never). */
  batchFrom?: number;
  /** navigator.storage.persist, requested once after the first successful send. */
  persist?: () => unknown;
  isOnline?: () => boolean;
  channel?: EventChannel | null;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { db, getToken, getSession } = deps;
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = deps.now ?? Date.now;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  let stopped = false;
  const isStopped = () => stopped;

  const status = createSyncStatus({ getSession, getToken, isOnline });
  const hub = createSyncHub(deps.channel);
  const timer = createWakeTimer(now, () => void flush());
  const step = {
    db,
    fetchImpl,
    baseUrl: deps.baseUrl ?? apiBase,
    timeoutMs: deps.timeoutMs ?? 20_000,
    now,
    random: deps.random ?? Math.random,
    stopped: isStopped,
  };
  const batch = { from: deps.batchFrom ?? BATCH_FROM, supported: true };
  const drain = createDrain({ ...deps, now, step, batch, status, hub, timer });
  const hasWork = async () => {
    const userId = getSession()?.user.id;
    if (userId === undefined) return false;
    return (await listItems(db, userId)).some((i) => i.status !== 'rejected');
  };
  const flusher = createFlusher({ lock: deps.lock ?? memoryLock(), drain, hasWork, settled: status.refresh, stopped: isStopped });
  const flush = (opts?: FlushOptions) => flusher.flush(opts);

  function owner() {
    const user = getSession()?.user;
    if (!user) throw new Error('offline outbox: no session');
    return { userId: user.id, userName: user.fullName ?? null };
  }

  /** Writes the resend of an item without sending it (outbox-store resendItem). */
  const requeue = (id: string, changes: ResendChanges = {}): Promise<OutboxItem> => resendItem(db, id, now(), changes);

  return {
    db,
    flush,
    /** Writes the item (and its files) to the outbox in one transaction without sending it. */
    add: async (input: EnqueueInput): Promise<OutboxItem> => addItem(db, input, owner(), now()),
    /** The current user's items in send order. */
    list: () => listItems(db, getSession()?.user.id ?? null),
    /** Removes an item and its files for good (not while it is being sent). */
    discard: (id: string) => discardItem(db, id),
    /** The files of an item in upload order (with their Blobs). */
    files: (id: string) => listFiles(db, id),
    /** Removes one file the user chose to drop; an accepted item left with nothing to upload is done. */
    async discardFile(fileId: string): Promise<boolean> {
      const removed = await discardFile(db, fileId, now());
      if (removed) void flush();
      return removed;
    },
    requeue,
    /** requeue, then send at once: a rejected item as a new item (new key), corrected with `changes`. */
    async resend(id: string, changes: ResendChanges = {}): Promise<OutboxItem> {
      const item = await requeue(id, changes);
      void flush({ force: true });
      return item;
    },
    on: (listener: SyncListener) => hub.on(listener),
    /** Marks an item as awaited by an interactive save until the returned function is called. */
    watch: hub.watch,
    getState: status.get,
    subscribeState: (listener: (s: SyncState) => void) => status.subscribe(listener),
    isOnline,
    setQueryClient: hub.setQueryClient,
    /** The browser went online/offline. */
    setOnline(online: boolean): void {
      status.setOffline(!online);
      status.refresh();
      if (online) void flush({ force: true });
    },
    /** The stored session changed (login, logout, another tab): recompute the state and try to send. */
    sessionChanged(): void {
      status.refresh();
      if (getSession()) void flush();
    },
    stop(): void {
      stopped = true;
      timer.stop();
      flusher.stop();
      hub.stop();
    },
  };
}
