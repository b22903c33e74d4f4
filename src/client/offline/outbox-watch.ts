// Following the outbox table without one full read per write: the live views of the queue (the badge, the sync
// panel, the merged list rows, the login screen's note) re-read it at most a few times a second.
import Dexie from 'dexie';
import type { OfflineDb } from './db';

/** Shortest time between two reads of a watcher while changes keep coming. */
export const OUTBOX_READ_GAP_MS = 250;

/**
 * Calls `read` at once and again after every change to the outbox table, from this tab or another (Dexie's
 * `storagemutated`, which Dexie also relays between tabs), but never more often than every `gapMs`: the changes
 * of a burst are read together after the gap, and the last change is always read. A replay of 1,000 items writes
 * the table three times per item; a live query re-read the whole queue (and redrew every view of it) on each.
 * Returns the function that stops watching.
 */
export function watchOutbox<T>(db: OfflineDb, read: () => Promise<T>, onValue: (value: T) => void, gapMs = OUTBOX_READ_GAP_MS): () => void {
  let stopped = false;
  let reading = false;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastStart = -Infinity;

  async function run(): Promise<void> {
    if (stopped) return;
    if (reading) {
      dirty = true;
      return;
    }
    const wait = lastStart + gapMs - Date.now();
    if (wait > 0) {
      dirty = true;
      timer ??= setTimeout(() => {
        timer = undefined;
        void run();
      }, wait);
      return;
    }
    reading = true;
    dirty = false;
    lastStart = Date.now();
    try {
      const value = await read();
      if (!stopped) onValue(value);
    } catch (err) {
      console.error('outbox read failed', err);
    } finally {
      reading = false;
    }
    if (dirty) void run();
  }

  const table = `idb://${db.name}/${db.outbox.name}/`;
  const onMutated = (parts: Record<string, unknown>) => {
    if (table in parts) void run();
  };
  Dexie.on('storagemutated', onMutated);
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    Dexie.on('storagemutated').unsubscribe(onMutated);
  };
}
