/// <reference lib="webworker" />
// Service worker (vite-plugin-pwa injectManifest): precache of the built shell, navigation fallback to
// index.html (never for /api), update only when the page asks (SKIP_WAITING), and a Background Sync hook that
// only wakes the page's outbox flush: the worker never keeps a queue of its own.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

const SYNC_TAG = 'outbox-flush';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/]+$/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function askClientsToFlush(): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ type: 'flush' });
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === SYNC_TAG) event.waitUntil(askClientsToFlush());
}) as EventListener);
