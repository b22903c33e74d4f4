// A long queue: runs of plain items claimed in one transaction, sent back to back in order, their answers written in
// group commits; what a stop, a session change, a refusal or a crash in the middle of a run leaves.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { claimNext } from '@client/offline/outbox-store';
import { CLAIM_RUN } from '@client/offline/sync';
import { fakeServer, json, makeEngine, outboxRow, salida, stopEngines, uniqueDbName, type SeenRequest } from './helpers';

afterEach(stopEngines);

const vale = (req: SeenRequest) => (req.body as { nro_vale: string }).nro_vale;
const nro = (k: number) => String(k).padStart(6, '0');

async function queue(t: ReturnType<typeof makeEngine>, n: number) {
  const items = [];
  for (let k = 1; k <= n; k++) items.push(await t.engine.add(salida(nro(k))));
  return items;
}

describe('a long queue', () => {
  it('sends 60 items once each in order, one request at a time, a run claimed together', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const items = await queue(t, 60);
    const sendingSeen: number[] = [];
    const first = server.fetchImpl.getMockImplementation();
    server.fetchImpl.mockImplementationOnce(async (input, init) => {
      // the first request leaves with the rest of its run claimed: they show as 'sending'
      sendingSeen.push(await t.db.outbox.where('status').equals('sending').count());
      return first!(input, init);
    });
    await t.engine.flush();

    expect(server.rows.map((b) => (b as { nro_vale: string }).nro_vale)).toEqual(items.map((_, k) => nro(k + 1)));
    expect(server.keys()).toEqual(items.map((i) => i.id));
    expect(server.maxInFlight()).toBe(1);
    expect(sendingSeen).toEqual([Math.min(items.length, CLAIM_RUN)]);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('writes the answers that arrive during a write together in the next transaction', async () => {
    // a server that answers at once: answers come faster than IndexedDB writes them
    const keys: string[] = [];
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return json(201, { id: keys.length });
    });
    const t = makeEngine(fetchImpl as unknown as typeof fetch);
    const items = await queue(t, 60);
    const transaction = t.db.transaction.bind(t.db) as (...args: unknown[]) => unknown;
    let outer = 0;
    vi.spyOn(t.db, 'transaction').mockImplementation(((...args: unknown[]) => {
      if (!Dexie.currentTransaction) outer++; // a nested call joins its parent's transaction
      return transaction(...args);
    }) as never);
    await t.engine.flush();
    expect(keys).toEqual(items.map((i) => i.id));
    expect(await t.db.outbox.count()).toBe(0);
    // one claim per run plus a few group writes per run (it was a claim and a write per item: 120)
    expect(outer).toBeLessThan(20);
  });

  it('goes on after a refusal in the middle of a run; the refused item keeps its reason', async () => {
    const server = fakeServer((req) =>
      vale(req) === nro(3) ? json(409, { message: 'Stock insuficiente' }) : json(201, { id: 1, ...(req.body as object) }),
    );
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const items = await queue(t, 6);
    await t.engine.flush();
    expect(server.seen.map(vale)).toEqual([1, 2, 3, 4, 5, 6].map(nro));
    const left = await t.db.outbox.toArray();
    expect(left.map((i) => [i.id, i.status, i.lastError])).toEqual([[items[2].id, 'rejected', 'Stock insuficiente']]);
  });

  it('stops a run on a 5xx: that item backs off, the items after it go back to pending unsent', async () => {
    const server = fakeServer((req) => (vale(req) === nro(4) ? json(503, { message: 'caído' }) : json(201, { id: 1 })));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const items = await queue(t, 10);
    await t.engine.flush();
    expect(server.seen.map(vale)).toEqual([1, 2, 3, 4].map(nro));
    const left = await t.db.outbox.orderBy('seq').toArray();
    expect(left.map((i) => i.status)).toEqual(['retrying', ...Array(6).fill('pending')]);
    expect(left[0].id).toBe(items[3].id);
  });

  it('a 401 in the middle of a run pauses the queue; the rest waits as pending, nothing goes with another token', async () => {
    const server = fakeServer((req) => (vale(req) === nro(3) ? json(401, { message: MSG.sessionRequired }) : json(201, { id: 1 })));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    await queue(t, 8);
    await t.engine.flush();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.seen.map(vale)).toEqual([1, 2, 3].map(nro));
    expect((await t.db.outbox.toArray()).map((i) => i.status)).toEqual(Array(6).fill('pending'));
    // another user logs in on the device: the first user's items are not theirs to send
    t.auth.login(2);
    await t.engine.flush();
    expect(server.seen).toHaveLength(3);
  });

  it('a session change in the middle of a run sends nothing more with the old token and releases the rest', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    await queue(t, 8);
    const first = server.fetchImpl.getMockImplementation();
    server.fetchImpl.mockImplementation(async (input, init) => {
      const res = await first!(input, init);
      if (server.seen.length === 2) t.auth.token = null; // logged out in another tab while the 2nd was in flight
      return res;
    });
    await t.engine.flush();
    expect(server.seen).toHaveLength(2);
    const left = await t.db.outbox.toArray();
    expect(left.map((i) => i.status)).toEqual(Array(6).fill('pending'));
  });

  it('a crash in the middle of a run: the next start sends what is left, each exactly once on the server', async () => {
    const dbName = uniqueDbName();
    const server = fakeServer();
    let crash!: () => void;
    const crashed = new Promise<void>((r) => (crash = r));
    const dying = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await server.fetchImpl(input, init);
      if (server.seen.length < 5) return res;
      crash(); // the 5th reached the server; its answer never arrives
      return new Promise<Response>(() => undefined);
    });
    const tab1 = makeEngine(dying as unknown as typeof fetch, { dbName, timeoutMs: 60_000 });
    const items = await queue(tab1, 30);
    void tab1.engine.flush();
    await crashed;
    tab1.engine.stop();

    const tab2 = makeEngine(server.fetchImpl as unknown as typeof fetch, { dbName });
    await tab2.engine.flush();
    expect(server.rows).toHaveLength(30);
    expect(new Set(server.rows.map((b) => (b as { nro_vale: string }).nro_vale)).size).toBe(30);
    // only the unanswered ones were sent again, under their own keys (the server replayed them)
    const again = server.keys().slice(30);
    expect(again.every((k) => items.some((i) => i.id === k))).toBe(true);
    expect(await tab2.db.outbox.count()).toBe(0);
  });
});

describe('claimNext', () => {
  it('claims a run of due plain items and stops before an item with files, one backing off, or another user', async () => {
    const db = makeEngine(fakeServer().fetchImpl as unknown as typeof fetch).db;
    const upload = { idField: 'id', url: '/api/fallas/{id}/fotos', field: 'foto' };
    await db.outbox.bulkAdd([
      outboxRow({ id: 'a', seq: 1 }),
      outboxRow({ id: 'b', seq: 2, status: 'rejected' }),
      outboxRow({ id: 'c', seq: 3, userId: 2 }),
      outboxRow({ id: 'd', seq: 4, status: 'retrying', nextAttemptAt: 50 }),
      outboxRow({ id: 'e', seq: 5, upload }),
      outboxRow({ id: 'f', seq: 6 }),
    ]);
    const run = await claimNext(db, 1, 100, false, 10);
    expect(run.kind === 'send' && run.items.map((i) => i.id)).toEqual(['a', 'd']);
    expect((await db.outbox.bulkGet(['a', 'd', 'e', 'f'])).map((i) => i?.status)).toEqual(['sending', 'sending', 'pending', 'pending']);

    await db.outbox.bulkDelete(['a', 'd']);
    const single = await claimNext(db, 1, 100, false, 10);
    expect(single.kind === 'send' && single.items.map((i) => i.id)).toEqual(['e']); // an item with files goes alone

    await db.outbox.clear();
    await db.outbox.bulkAdd([outboxRow({ id: 'g', seq: 1 }), outboxRow({ id: 'h', seq: 2, status: 'retrying', nextAttemptAt: 500 })]);
    const beforeBackoff = await claimNext(db, 1, 100, false, 10);
    expect(beforeBackoff.kind === 'send' && beforeBackoff.items.map((i) => i.id)).toEqual(['g']);
  });
});
