// App entry: router (memory history, with the browser's back wired to it), toasts, the offline sync engine and the PWA update prompt.
// The query client (TanStack Query, given to the logged-in routes by their layout's route), the offline engine
// (Dexie) and workbox-window are loaded after the first paint to keep the login bundle small.
// First: zod's settings must be in place before any contract schema is built.
import '@client/lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '@client/lib/toast';
import { registerPwa } from '@client/lib/pwa';
import { installBackNavigation } from '@client/lib/back-navigation';
import { installShell } from '@client/app/install-shell';
import { loadQueryClient, peekQueryClient } from '@client/app/query-client-ref';
import { UpdatePrompt } from '@client/app/update-prompt';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter(loadQueryClient);
installShell(router, peekQueryClient);
installBackNavigation(router.history);
// The offline resources are registered before the engine starts: it refreshes their catalogues after login.
void Promise.all([import('@client/offline'), loadQueryClient(), import('@client/app/offline-resources')]).then(
  ([{ startSync }, queryClient]) => startSync({ queryClient }),
);
registerPwa();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
    <UpdatePrompt />
    <Toaster />
  </StrictMode>,
);
