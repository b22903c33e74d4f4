// The app's QueryClient: 4xx answers are final (no retry), network errors and 5xx are retried once. Queries and
// mutations run even when the browser says it is offline (networkMode 'always'), because TanStack Query would
// pause them: a list opened after the connection dropped showed 'No hay registros' instead of its device copy
// (the read-through cache answers inside the query function), and a delete left its modal spinning until the
// connection came back. Mutations fail at once with the screen's message and the form keeps what was typed;
// saves that must work offline go through the outbox, not through a mutation.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  // TanStack Query starts out 'online' and then only follows the online/offline events: a page opened or reloaded
  // without network never saw the connection 'return', so its lists kept the device copy and the 'Copia sin
  // conexión' notice until a reload. Start from what the browser knows.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, networkMode: 'always', refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 10 * 60_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
