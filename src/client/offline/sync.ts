// The outbox sender: one tab at a time (lock), items (then their files) one by one in order, one outcome table
// (docs/architecture.md, offline engine).
import { apiBase } from '@client/lib/api';
import type { SessionPayload } from '@client/lib/session';
import type { OfflineDb, OutboxItem } from './db';
import { discardFile, listFiles } from './outbox-files';
import {
  addItem,
  claimNext,
  discardItem,
  isPlainItem,
  listItems,
  recoverSending,
  resendItem,
  type EnqueueInput,
  type ResendChanges,
} from './outbox-store';
import { requestPersistOnce } from './sync-record';
import { createQueryRefresher } from './sync-queries';
import { runStep, type StepResult } from './sync-step';
import { sendRun } from './sync-run';
import { createEmitter, type EventChannel, type SyncEvent, type SyncListener, type SyncState } from './sync-events';
import { memoryLock, type LockFn } from './sync-lock';

export const LOCK_NAME = 'outbox-sender';
const LOCK_RETRY_MS = 2_000;
/**
 * Most items claimed together and sent back to back (sync-run.ts). Claimed items show as 'sending' and cannot be
 * discarded until they are answered; a crash leaves at most this many to send again under their own keys.
 */
export const CLAIM_RUN = 25;

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
  /** navigator.storage.persist, requested once after the first successful send. */
  persist?: () => unknown;
  isOnline?: () => boolean;
  channel?: EventChannel | null;
}

export interface FlushOptions {
  /** Attempt the head item even while it is backing off (after a save, on 'online', on a manual resend). */
  force?: boolean;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { db, getToken, getSession } = deps;
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const lock = deps.lock ?? memoryLock();
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const baseUrl = deps.baseUrl ?? apiBase;
  const timeoutMs = deps.timeoutMs ?? 20_000;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);

  const events = createEmitter<SyncEvent>();
  const stateEvents = createEmitter<SyncState>();
  const queries = createQueryRefresher();
  let paused: { userId: number; token: string | null } | null = null;
  let sending = false;
  let offline = !isOnline();
  let state: SyncState = 'idle';
  let running: Promise<boolean> | null = null;
  let again = false;
  let againForce = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Infinity;
  let lockRetry: ReturnType<typeof setTimeout> | undefined;
  let persistAsked = false;
  let stopped = false;
  const awaited = new Set<string>();

  function computeState(): SyncState {
    const session = getSession();
    if (paused && (!session || (session.user.id === paused.userId && getToken() === paused.token))) {
      return 'paused-auth';
    }
    if (sending) return 'sending';
    if (offline) return 'offline';
    return 'idle';
  }

  function refreshState(): void {
    const next = computeState();
    if (next === state) return;
    state = next;
    stateEvents.emit(next);
  }

  function publish(event: SyncEvent): void {
    events.emit({ ...event, awaited: awaited.has(event.item.id) });
    if (event.type === 'sent' || event.type === 'uploaded') queries.refresh(event.item.resource);
    try {
      deps.channel?.postMessage(event);
    } catch {
      // a closed channel only loses the cross-tab notice; the outbox in Dexie is the truth
    }
  }

  function scheduleTimer(at: number): void {
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Infinity;
        void flush();
      },
      Math.max(0, at - now()),
    );
  }

  const stepDeps = { db, fetchImpl, baseUrl, timeoutMs, now, random, stopped: () => stopped };

  /** Publishes a recorded step and applies it to the queue; returns whether the queue may go on. */
  async function settle(item: OutboxItem, { event, goOn, noAnswer }: StepResult, token: string): Promise<boolean> {
    offline = noAnswer;
    if (!event) return goOn;
    if (event.type === 'paused') paused = { userId: item.userId, token };
    publish(event);
    if (event.type === 'paused') deps.onUnauthorized();
    if (event.type === 'retrying') scheduleTimer(event.nextAttemptAt);
    if (event.type === 'sent' && !persistAsked) {
      persistAsked = true;
      await requestPersistOnce(db, deps.persist, now());
    }
    return goOn;
  }

  /** Sends the current user's items in order while holding the lock. */
  async function drain(force: boolean): Promise<void> {
    const session = getSession();
    const token = getToken();
    if (!session || !token) return;
    const userId = session.user.id;
    if (paused && paused.userId === userId) {
      if (paused.token === token) return; // still the token that got the 401
      paused = null; // the same user logged in again: resume
    }
    await recoverSending(db, now());
    const sameSession = () => {
      const current = getSession();
      return !!current && current.user.id === userId && getToken() === token;
    };
    const runDeps = { ...stepDeps, sameSession, settle: (item: OutboxItem, step: StepResult) => settle(item, step, token) };
    let forceHead = force;
    while (!stopped) {
      if (!sameSession()) return;
      const pick = await claimNext(db, userId, now(), forceHead, CLAIM_RUN);
      forceHead = false;
      if (pick.kind === 'empty') return;
      if (pick.kind === 'wait') {
        scheduleTimer(pick.until);
        return;
      }
      sending = true;
      refreshState();
      let goOn = false;
      try {
        const [head] = pick.items;
        if (isPlainItem(head)) goOn = await sendRun(pick.items, token, runDeps);
        else {
          // an item with files: its request, then one file per step (claimed again for each)
          const step = await runStep(head, token, stepDeps);
          if (stopped) return; // like a closed page: the item stays 'sending' and is recovered on the next start
          goOn = await settle(head, step, token);
        }
      } finally {
        sending = false;
        refreshState();
      }
      if (!goOn) return;
    }
  }

  async function hasWork(): Promise<boolean> {
    const userId = getSession()?.user.id;
    if (userId === undefined) return false;
    return (await listItems(db, userId)).some((i) => i.status !== 'rejected');
  }

  /** Runs the queue now; resolves true when this engine held the lock (false: another tab is sending). */
  function flush(opts: FlushOptions = {}): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    if (running) {
      again = true;
      againForce ||= !!opts.force;
      return running;
    }
    running = (async () => {
      let force = !!opts.force;
      let acquired = false;
      try {
        do {
          again = false;
          acquired = await lock(LOCK_NAME, () => drain(force));
          force = againForce;
          againForce = false;
        } while (again && !stopped);
      } catch (err) {
        console.error('outbox flush failed', err);
      } finally {
        // synchronous with the last `again` check: a flush() after this point starts a fresh run
        running = null;
        refreshState();
      }
      if (!acquired && !stopped && lockRetry === undefined && (await hasWork())) {
        lockRetry = setTimeout(() => {
          lockRetry = undefined;
          void flush();
        }, LOCK_RETRY_MS);
      }
      return acquired;
    })();
    return running;
  }

  function owner() {
    const user = getSession()?.user;
    if (!user) throw new Error('offline outbox: no session');
    return { userId: user.id, userName: user.fullName ?? null };
  }

  /** Writes the item (and its files) to the outbox in one transaction without sending it. */
  async function add(input: EnqueueInput): Promise<OutboxItem> {
    return addItem(db, input, owner(), now());
  }

  /** Writes the resend of an item without sending it (outbox-store resendItem). */
  function requeue(id: string, changes: ResendChanges = {}): Promise<OutboxItem> {
    return resendItem(db, id, now(), changes);
  }

  function onRemote(e: MessageEvent): void {
    const event = e.data as SyncEvent | undefined;
    if (!event || typeof event !== 'object' || !('item' in event)) return;
    events.emit({ ...event, remote: true, awaited: awaited.has(event.item.id) });
    if (event.type === 'sent' || event.type === 'uploaded') queries.refresh(event.item.resource);
  }
  deps.channel?.addEventListener('message', onRemote);

  const api = {
    db,
    flush,
    add,
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
    on: (listener: SyncListener) => events.on(listener),
    /** Marks an item as awaited by an interactive save until the returned function is called. */
    watch(id: string): () => void {
      awaited.add(id);
      return () => awaited.delete(id);
    },
    getState: () => state,
    subscribeState: (listener: (s: SyncState) => void) => stateEvents.on(listener),
    isOnline,
    setQueryClient: queries.setQueryClient,
    /** The browser went online/offline. */
    setOnline(online: boolean): void {
      offline = !online;
      refreshState();
      if (online) void flush({ force: true });
    },
    /** The stored session changed (login, logout, another tab): recompute the state and try to send. */
    sessionChanged(): void {
      refreshState();
      if (getSession()) void flush();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(lockRetry);
      deps.channel?.removeEventListener('message', onRemote);
    },
  };
  return api;
}
