// The batch push of a long queue: a run sent as one request (POST /api/sync/batch) whose answers go, item by item,
// through the same outcome table as their own requests; what a refusal, a stop, a lost answer, a 401 and a server
// without the route leave. Real Dexie on fake-indexeddb, a fake server with the real idempotency contract.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { CLAIM_RUN } from '@client/offline/sync';
import { fakeServer, json, makeEngine, salida, stopEngines, type SeenRequest } from './helpers';

afterEach(stopEngines);

const vale = (req: SeenRequest) => (req.body as { nro_vale: string }).nro_vale;
const nro = (k: number) => String(k).padStart(6, '0');
const BATCH = '/api/sync/batch';

async function queue(t: ReturnType<typeof makeEngine>, n: number) {
  const items = [];
  for (let k = 1; k <= n; k++) items.push(await t.engine.add(salida(nro(k))));
  return items;
}

describe('the batch push', () => {
  it('sends a long queue in batches of a full run, in order, each save once under its own key', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    const items = await queue(t, 250);
    await t.engine.flush();
    expect(server.batches.map((b) => b.length)).toEqual([CLAIM_RUN, CLAIM_RUN, 50]);
    expect(server.batches.flat()).toEqual(items.map((i) => i.id));
    expect(server.rows.map((b) => (b as { nro_vale: string }).nro_vale)).toEqual(items.map((_, k) => nro(k + 1)));
    expect(server.fetchImpl).toHaveBeenCalledTimes(3);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('a queue shorter than batchFrom goes one request per item', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { batchFrom: 5 });
    await queue(t, 4);
    await t.engine.flush();
    expect(server.batches).toEqual([]);
    expect(server.fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('a refusal in the middle is recorded with its reason and the batch goes on', async () => {
    const server = fakeServer((req) =>
      vale(req) === nro(3) ? json(409, { message: 'Stock insuficiente' }) : json(201, { id: 1, ...(req.body as object) }),
    );
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    const items = await queue(t, 6);
    const events: string[] = [];
    t.engine.on((e) => void events.push(e.type));
    await t.engine.flush();
    expect(server.batches).toHaveLength(1);
    expect(server.seen.map(vale)).toEqual([1, 2, 3, 4, 5, 6].map(nro));
    const left = await t.db.outbox.toArray();
    expect(left.map((i) => [i.id, i.status, i.lastError, i.lastStatus])).toEqual([[items[2].id, 'rejected', 'Stock insuficiente', 409]]);
    expect(events).toEqual(['sent', 'sent', 'rejected', 'sent', 'sent', 'sent']);
  });

  it('the server stops at a 5xx: that item backs off, the ones it did not try go back to pending', async () => {
    const server = fakeServer((req) => (vale(req) === nro(4) ? json(503, { message: 'caído' }) : json(201, { id: 1 })));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    const items = await queue(t, 10);
    await t.engine.flush();
    expect(server.seen.map(vale)).toEqual([1, 2, 3, 4].map(nro));
    const left = await t.db.outbox.orderBy('seq').toArray();
    expect(left.map((i) => i.status)).toEqual(['retrying', ...Array(6).fill('pending')]);
    expect(left[0].id).toBe(items[3].id);
    expect(left[0].attempts).toBe(1);
  });

  it('a save still in progress on the server stays queued to retry (409 in progress)', async () => {
    const server = fakeServer((req) =>
      vale(req) === nro(2) ? json(409, { message: MSG.idempotencyInProgress, code: 'idempotency_in_progress' }) : json(201, { id: 1 }),
    );
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    await queue(t, 5);
    await t.engine.flush();
    const left = await t.db.outbox.orderBy('seq').toArray();
    expect(left.map((i) => [(i.body as { nro_vale: string }).nro_vale, i.status])).toEqual([
      [nro(2), 'retrying'],
      [nro(3), 'pending'],
      [nro(4), 'pending'],
      [nro(5), 'pending'],
    ]);
  });

  it("the batch's answer is lost after the server applied it: sent again, every save is answered from the store, none twice", async () => {
    const server = fakeServer();
    let cut = true;
    const lossy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await server.fetchImpl(input, init);
      if (cut) {
        cut = false;
        throw new TypeError('Failed to fetch'); // the server committed; the answer never arrives
      }
      return res;
    });
    const t = makeEngine(lossy as unknown as typeof fetch, { batchFrom: 2 });
    const items = await queue(t, 30);
    await t.engine.flush();
    const left = await t.db.outbox.orderBy('seq').toArray();
    expect(left.map((i) => i.status)).toEqual(['retrying', ...Array(29).fill('pending')]);
    expect(server.rows).toHaveLength(30);
    await t.engine.flush({ force: true });
    expect(await t.db.outbox.count()).toBe(0);
    expect(server.batches.map((b) => b.length)).toEqual([30, 30]);
    expect(server.batches[1]).toEqual(items.map((i) => i.id));
    expect(server.rows).toHaveLength(30); // the second batch was all replays
  });

  it('a 401 to the batch pauses the queue with every item pending, as a 401 to the first item does', async () => {
    const server = fakeServer();
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith(BATCH) ? json(401, { message: MSG.sessionRequired }) : server.fetchImpl(input, init),
    );
    const t = makeEngine(fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    await queue(t, 8);
    await t.engine.flush();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.seen).toHaveLength(0);
    expect((await t.db.outbox.toArray()).map((i) => i.status)).toEqual(Array(8).fill('pending'));
  });

  it('a server without the route (404) gets one request per item, and is not asked for batches again', async () => {
    const server = fakeServer();
    let batchCalls = 0;
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith(BATCH)) return server.fetchImpl(input, init);
      batchCalls++;
      return json(404, { message: MSG.notFound });
    });
    const t = makeEngine(fetchImpl as unknown as typeof fetch, { batchFrom: 2 });
    const first = await queue(t, 5);
    await t.engine.flush();
    expect(batchCalls).toBe(1);
    expect(server.keys()).toEqual(first.map((i) => i.id));
    await queue(t, 5);
    await t.engine.flush();
    expect(batchCalls).toBe(1);
    expect(server.rows).toHaveLength(10);
    expect(await t.db.outbox.count()).toBe(0);
  });
});
