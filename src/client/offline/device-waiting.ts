// What waits on this device while nobody is logged in: the login screen's note about records not yet sent.
import { getDb, type OfflineDb } from './db';
import { watchOutbox } from './outbox-watch';

export interface DeviceWaiting {
  count: number;
  /** Full names of the users whose records wait (known for items saved since the names were recorded). */
  names: string[];
}

/** Follows the outbox of every user of the device; returns a function that stops following. */
export function watchDeviceWaiting(onChange: (waiting: DeviceWaiting) => void, db: OfflineDb = getDb()): () => void {
  return watchOutbox(
    db,
    () => db.outbox.toArray(),
    (items) => {
      const names = [...new Set(items.map((i) => i.userName).filter((n): n is string => !!n))];
      onChange({ count: items.length, names });
    },
  );
}
