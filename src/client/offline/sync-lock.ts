// "One sender across tabs": the Web Locks implementation, a Dexie lease fallback and an in-memory lock.
import type { OfflineDb } from './db';

/** Runs `fn` only if the named lock is free right now; resolves true when it ran. */
export type LockFn = (name: string, fn: () => Promise<void>) => Promise<boolean>;

/** navigator.locks with `ifAvailable`: a tab that does not get the lock simply does not send. */
export function webLock(locks: LockManager): LockFn {
  return async (name, fn) =>
    await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await fn();
      return true;
    });
}

/** A lock shared by engines of one JS realm (tests, or one tab with several engines). */
export function memoryLock(): LockFn {
  const held = new Set<string>();
  return async (name, fn) => {
    if (held.has(name)) return false;
    held.add(name);
    try {
      await fn();
      return true;
    } finally {
      held.delete(name);
    }
  };
}

export interface LeaseOptions {
  ttlMs?: number;
  now?: () => number;
  owner?: string;
}

/**
 * Fallback where navigator.locks is missing: a lease row in the `meta` table, taken in a rw transaction
 * (IndexedDB serializes them across tabs), renewed while held, released at the end. A tab that crashed
 * leaves a lease that expires after `ttlMs`, which must exceed the send timeout.
 */
export function dexieLease(db: OfflineDb, opts: LeaseOptions = {}): LockFn {
  const ttl = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const owner = opts.owner ?? crypto.randomUUID();
  const keyOf = (name: string) => `lease:${name}`;

  const take = (name: string) =>
    db.transaction('rw', db.meta, async () => {
      const row = await db.meta.get(keyOf(name));
      const lease = row?.value as { owner: string; expiresAt: number } | undefined;
      if (lease && lease.owner !== owner && lease.expiresAt > now()) return false;
      await db.meta.put({ key: keyOf(name), value: { owner, expiresAt: now() + ttl } });
      return true;
    });

  const release = (name: string) =>
    db.transaction('rw', db.meta, async () => {
      const row = await db.meta.get(keyOf(name));
      if ((row?.value as { owner?: string } | undefined)?.owner === owner) await db.meta.delete(keyOf(name));
    });

  return async (name, fn) => {
    if (!(await take(name))) return false;
    const renew = setInterval(() => void take(name).catch(() => undefined), Math.max(1_000, ttl / 3));
    try {
      await fn();
      return true;
    } finally {
      clearInterval(renew);
      await release(name);
    }
  };
}

/** Web Locks when the browser has them, else the Dexie lease. */
export function defaultLock(db: OfflineDb): LockFn {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? webLock(locks) : dexieLease(db);
}
