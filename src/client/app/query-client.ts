// The app's QueryClient: 4xx answers are final (no retry), network errors and 5xx are retried once. Mutations run
// even when the browser says it is offline: they fail at once with the screen's message (the form keeps what was
// typed) instead of TanStack Query pausing them, which left a modal spinning until the connection came back and
// lost the change on a reload. Saves that must work offline go through the outbox, not through a mutation.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, gcTime: 10 * 60_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
