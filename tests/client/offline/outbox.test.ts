// Outbox rows: written in one transaction, resend (new key only for rejected), discard, the user's list, mergePending.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxItem } from '@client/offline/db';
import { mergePending } from '@client/offline/merge-pending';
import { fakeServer, json, makeEngine, outboxRow, salida, stopEngines } from './helpers';

afterEach(stopEngines);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('outbox rows', () => {
  it('writes one pending row with a UUID id, the session user and an increasing seq', async () => {
    const t = makeEngine(fakeServer().fetchImpl as unknown as typeof fetch);
    const a = await t.engine.add({ ...salida('1'), meta: { rowId: 7 } });
    const b = await t.engine.add(salida('2'));
    expect(a.id).toMatch(UUID);
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(await t.db.outbox.get(a.id)).toMatchObject({
      userId: 1,
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      label: 'Salida vale 1',
      status: 'pending',
      attempts: 0,
      meta: { rowId: 7 },
    });
  });

  it('refuses to enqueue without a session', async () => {
    const t = makeEngine(fakeServer().fetchImpl as unknown as typeof fetch);
    t.auth.token = null;
    await expect(t.engine.add(salida('1'))).rejects.toThrow(/no session/);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('resends a rejected item under a new key at the back of the queue, with the corrected body', async () => {
    let reject = true;
    const server = fakeServer((req) => (reject ? json(422, { message: 'no' }) : json(201, req.body)));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const bad = await t.engine.add(salida('1'));
    await t.engine.flush();
    expect((await t.db.outbox.get(bad.id))?.status).toBe('rejected');
    reject = false;
    const later = await t.engine.add(salida('2'));
    // hold the queue while we resend, to check the order
    const fixedBody = { ...salida('1').body, nro_vale: '1-corregido' };
    const fresh = await t.engine.resend(bad.id, { body: fixedBody });
    await t.engine.flush();
    expect(fresh.id).not.toBe(bad.id);
    expect(fresh.seq).toBeGreaterThan(later.seq);
    expect(await t.db.outbox.get(bad.id)).toBeUndefined();
    const keys = server.keys();
    expect(keys[0]).toBe(bad.id);
    expect(keys.slice(1)).toEqual([later.id, fresh.id]);
    expect(server.seen[2].body).toEqual(fixedBody);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('retries a retrying item with the SAME key and refuses to correct it', async () => {
    let fail = true;
    const server = fakeServer((req) => (fail ? json(503, {}) : json(201, req.body)));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const item = await t.engine.add(salida('1'));
    await t.engine.flush();
    await expect(t.engine.resend(item.id, { body: { other: true } })).rejects.toThrow(/rejected/);
    fail = false;
    const again = await t.engine.resend(item.id);
    expect(again.id).toBe(item.id);
    await t.engine.flush({ force: true });
    expect(server.keys()).toEqual([item.id, item.id]);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('discards an item so it is never sent', async () => {
    const server = fakeServer(() => json(409, { message: 'stock' }));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const item = await t.engine.add(salida('1'));
    await t.engine.flush();
    expect(await t.engine.discard(item.id)).toBe(true);
    expect(await t.db.outbox.get(item.id)).toBeUndefined();
    await t.engine.flush({ force: true });
    expect(server.seen).toHaveLength(1);
  });

  it('lists only the current user items, in send order, rejected ones included', async () => {
    const t = makeEngine(fakeServer(() => json(422, { message: 'no' })).fetchImpl as unknown as typeof fetch);
    const rejected = await t.engine.add(salida('1'));
    await t.engine.flush();
    const pending = await t.engine.add(salida('2'));
    t.auth.login(2);
    await t.engine.add(salida('other-user'));
    t.auth.login(1);
    expect((await t.engine.list()).map((i) => [i.id, i.status])).toEqual([
      [rejected.id, 'rejected'],
      [pending.id, 'pending'],
    ]);
    expect(await t.db.outbox.count()).toBe(3);
  });
});

describe('mergePending', () => {
  const item = (over: Partial<OutboxItem>): OutboxItem => outboxRow({ id: 'x', url: '', ...over });

  type Row = { id: number | null; nro_vale: string };
  const toRow = (i: OutboxItem): Row | null =>
    i.method === 'DELETE' ? null : { id: (i.meta.rowId as number) ?? null, nro_vale: (i.body as Row).nro_vale };

  it('adds pending rows on top with a pendiente/rechazado marker, replaces edited rows, skips accepted ones', () => {
    const cached: Row[] = [
      { id: 1, nro_vale: '001' },
      { id: 2, nro_vale: '002' },
    ];
    const items = [
      item({ id: 'a', seq: 1, body: { nro_vale: '003' } }),
      item({ id: 'b', seq: 2, body: { nro_vale: '004' }, status: 'rejected' }),
      item({
        id: 'c',
        seq: 3,
        method: 'PUT',
        body: { nro_vale: '002-editado' },
        meta: { rowId: 2 },
        status: 'retrying',
      }),
      item({ id: 'd', seq: 4, method: 'DELETE', meta: { rowId: 1 } }),
      item({ id: 'e', seq: 5, resource: 'fallas', body: { nro_vale: 'no' } }),
      item({ id: 'f', seq: 6, body: { nro_vale: 'ya-en-el-servidor' }, ackedAt: 5 }), // accepted, only files left
    ];
    const merged = mergePending(cached, 'salidas', toRow, items, { keyOf: (r) => r.id });
    expect(merged).toEqual([
      { id: null, nro_vale: '004', _pending: 'rechazado', _outboxId: 'b' },
      { id: null, nro_vale: '003', _pending: 'pendiente', _outboxId: 'a' },
      { id: 1, nro_vale: '001' },
      { id: 2, nro_vale: '002-editado', _pending: 'pendiente', _outboxId: 'c' },
    ]);
  });
});
