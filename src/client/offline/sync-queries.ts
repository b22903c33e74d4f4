// The lists a sent item refreshes: ['<resource>'] always, plus the `refreshes` of its declaration (an exit also
// moves the stock and the kardex).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { offlineResourceNamed } from './resource';

/**
 * Most one refresh of a resource's lists per this many ms. A replay of 1,000 queued exits refetched the open exits
 * list (10,000 rows) once per sent item, and the server spent the replay building lists instead of storing the
 * exits (bench/offline.ts). The first sent item refreshes at once; the ones sent during the gap, once at its end.
 */
export const REFRESH_GAP_MS = 1000;

export function createQueryRefresher(gapMs = REFRESH_GAP_MS) {
  let client: QueryClient | undefined;
  /** Resources in their gap after a refresh: true when another item was sent meanwhile. */
  const cooling = new Map<string, boolean>();

  function invalidate(resource: string): void {
    if (!client) return;
    for (const key of [[resource] as QueryKey, ...(offlineResourceNamed(resource)?.refreshes ?? [])])
      void client.invalidateQueries({ queryKey: key });
  }

  function cool(resource: string): void {
    cooling.set(resource, false);
    setTimeout(() => {
      const again = cooling.get(resource);
      cooling.delete(resource);
      if (again) {
        invalidate(resource);
        cool(resource);
      }
    }, gapMs);
  }

  return {
    setQueryClient(next: QueryClient | undefined): void {
      client = next;
    },
    refresh(resource: string): void {
      if (!client) return;
      if (cooling.has(resource)) {
        cooling.set(resource, true);
        return;
      }
      invalidate(resource);
      cool(resource);
    },
  };
}
