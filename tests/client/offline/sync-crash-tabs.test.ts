// Crash recovery (same Idempotency-Key, one row on the server) and two tabs sharing one sender lock.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineDb } from '@client/offline/db';
import { dexieLease, memoryLock, webLock } from '@client/offline/sync-lock';
import { fakeAuth, fakeServer, makeEngine, salida, stopEngines, uniqueDbName } from './helpers';

afterEach(stopEngines);

describe('crash while sending', () => {
  it('resends an item left in sending once, with the same key, and the server keeps one row', async () => {
    const dbName = uniqueDbName();
    const server = fakeServer();
    // tab 1: the server receives and processes the request, but the page dies before the answer arrives
    let reachedServer!: () => void;
    const arrived = new Promise<void>((r) => (reachedServer = r));
    const dying = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      await server.fetchImpl(input, init);
      reachedServer();
      return new Promise<Response>(() => undefined);
    });
    const tab1 = makeEngine(dying as unknown as typeof fetch, { dbName, timeoutMs: 60_000 });
    const item = await tab1.engine.add(salida('000001'));
    void tab1.engine.flush();
    await arrived;
    tab1.engine.stop();
    expect((await tab1.db.outbox.get(item.id))?.status).toBe('sending');

    // the page is reopened: a new engine (its own lock: the crashed page's Web Lock died with it)
    const tab2 = makeEngine(server.fetchImpl as unknown as typeof fetch, { dbName });
    await tab2.engine.flush();
    expect(server.keys()).toEqual([item.id, item.id]);
    expect(server.rows).toHaveLength(1);
    expect(await tab2.db.outbox.count()).toBe(0);
  });
});

/** navigator.locks stand-in with the `ifAvailable` semantics of the Web Locks API. */
function fakeLockManager(): LockManager {
  const held = new Set<string>();
  const request = async (name: string, opts: LockOptions, cb: (lock: Lock | null) => unknown) => {
    if (held.has(name)) {
      expect(opts.ifAvailable).toBe(true);
      return cb(null);
    }
    held.add(name);
    try {
      return await cb({ name, mode: 'exclusive' } as Lock);
    } finally {
      held.delete(name);
    }
  };
  return { request, query: async () => ({}) } as unknown as LockManager;
}

describe('two tabs', () => {
  async function twoTabs(locks: 'memory' | 'lease' | 'web') {
    const dbName = uniqueDbName();
    const server = fakeServer();
    const auth = fakeAuth();
    const shared = locks === 'web' ? webLock(fakeLockManager()) : memoryLock();
    const lockFor = (db: ReturnType<typeof createOfflineDb>) => (locks === 'lease' ? dexieLease(db) : shared);
    const dbA = createOfflineDb(dbName);
    const dbB = createOfflineDb(dbName);
    const a = makeEngine(server.fetchImpl as unknown as typeof fetch, { db: dbA, auth, lock: lockFor(dbA) });
    const b = makeEngine(server.fetchImpl as unknown as typeof fetch, { db: dbB, auth, lock: lockFor(dbB) });
    const ids: string[] = [];
    for (const n of ['1', '2', '3']) ids.push((await a.engine.add(salida(`A${n}`))).id);
    for (const n of ['1', '2']) ids.push((await b.engine.add(salida(`B${n}`))).id);
    const ran = await Promise.all([a.engine.flush(), b.engine.flush(), a.engine.flush(), b.engine.flush()]);
    return { server, ids, ran, a, b };
  }

  it.each(['memory', 'lease', 'web'] as const)('only one tab sends and each item goes once (%s lock)', async (kind) => {
    const { server, ids, ran, a } = await twoTabs(kind);
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(ran[0]).not.toBe(ran[1]); // exactly one of the two engines held the lock
    expect(server.keys()).toEqual(ids);
    expect(server.maxInFlight()).toBe(1);
    expect(server.rows).toHaveLength(5);
    expect(await a.db.outbox.count()).toBe(0);
  });
});
