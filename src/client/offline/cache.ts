// Read-through cache for TanStack Query: network first, the last good answer kept in Dexie for offline use.
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { getSession } from '@client/lib/session';
import { MSG } from '@shared/messages';
import { getDb, type OfflineDb } from './db';
import type { Catalog } from './resource';
import { createEmitter } from './sync-events';

/** A TanStack query key (or a plain string); arrays are stored as their JSON text. */
export type CacheKey = string | readonly unknown[];

export interface CachedResult<T> {
  data: T;
  /** True when the network failed and `data` is the device's copy. */
  fromCache: boolean;
  /** Epoch ms of the network answer behind `data`. */
  savedAt: number;
}

export interface CacheOptions {
  db?: OfflineDb;
  /** Owner of the copy; default the session user. A copy is only served back to the user who fetched it. */
  userId?: number | null;
  now?: () => number;
}

export interface OfflineInfo {
  fromCache: boolean;
  savedAt: number | null;
  /** MSG.offlineCopy(when) while the screen shows a device copy, else null. */
  message: string | null;
}

export const cacheKey = (key: CacheKey): string => (typeof key === 'string' ? key : JSON.stringify(key));

/** No answer from the server: fetch threw (TypeError) or the api client reported status 0. */
export function isNetworkError(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 0) || err instanceof TypeError;
}

const ONLINE: OfflineInfo = { fromCache: false, savedAt: null, message: null };
const infos = new Map<string, OfflineInfo>();
const infoEvents = createEmitter<void>();

export function setInfo(key: string, fromCache: boolean, savedAt: number): void {
  const message = fromCache ? MSG.offlineCopy(formatDateTime(savedAt)) : null;
  const prev = infos.get(key);
  if (prev && prev.fromCache === fromCache && prev.savedAt === savedAt) return;
  infos.set(key, { fromCache, savedAt, message });
  infoEvents.emit();
}

export function ownerOf(opts: CacheOptions): number | null {
  return opts.userId !== undefined ? opts.userId : (getSession()?.user.id ?? null);
}

/**
 * Network first: a successful answer is written to Dexie and returned; when the network fails (status 0 or a
 * TypeError) the device copy is returned with fromCache=true. HTTP errors (401, 500, ...) and a network failure
 * with no copy propagate, so the list's usual error handling (logout) applies. Deliberate exception to
 * that handling: with a copy available, status 0 shows the copy instead of calling the logout handler.
 */
export async function cachedFetch<T>(key: CacheKey, fetcher: () => Promise<T>, opts: CacheOptions = {}): Promise<CachedResult<T>> {
  const db = opts.db ?? getDb();
  const k = cacheKey(key);
  const userId = ownerOf(opts);
  try {
    const data = await fetcher();
    const savedAt = (opts.now ?? Date.now)();
    try {
      await db.cache.put({ key: k, data, savedAt, userId });
    } catch (err) {
      console.warn('offline cache write failed', err); // quota or private mode: the screen still gets its data
    }
    setInfo(k, false, savedAt);
    return { data, fromCache: false, savedAt };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const row = await db.cache.get(k);
    if (!row || row.userId !== userId) throw err;
    setInfo(k, true, row.savedAt);
    return { data: row.data as T, fromCache: true, savedAt: row.savedAt };
  }
}

/** cachedFetch for a queryFn that returns the data itself; pair it with useOfflineInfo(sameKey) on the screen. */
export async function cachedData<T>(key: CacheKey, fetcher: () => Promise<T>, opts: CacheOptions = {}): Promise<T> {
  return (await cachedFetch(key, fetcher, opts)).data;
}

/** The device copy of a key for the current user (offline form checks, e.g. stock), or undefined. */
export async function readCached<T>(key: CacheKey, opts: CacheOptions = {}): Promise<{ data: T; savedAt: number } | undefined> {
  const row = await (opts.db ?? getDb()).cache.get(cacheKey(key));
  if (!row || row.userId !== ownerOf(opts)) return undefined;
  return { data: row.data as T, savedAt: row.savedAt };
}

/** Runs `online`; on a network failure answers with `offline()` when the device has a copy (typeahead searches). */
export async function withCacheFallback<T>(online: () => Promise<T>, offline: () => Promise<T | undefined>): Promise<T> {
  try {
    return await online();
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const local = await offline();
    if (local === undefined) throw err;
    return local;
  }
}

/** Whether the last answer of that key came from the device, and the "Copia sin conexión del …" text. */
export function useOfflineInfo(key: CacheKey): OfflineInfo {
  const k = cacheKey(key);
  return useSyncExternalStore(
    infoEvents.on,
    () => infos.get(k) ?? ONLINE,
    () => ONLINE,
  );
}

/** Current offline info of a key outside React. */
export const getOfflineInfo = (key: CacheKey): OfflineInfo => infos.get(cacheKey(key)) ?? ONLINE;

export interface PrefetchOptions extends CacheOptions {
  /** When given, the answers are also put into TanStack Query's cache. */
  queryClient?: QueryClient;
}

/**
 * Refreshes the device copies of catalogues (after login: those the registered offline resources and the user's
 * screens declare); one failing catalogue does not stop the others. The same key twice is fetched once.
 */
export async function prefetchCatalogs(list: readonly Catalog[], opts: PrefetchOptions = {}): Promise<{ ok: string[]; failed: string[] }> {
  const unique = [...new Map(list.map((c) => [cacheKey(c.key), c])).values()];
  const results = await Promise.allSettled(unique.map((c) => cachedFetch(c.key, () => c.fetch(), opts)));
  const ok: string[] = [];
  const failed: string[] = [];
  results.forEach((r, i) => {
    const { key } = unique[i];
    if (r.status === 'fulfilled' && !r.value.fromCache) {
      ok.push(cacheKey(key));
      opts.queryClient?.setQueryData(key, r.value.data);
    } else failed.push(cacheKey(key));
  });
  return { ok, failed };
}

export interface DetailPrefetchOptions extends CacheOptions {
  fetcher?: (url: string) => Promise<unknown>;
  /** At most this many details per call (the first entries: lists come newest first). */
  limit?: number;
  /** Requests at a time. */
  concurrency?: number;
  /** A copy younger than this is not fetched again. */
  freshMs?: number;
}

/**
 * Keeps on the device the details behind the rows of a list that just loaded online, as [query key, GET url], so a
 * record never opened here can still be opened (and edited) offline. Background work: a few requests at a time,
 * copies younger than `freshMs` skipped, stopped by the first network failure. Resolves how many were fetched.
 */
export async function prefetchDetails(
  entries: ReadonlyArray<readonly [CacheKey, string]>,
  opts: DetailPrefetchOptions = {},
): Promise<number> {
  const db = opts.db ?? getDb();
  const userId = ownerOf(opts);
  const now = (opts.now ?? Date.now)();
  const fetcher = opts.fetcher ?? ((url: string) => api.get<unknown>(url));
  const wanted = entries.slice(0, opts.limit ?? 100);
  const copies = await db.cache.bulkGet(wanted.map(([key]) => cacheKey(key)));
  const freshMs = opts.freshMs ?? 10 * 60_000;
  const todo = wanted.filter((_, i) => {
    const row = copies[i];
    return !row || row.userId !== userId || now - row.savedAt >= freshMs;
  });
  let next = 0;
  let fetched = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < todo.length) {
      const [key, url] = todo[next++];
      try {
        const result = await cachedFetch(key, () => fetcher(url), opts);
        if (result.fromCache) failed = true;
        else fetched += 1;
      } catch (err) {
        if (isNetworkError(err)) failed = true; // other errors (a record deleted meanwhile) only skip that one
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, worker));
  return fetched;
}
