// App entry: query client, router (memory history, with the browser's back wired to it), toasts, the offline sync engine and the PWA update prompt.
// The offline engine (Dexie) and workbox-window are loaded after the first paint to keep the login bundle small.
// First: zod's settings must be in place before any contract schema is built.
import '@client/lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Toaster } from '@client/lib/toast';
import { registerPwa } from '@client/lib/pwa';
import { installBackNavigation } from '@client/lib/back-navigation';
import { installShell } from '@client/app/install-shell';
import { createQueryClient } from '@client/app/query-client';
import { UpdatePrompt } from '@client/app/update-prompt';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
installShell(router, queryClient);
installBackNavigation(router.history);
void import('@client/offline').then(({ startSync }) => startSync({ queryClient }));
registerPwa();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
