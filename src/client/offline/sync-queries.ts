// The lists a sent item refreshes: ['<resource>'] always, plus the keys a feature registers (an exit also moves
// the stock and the kardex).
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function createQueryRefresher() {
  const extra = new Map<string, QueryKey[]>();
  let client: QueryClient | undefined;
  return {
    setQueryClient(next: QueryClient | undefined): void {
      client = next;
    },
    /** Extra TanStack Query keys to invalidate when an item of `resource` is saved (['resource'] always is). */
    registerQueryKeys(resource: string, keys: QueryKey[]): void {
      extra.set(resource, [...(extra.get(resource) ?? []), ...keys]);
    },
    refresh(resource: string): void {
      if (!client) return;
      for (const key of [[resource] as QueryKey, ...(extra.get(resource) ?? [])]) void client.invalidateQueries({ queryKey: key });
    },
  };
}
