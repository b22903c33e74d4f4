// The outbox watcher: reads at once, reads every kind of change (add, put, update, modify, delete), coalesces a
// burst of writes into a few reads that end on the last state, and stops when asked.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, type OfflineDb, type OutboxItem } from '@client/offline/db';
import { watchOutbox } from '@client/offline/outbox-watch';
import { outboxRow } from './helpers';

const dbs: OfflineDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function follow(db: OfflineDb, gapMs: number) {
  const seen: OutboxItem[][] = [];
  let reads = 0;
  const stop = watchOutbox(
    db,
    async () => {
      reads++;
      return db.outbox.orderBy('seq').toArray();
    },
    (rows) => seen.push(rows),
    gapMs,
  );
  return { seen, stop, reads: () => reads, last: () => seen.at(-1) ?? [] };
}

const statusOf = (rows: OutboxItem[], id: string) => rows.find((r) => r.id === id)?.status;

describe('watchOutbox', () => {
  it('reads at once and after every kind of change to the outbox, not after changes to other tables', async () => {
    const db = createOfflineDb(`watch-${crypto.randomUUID()}`);
    dbs.push(db);
    const w = follow(db, 0);
    await expect.poll(() => w.seen.length).toBeGreaterThan(0);
    const a = outboxRow({ id: 'a', seq: 1 });
    await db.outbox.add(a);
    await expect.poll(() => w.last().length).toBe(1);
    await db.outbox.put({ ...a, status: 'sending' });
    await expect.poll(() => statusOf(w.last(), 'a')).toBe('sending');
    await db.outbox.update('a', { status: 'retrying' });
    await expect.poll(() => statusOf(w.last(), 'a')).toBe('retrying');
    await db.outbox.where('status').equals('retrying').modify({ status: 'rejected' });
    await expect.poll(() => statusOf(w.last(), 'a')).toBe('rejected');
    const before = w.reads();
    await db.meta.put({ key: 'otra-cosa', value: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(w.reads()).toBe(before);
    await db.outbox.delete('a');
    await expect.poll(() => w.last().length).toBe(0);
    w.stop();
  });

  it('reads a burst of 200 writes a few times, ending on the last state; nothing after stop', async () => {
    const db = createOfflineDb(`watch-${crypto.randomUUID()}`);
    dbs.push(db);
    const w = follow(db, 100);
    await expect.poll(() => w.seen.length).toBeGreaterThan(0);
    for (let i = 1; i <= 200; i++) await db.outbox.add(outboxRow({ id: `i${i}`, seq: i }));
    await expect.poll(() => w.last().length, { timeout: 5_000 }).toBe(200);
    // One read per write would be 201; the gap keeps them to a handful per 100 ms of writing.
    expect(w.reads()).toBeLessThan(100);
    w.stop();
    const reads = w.reads();
    await db.outbox.clear();
    await new Promise((r) => setTimeout(r, 250));
    expect(w.reads()).toBe(reads);
    expect(w.last().length).toBe(200);
  });
});
