// The records of a list kept on the device for offline use: once the list loaded online, the details
// behind its newest rows are fetched in the background (prefetchDetails), so a record never opened on this device
// can still be opened without a connection; offline, a record without that copy says why it cannot open instead of
// a form that fails with 'No se pudo obtener el registro'. The detail query reads through `cachedData` with the same
// key. Used by the exits, requests and entries lists.
import { useCallback, useEffect } from 'react';
import { MSG } from '@shared/messages';
import { toast } from '@client/lib/toast';
import { whenIdle } from '@client/lib/idle';
import { prefetchDetails, readCached, type CacheKey } from '@client/offline';

/** How many of the newest rows keep their detail on the device. */
const DETAILS_KEPT = 100;

/** A record's detail: its query key (as the detail query uses it) and its GET address; null when it has none. */
export type DetailEntry<Row> = (row: Row) => readonly [CacheKey, string] | null;

/**
 * Keeps the details of `rows` on the device after an online load (`fromDevice` false), and returns `open(row, go)`:
 * `go()` at once online or when the device holds the row's detail, otherwise the notice that it is not available
 * offline. `entry` must be stable (a module-level function).
 */
export function useOfflineDetails<Row>(
  rows: readonly Row[] | undefined,
  fromDevice: boolean,
  entry: DetailEntry<Row>,
): (row: Row, go: () => void) => void {
  useEffect(() => {
    if (!rows || fromDevice) return;
    // After the rows are on screen: its first device read ran inside the commit that paints them.
    return whenIdle([
      () =>
        // Only the newest rows' details are kept (prefetchDetails' limit): no entry is built for the thousands after them.
        void prefetchDetails(
          rows
            .slice(0, DETAILS_KEPT)
            .map(entry)
            .filter((e): e is readonly [CacheKey, string] => e !== null),
          {
            limit: DETAILS_KEPT,
          },
        ),
    ]);
  }, [rows, fromDevice, entry]);

  return useCallback(
    (row: Row, go: () => void) => {
      const offline = fromDevice || (typeof navigator !== 'undefined' && navigator.onLine === false);
      const e = entry(row);
      if (!offline || !e) return go();
      void readCached(e[0]).then((copy) => (copy !== undefined ? go() : toast.info(MSG.detailNotOffline)));
    },
    [fromDevice, entry],
  );
}
