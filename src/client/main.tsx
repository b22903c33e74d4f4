// App entry: router (memory history, with the browser's back wired to it), toasts, the offline sync engine and the PWA update prompt.
// The login screen downloads and runs only what it shows: the query client (TanStack Query, given to the logged-in
// routes by their layout's route) and the offline engine (Dexie, every feature's offline declaration) load once a
// session exists (at once on a reload while logged in, else at login), and the service worker is registered 5 s after
// the page has loaded, when the main thread is idle (docs/architecture.md, 'The login screen's first download').
// First: zod's settings must be in place before any contract schema is built.
import '@client/lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '@client/lib/toast';
import { whenIdle } from '@client/lib/idle';
import { registerPwa } from '@client/lib/pwa';
import { getSession, subscribeSession } from '@client/lib/session';
import { installBackNavigation } from '@client/lib/back-navigation';
import { installShell } from '@client/app/install-shell';
import { loadQueryClient, peekQueryClient } from '@client/app/query-client-ref';
import { UpdatePrompt } from '@client/app/update-prompt';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter(loadQueryClient);
installShell(router, peekQueryClient);
installBackNavigation(router.history);

/** Starts the offline engine once, when a user session first exists; its resources are registered before it starts. */
function startSyncWithSession(): void {
  let started = false;
  const start = () => {
    if (started || !getSession()) return;
    started = true;
    off();
    void Promise.all([import('@client/offline'), loadQueryClient(), import('@client/app/offline-resources')]).then(
      ([{ startSync }, queryClient]) => startSync({ queryClient }),
    );
  };
  const off = subscribeSession(start);
  start();
}
startSyncWithSession();

/**
 * The service worker waits until the login screen is interactive: registered in an idle slot this long after the
 * page's `load`. Its first install downloads the whole app, and the page's share of that work (workbox-window, the
 * worker's events) landing while the form was being drawn made long tasks on a slow tablet.
 */
const PWA_AFTER_LOAD_MS = 5000;
const registerLater = () => window.setTimeout(() => whenIdle([registerPwa]), PWA_AFTER_LOAD_MS);
if (document.readyState === 'complete') registerLater();
else window.addEventListener('load', registerLater, { once: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <UpdatePrompt />
    <Toaster />
  </StrictMode>,
);
