// Delta lists on real Dexie (fake-indexeddb): the device's copy painted first, a delta merged in place (edited rows
// replaced, deleted ones gone, new ones in the list's order), the cursor sent back, the copy kept across a reload.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListDelta } from '@shared/contract/list-delta';
import { getOfflineInfo } from '@client/offline/cache';
import { createOfflineDb } from '@client/offline/db';
import { clearDeltaMemory, deltaFetch, mergeDelta, readDeltaCopy, type DeltaSpec } from '@client/offline/list-delta';
import { uniqueDbName } from './helpers';

interface Row {
  id: number;
  fecha: string;
  vale: string;
}
const spec: DeltaSpec<Row> = { keyOf: (r) => r.id, order: (a, b) => (a.fecha === b.fecha ? b.id - a.id : a.fecha < b.fecha ? 1 : -1) };
const r = (id: number, fecha: string, vale = `V-${id}`): Row => ({ id, fecha, vale });
const KEY = ['salidas', 'list', { fini: '2025-01-01' }];

function setup() {
  const db = createOfflineDb(uniqueDbName());
  let written: () => void = () => {};
  const opts = () => {
    const done = new Promise<void>((resolve) => (written = resolve));
    return { o: { db, userId: 1, written: () => written() }, done };
  };
  return { db, opts };
}

/** A server that answers the given deltas in turn and records the cursors it was sent. */
function server(...answers: ListDelta<Row>[]) {
  const sent: (string | null)[] = [];
  return {
    sent,
    fetch: async (since: string | null) => {
      sent.push(since);
      const a = answers.shift();
      if (!a) throw new Error('no more answers');
      return a;
    },
  };
}

describe('delta lists on the device', () => {
  beforeEach(() => clearDeltaMemory());

  it('keeps the whole list with its cursor, paints it first on the next open, then merges the delta in place', async () => {
    const { db, opts } = setup();
    const first = [r(3, '2025-01-20'), r(2, '2025-01-10'), r(1, '2025-01-05')];
    const s = server(
      { cursor: '1.100', full: true, rows: first, deleted: [] },
      { cursor: '1.120', full: false, rows: [r(2, '2025-01-10', 'V-2 EDITADO'), r(4, '2025-01-15')], deleted: [1] },
    );
    const a = opts();
    const res = await deltaFetch(KEY, s.fetch, spec, a.o);
    expect(res.data).toEqual(first);
    await a.done;
    // What Dexie holds: the rows as JSON text and the cursor.
    const stored = await db.cache.get(JSON.stringify(KEY));
    expect(stored?.cursor).toBe('1.100');
    expect(JSON.parse(stored?.data as string)).toEqual(first);

    // A new tab (nothing in memory): the copy comes from Dexie and is painted before the server answers.
    clearDeltaMemory();
    const painted: Row[][] = [];
    const b = opts();
    const again = await deltaFetch(KEY, s.fetch, spec, { ...b.o, onCopy: (rows) => painted.push(rows) });
    expect(painted).toEqual([first]);
    expect(s.sent).toEqual([null, '1.100']);
    expect(again.data.map((x) => [x.id, x.vale])).toEqual([
      [3, 'V-3'],
      [4, 'V-4'],
      [2, 'V-2 EDITADO'],
    ]);
    expect(getOfflineInfo(KEY).fromCache).toBe(false);
    await b.done;
    clearDeltaMemory();
    expect((await readDeltaCopy<Row>(KEY, { db, userId: 1 }))?.rows).toEqual(again.data);
    expect((await db.cache.get(JSON.stringify(KEY)))?.cursor).toBe('1.120');
  });

  it("stores a whole list as the server's answer text (no stringify of the rows) and reads its rows back", async () => {
    const { db, opts } = setup();
    const rows = [r(2, '2025-01-10'), r(1, '2025-01-05')];
    const answer: ListDelta<Row> = { cursor: '1.5', full: true, rows, deleted: [] };
    const text = JSON.stringify(answer);
    const a = opts();
    await deltaFetch(
      KEY,
      async (_since, onText) => {
        onText(text);
        return JSON.parse(text) as ListDelta<Row>;
      },
      spec,
      a.o,
    );
    await a.done;
    expect((await db.cache.get(JSON.stringify(KEY)))?.data).toBe(text);
    clearDeltaMemory();
    expect((await readDeltaCopy<Row>(KEY, { db, userId: 1 }))?.rows).toEqual(rows);
    // A merged list is not the answer: its rows are stringified.
    const b = opts();
    const merged = await deltaFetch(
      KEY,
      async (_since, onText) => {
        const delta: ListDelta<Row> = { cursor: '1.9', full: false, rows: [r(3, '2025-01-20')], deleted: [] };
        onText(JSON.stringify(delta));
        return delta;
      },
      spec,
      b.o,
    );
    await b.done;
    expect(JSON.parse((await db.cache.get(JSON.stringify(KEY)))?.data as string)).toEqual(merged.data);
  });

  it('keeps the same rows (same array, same objects) when nothing changed, and only moves the cursor', async () => {
    const { db, opts } = setup();
    const rows = [r(2, '2025-01-10'), r(1, '2025-01-05')];
    const s = server({ cursor: '1.5', full: true, rows, deleted: [] }, { cursor: '1.9', full: false, rows: [], deleted: [] });
    const a = opts();
    const first = await deltaFetch(KEY, s.fetch, spec, a.o);
    await a.done;
    const b = opts();
    const second = await deltaFetch(KEY, s.fetch, spec, b.o);
    expect(second.data).toBe(first.data);
    await b.done;
    expect((await db.cache.get(JSON.stringify(KEY)))?.cursor).toBe('1.9');
  });

  it('replaces the copy on a full answer, answers the copy offline, and never serves another user', async () => {
    const { db, opts } = setup();
    const s = server(
      { cursor: '1.5', full: true, rows: [r(1, '2025-01-05')], deleted: [] },
      { cursor: '2.7', full: true, rows: [r(9, '2025-01-09')], deleted: [] },
    );
    const a = opts();
    await deltaFetch(KEY, s.fetch, spec, a.o);
    await a.done;
    const b = opts();
    expect((await deltaFetch(KEY, s.fetch, spec, b.o)).data).toEqual([r(9, '2025-01-09')]);
    await b.done;
    clearDeltaMemory();
    const off = await deltaFetch(KEY, () => Promise.reject(new TypeError('Failed to fetch')), spec, { db, userId: 1 });
    expect(off).toMatchObject({ fromCache: true, data: [r(9, '2025-01-09')] });
    expect(getOfflineInfo(KEY).fromCache).toBe(true);
    await expect(deltaFetch(KEY, () => Promise.reject(new TypeError('Failed to fetch')), spec, { db, userId: 2 })).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('merges without an order by putting new rows first, and drops deleted keys that are not there', () => {
    const base = [r(2, '2025-01-10'), r(1, '2025-01-05')];
    const merged = mergeDelta(base, { cursor: 'x', full: false, rows: [r(7, '2024-12-01')], deleted: [1, 99] }, { keyOf: (x) => x.id });
    expect(merged.map((x) => x.id)).toEqual([7, 2]);
    expect(merged[1]).toBe(base[0]);
  });
});
