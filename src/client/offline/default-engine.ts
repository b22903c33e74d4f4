// The app's sync engine, wired to the real browser: Dexie 'maquinarias', fetch, Web Locks, storage.persist.
import type { QueryClient } from '@tanstack/react-query';
import { notifyUnauthorized } from '@client/lib/api';
import { getSession, getToken, subscribeSession } from '@client/lib/session';
import { CATALOGS, prefetchCatalogs, type CacheKey } from './cache';
import { getDb } from './db';
import { createSyncEngine, type SyncEngine } from './sync';
import { defaultChannel } from './sync-events';
import { defaultLock } from './sync-lock';
import { wireTriggers } from './sync-triggers';

let engine: SyncEngine | undefined;

export function getDefaultEngine(): SyncEngine {
  if (!engine) {
    const db = getDb();
    engine = createSyncEngine({
      db,
      getToken,
      getSession,
      onUnauthorized: notifyUnauthorized,
      lock: defaultLock(db),
      persist: () => (typeof navigator === 'undefined' ? undefined : navigator.storage?.persist?.()),
      channel: defaultChannel(),
    });
  }
  return engine;
}

let unwire: (() => void) | undefined;

export interface StartSyncOptions {
  queryClient?: QueryClient;
  /** Catalogues refreshed into Dexie when a user session appears (login, or start while logged in); false: none. */
  catalogs?: ReadonlyArray<readonly [CacheKey, string]> | false;
}

/** Runs prefetchCatalogs once per user session that appears (start while logged in, login, user switch). */
function prefetchOnLogin(opts: StartSyncOptions): () => void {
  const list = opts.catalogs === undefined ? CATALOGS : opts.catalogs;
  if (list === false) return () => undefined;
  let lastToken: string | null = null;
  const check = () => {
    const token = getToken();
    if (!getSession() || token === lastToken) return;
    lastToken = token;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    void prefetchCatalogs(list, { queryClient: opts.queryClient });
  };
  check();
  return subscribeSession(check);
}

/**
 * Starts the offline sender once for the page (main.tsx, after creating the QueryClient): recovers items a
 * crash left in 'sending', flushes, and flushes again on 'online', tab visible, login and the backoff timer;
 * refreshes the offline catalogues after each login.
 */
export function startSync(opts: StartSyncOptions = {}): () => void {
  const e = getDefaultEngine();
  if (opts.queryClient) e.setQueryClient(opts.queryClient);
  if (!unwire) {
    const offTriggers = wireTriggers(e, { queryClient: opts.queryClient, subscribeSession });
    const offPrefetch = prefetchOnLogin(opts);
    unwire = () => {
      offTriggers();
      offPrefetch();
    };
  }
  return () => {
    unwire?.();
    unwire = undefined;
  };
}
