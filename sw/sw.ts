/// <reference lib="webworker" />
// Service worker (vite-plugin-pwa injectManifest): precache of the built shell, navigation fallback to
// index.html (never for /api), update only when the page asks (SKIP_WAITING), and a Background Sync hook that
// only wakes the page's outbox flush: the worker never keeps a queue of its own.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

const SYNC_TAG = 'outbox-flush';

/** The static routing rule form of the install event (Chromium 123+); absent elsewhere. */
interface RouterInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: { condition: { urlPattern: unknown }; source: 'network' }) => Promise<void>;
}

// The API never goes through this worker (it caches nothing of it): where the browser supports static routing, its
// requests are declared network-only at install, so they skip the worker's fetch event altogether instead of
// waking it and passing through it (about 2 ms per request; an outbox replay sends one request per save).
self.addEventListener('install', (event: ExtendableEvent) => {
  const e = event as RouterInstallEvent;
  const Pattern = (self as unknown as { URLPattern?: new (init: { pathname: string }) => unknown }).URLPattern;
  if (typeof e.addRoutes !== 'function' || !Pattern) return;
  e.waitUntil(e.addRoutes({ condition: { urlPattern: new Pattern({ pathname: '/api/*' }) }, source: 'network' }).catch(() => undefined));
});

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
