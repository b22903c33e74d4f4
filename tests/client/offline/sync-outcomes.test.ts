// The outbox outcome table (docs/architecture.md, "5. The offline engine"), one test per row, with real Dexie on fake-indexeddb and a mocked fetch.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import { registerOfflineResource } from '@client/offline/resource';
import type { SyncEvent } from '@client/offline/sync-events';
import { fakeServer, json, makeEngine, salida, stopEngines, testResource } from './helpers';

afterEach(stopEngines);

async function single(respond: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(respond);
  const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
  const events: SyncEvent[] = [];
  t.engine.on((e) => events.push(e));
  const first = await t.engine.add(salida('000001'));
  const second = await t.engine.add(salida('000002'));
  await t.engine.flush();
  return { ...t, server, events, first, second };
}

async function expectRetryingAndStopped(r: Awaited<ReturnType<typeof single>>, status: number) {
  const item = await r.db.outbox.get(r.first.id);
  expect(item?.status).toBe('retrying');
  expect(item?.attempts).toBe(1);
  expect(item?.lastStatus).toBe(status);
  expect(item?.nextAttemptAt).toBeGreaterThan(r.clock.t);
  expect(item?.nextAttemptAt).toBeLessThanOrEqual(r.clock.t + 5 * 60_000);
  // the queue stopped: the second item was not attempted and is still pending
  expect(r.server.seen).toHaveLength(1);
  expect((await r.db.outbox.get(r.second.id))?.status).toBe('pending');
  expect(r.events.map((e) => e.type)).toEqual(['retrying']);
}

describe('outbox outcome table', () => {
  it('keeps the item and backs off on a network error, then stops the queue', async () => {
    const r = await single(() => {
      throw new TypeError('Failed to fetch');
    });
    await expectRetryingAndStopped(r, 0);
    expect((await r.db.outbox.get(r.first.id))?.lastError).toBe(MSG.syncNoConnection);
    expect(r.engine.getState()).toBe('offline');
  });

  it('aborts a request that takes longer than the timeout and retries it later', async () => {
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const t = makeEngine(hanging as unknown as typeof fetch, { timeoutMs: 30 });
    const item = await t.engine.add(salida('000001'));
    await t.engine.flush();
    const after = await t.db.outbox.get(item.id);
    expect(hanging).toHaveBeenCalledTimes(1);
    expect(after?.status).toBe('retrying');
    expect(after?.lastError).toBe(MSG.syncTimeout);
  });

  it('retries a 500 with exponential backoff and jitter', async () => {
    const r = await single(() => json(500, { message: MSG.internalError }));
    await expectRetryingAndStopped(r, 500);
    const firstWait = (await r.db.outbox.get(r.first.id))!.nextAttemptAt - r.clock.t;
    // not due yet: a plain flush does not send it again
    await r.engine.flush();
    expect(r.server.seen).toHaveLength(1);
    r.clock.t += firstWait;
    await r.engine.flush();
    const second = await r.db.outbox.get(r.first.id);
    expect(second?.attempts).toBe(2);
    expect(second!.nextAttemptAt - r.clock.t).toBeGreaterThan(firstWait);
  });

  it('retries a 429 no sooner than Retry-After', async () => {
    const r = await single(() => json(429, { message: 'despacio' }, { 'Retry-After': '120' }));
    await expectRetryingAndStopped(r, 429);
    expect((await r.db.outbox.get(r.first.id))!.nextAttemptAt - r.clock.t).toBe(120_000);
  });

  it('retries a 409 whose body says the same key is still in progress', async () => {
    const r = await single(() => json(409, { message: MSG.idempotencyInProgress }));
    await expectRetryingAndStopped(r, 409);
  });

  it.each([
    [400, { message: MSG.invalidInput, errors: { nro_vale: 'Campo obligatorio' } }],
    [403, { message: 'No tiene permiso para realizar esta acción.' }],
    [404, { message: MSG.notFound }],
    [409, { message: MSG.stockUnavailable('A-001', '2.00') }],
    [422, { message: MSG.orderAlreadyRegistered }],
  ])('marks a %i rejected with the server message and moves on to the next item', async (status, body) => {
    let n = 0;
    const r = await single((req) => (++n === 1 ? json(status, body) : json(201, { id: 9, ...(req.body as object) })));
    const rejected = await r.db.outbox.get(r.first.id);
    expect(rejected?.status).toBe('rejected');
    expect(rejected?.lastError).toBe(body.message);
    expect(rejected?.lastStatus).toBe(status);
    if (status === 400) expect(rejected?.lastErrors).toEqual({ nro_vale: 'Campo obligatorio' });
    expect(await r.db.outbox.get(r.second.id)).toBeUndefined();
    expect(r.server.seen).toHaveLength(2);
    expect(r.events.map((e) => e.type)).toEqual(['rejected', 'sent']);
    // a rejected item is never sent again by itself
    await r.engine.flush({ force: true });
    expect(r.server.seen).toHaveLength(2);
  });

  it('removes the item on 2xx, invalidates the resource queries and emits a sent event', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    t.engine.setQueryClient(queryClient);
    const unregister = registerOfflineResource(testResource('salidas', { refreshes: [['insumos'], ['movimientos']] }));
    onTestFinished(unregister);
    const events: SyncEvent[] = [];
    t.engine.on((e) => events.push(e));
    const item = await t.engine.add(salida('000001'));
    await t.engine.flush();
    expect(await t.db.outbox.count()).toBe(0);
    expect(server.seen[0].key).toBe(item.id);
    expect(server.seen[0].authorization).toBe(`Bearer ${t.auth.token}`);
    expect(server.seen[0].body).toEqual(salida('000001').body);
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['salidas'], ['insumos'], ['movimientos']]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'sent', status: 201, data: { id: 1, nro_vale: '000001' } });
  });

  it('requests persistent storage once, after the first successful save only', async () => {
    let fail = true;
    const server = fakeServer((req) => (fail ? json(400, { message: 'x' }) : json(200, req.body)));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    await t.engine.add(salida('1'));
    await t.engine.flush();
    expect(t.persist).not.toHaveBeenCalled();
    fail = false;
    await t.engine.add(salida('2'));
    await t.engine.add(salida('3'));
    await t.engine.flush();
    expect(t.persist).toHaveBeenCalledTimes(1);
  });

  it('sends items one at a time in the order they were saved', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const ids = [];
    for (const n of ['1', '2', '3', '4', '5']) ids.push((await t.engine.add(salida(n))).id);
    await t.engine.flush();
    expect(server.keys()).toEqual(ids);
    expect(server.maxInFlight()).toBe(1);
    expect(server.rows.map((r) => (r as { nro_vale: string }).nro_vale)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('sends an item saved while the queue is already running, in the same run', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const first = await t.engine.add(salida('1'));
    const running = t.engine.flush();
    const second = await t.engine.add(salida('2'));
    const joined = t.engine.flush({ force: true });
    await Promise.all([running, joined]);
    expect(server.keys()).toEqual([first.id, second.id]);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('a manual resend sends at once', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const sent = new Promise<SyncEvent>((resolve) => t.engine.on(resolve));
    const item = await t.engine.add(salida('000001'));
    await t.engine.resend(item.id);
    expect((await sent).item.id).toBe(item.id);
    expect(await t.db.outbox.count()).toBe(0);
  });
});
