// The app's sync engine, wired to the real browser: Dexie 'maquinarias', fetch, Web Locks, storage.persist.
import type { QueryClient } from '@tanstack/react-query';
import { notifyUnauthorized } from '@client/lib/api';
import { getSession, getToken, subscribeSession } from '@client/lib/session';
import { prefetchCatalogs } from './cache';
import { getDb } from './db';
import { createSyncEngine, type SyncEngine } from './sync';
import { defaultChannel } from './sync-events';
import { offlineResources, type Catalog } from './resource';
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
  /**
   * Catalogues refreshed into Dexie when a user session appears (login, or start while logged in), beyond those of
   * the registered offline resources: the user's screens' (app/screens.ts). False: none at all.
   */
  catalogs?: (() => readonly Catalog[]) | false;
}

/** Whether a user with these codes may read a catalogue (the server refuses the rest: asking would only fail). */
function mayRead(access: Catalog['access'], roles: readonly number[]): boolean {
  if (access === undefined || access === 'public' || access === 'session') return true;
  return access.some((c) => roles.includes(c));
}

/** Runs prefetchCatalogs once per user session that appears (start while logged in, login, user switch). */
function prefetchOnLogin(opts: StartSyncOptions): () => void {
  const extra = opts.catalogs;
  if (extra === false) return () => undefined;
  let lastToken: string | null = null;
  const check = () => {
    const token = getToken();
    if (!getSession() || token === lastToken) return;
    lastToken = token;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const roles = getSession()?.roles ?? [];
    const list = [...offlineResources().flatMap((r) => r.catalogs), ...(extra?.() ?? [])].filter((c) => mayRead(c.access, roles));
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
