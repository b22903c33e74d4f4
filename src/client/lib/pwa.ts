// Service worker registration (workbox-window) and the update state behind the 'Nueva versión disponible'
// prompt. The new worker only takes over when the page posts SKIP_WAITING (applyUpdate), and the page reloads
// once it controls. Background Sync: the worker's 'flush' message runs the offline engine's flush.
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

export interface PwaState {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** The app shell is cached for offline use (first install). */
  offlineReady: boolean;
}

export const SYNC_TAG = 'outbox-flush';

let state: PwaState = { needRefresh: false, offlineReady: false };
const listeners = new Set<() => void>();
let wb: Workbox | null = null;
let reloadOnControl = false;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

async function flushOutbox(): Promise<void> {
  const { getDefaultEngine } = await import('@client/offline');
  await getDefaultEngine().flush();
}

/** Asks for a Background Sync so the worker wakes the page's flush when connectivity returns. */
async function requestBackgroundSync(): Promise<void> {
  const reg = (await navigator.serviceWorker?.ready) as ServiceWorkerRegistration & {
    sync?: { register: (tag: string) => Promise<void> };
  };
  await reg?.sync?.register(SYNC_TAG).catch(() => undefined);
}

/** Registers /sw.js in production builds; no-op in dev, tests and browsers without service workers. */
export function registerPwa(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  void import('workbox-window').then(({ Workbox }) => {
    wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => set({ needRefresh: true }));
    wb.addEventListener('installed', (e) => {
      if (!e.isUpdate) set({ offlineReady: true });
    });
    wb.addEventListener('controlling', () => {
      if (reloadOnControl) window.location.reload();
    });
    wb.addEventListener('message', (e) => {
      if ((e.data as { type?: string } | null)?.type === 'flush') void flushOutbox();
    });
    void wb.register().then((reg) => {
      // Long-lived tablets: look for a new version every hour.
      if (reg) setInterval(() => void reg.update().catch(() => undefined), 60 * 60 * 1000);
    });
    window.addEventListener('offline', () => void requestBackgroundSync());
  });
}

/** Activates the waiting version (posts SKIP_WAITING); the page reloads when the new worker controls it. */
export function applyUpdate(): void {
  reloadOnControl = true;
  if (wb) wb.messageSkipWaiting();
  else window.location.reload();
}
