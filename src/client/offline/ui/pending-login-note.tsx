// Login screen note: records saved on this device still wait to be sent (e.g. the session expired before they
// went), and whose they are. The device's database (Dexie) is loaded when the main thread is first idle, so the
// login form is usable before it, and only if the device has that database: a tablet that never held a session
// has nothing waiting, and loading and opening Dexie there (creating its empty tables) was the login screen's
// longest task after the form was drawn.
import { useEffect, useState } from 'react';
import { LOGIN_MSG as MSG } from '@shared/messages-login';
import { whenIdle } from '@client/lib/idle';
import { DB_NAME } from '../db-name';
import type { DeviceWaiting } from '../device-waiting';

/** False only when the browser lists its IndexedDB databases and the offline engine's is not among them. */
async function deviceHasDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
  } catch {
    return true;
  }
}

export function PendingLoginNote() {
  const [waiting, setWaiting] = useState<DeviceWaiting | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let alive = true;
    const cancel = whenIdle([
      () =>
        void deviceHasDatabase().then((has) => {
          if (!has || !alive) return;
          return import('../device-waiting').then(({ watchDeviceWaiting }) => {
            if (alive) stop = watchDeviceWaiting(setWaiting);
          });
        }),
    ]);
    return () => {
      alive = false;
      cancel();
      stop?.();
    };
  }, []);
  if (!waiting || waiting.count === 0) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="login-waiting">
      {MSG.syncLoginWaiting(waiting.count, waiting.names.length > 0 ? waiting.names.join(', ') : null)}
    </p>
  );
}
