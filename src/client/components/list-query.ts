// TanStack Query setup: the QueryClient defaults and useListQuery, which applies the spec's list-load policy
// to every list: a load failing with 401 or 500 logs out; status 0 (no answer) calls the
// logout handler unless the offline cache answered with the device copy. The QueryClient defaults live in
// app/query-client.ts (kept out of this module so the login bundle does not load the offline engine).
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { logout } from '@client/lib/logout';
import { cachedData, deltaFetch, isNetworkError, useOfflineInfo, type DeltaSpec, type OfflineInfo } from '@client/offline';
import type { ListDelta } from '@shared/contract/list-delta';
import { api, ApiError } from '@client/lib/api';

/**
 * The list-load policy. 401: the api client already ended the session (notifyUnauthorized); 500 and status 0
 * call logout(). cachedFetch only lets status 0 through when it had no device copy, so a list answered from the
 * cache never gets here. Deliberate exception for the offline app: while the device itself reports no network,
 * status 0 keeps the session (the screen says the list has no copy here; pending saves need the session).
 * Returns true when the session was ended.
 */
export function applyListLoadPolicy(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) return true;
  if (error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (error.status === 500 || error.status === 0) {
    void logout();
    return true;
  }
  return false;
}

export type ListSource<T> = string | ((signal: AbortSignal) => Promise<T>);

/** Query options of a list: network first through the offline cache, the list-load policy, no retries, a new load on reconnecting. */
export function listQueryOptions<T>(key: QueryKey, source: ListSource<T>) {
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await cachedData<T>(key, () => (typeof source === 'string' ? api.get<T>(source, signal) : source(signal)));
      } catch (err) {
        applyListLoadPolicy(err);
        throw err;
      }
    },
    retry: false,
    // Back online, the list on screen is asked again, also when it showed the device copy (fresh by age) or had
    // none (no data: TanStack Query's default would not retry it).
    refetchOnReconnect: 'always',
  });
}

export interface ListQueryExtras {
  /**
   * Whether the rows are the device's copy, with the 'Copia sin conexión del …' text; `noCopy` when there is
   * no connection and this list was never loaded on this device.
   */
  offline: OfflineInfo & { noCopy: boolean };
}

/** Every list screen's query: `const q = useListQuery(['actividades'], (signal) => call(actividadesApi.list, { signal }))`. */
export function useListQuery<T>(key: QueryKey, source: ListSource<T>, opts: { enabled?: boolean } = {}) {
  const query = useQuery({ ...listQueryOptions<T>(key, source), enabled: opts.enabled });
  const info = useOfflineInfo(key);
  const offline = { ...info, noCopy: query.data === undefined && isNetworkError(query.error) };
  return Object.assign(query, { offline }) as typeof query & ListQueryExtras;
}

/**
 * A list kept on the device and refreshed by delta (docs/architecture.md, "List deltas"): the device's copy is
 * painted at once, then the server's changes since its cursor are merged in. `fetchDelta` calls the list's delta
 * endpoint with the filter and `since`, passing `opts` (the signal, and `onText`: the answer's text, kept as the
 * device copy when it is the whole list) to `call`.
 */
export function useDeltaListQuery<Row>(
  key: QueryKey,
  fetchDelta: (since: string | null, opts: { signal: AbortSignal; onText: (text: string) => void }) => Promise<ListDelta<Row>>,
  spec: DeltaSpec<Row>,
) {
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal, client }) => {
      try {
        const onCopy = (rows: Row[]) => {
          if (client.getQueryData(key) === undefined) client.setQueryData(key, rows);
        };
        return (await deltaFetch<Row>(key, (since, onText) => fetchDelta(since, { signal, onText }), spec, { onCopy })).data;
      } catch (err) {
        applyListLoadPolicy(err);
        throw err;
      }
    },
    retry: false,
    refetchOnReconnect: 'always',
  });
  const info = useOfflineInfo(key);
  const offline = { ...info, noCopy: query.data === undefined && isNetworkError(query.error) };
  return Object.assign(query, { offline }) as typeof query & ListQueryExtras;
}
