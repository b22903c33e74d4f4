// Server stock for a corrected exit: a rejected outbox item carries the stock seen when it was written (maybe
// offline, hours ago); on opening it for correction its lines take the server's current stock, so the form
// flags and the item sub-modal limit quantities against what the server will accept now.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getOfflineInfo } from '@client/offline';
import { CATALOG, catalogQuery } from '@client/components/catalogs';
import type { SalidaLine } from './api';

export function useFreshStock(
  enabled: boolean,
  lines: readonly SalidaLine[],
  update: (i: number, next: (old: SalidaLine) => SalidaLine) => void,
) {
  // Always a network round trip when the correction opens (the device copy answers only offline).
  const stock = useQuery({ ...catalogQuery(CATALOG.insumos), enabled, staleTime: 0, refetchOnMount: 'always' });
  const applied = useRef(false);
  const count = lines.length;

  useEffect(() => {
    if (!enabled || applied.current || !stock.data || !stock.isFetchedAfterMount) return;
    applied.current = true;
    // An offline answer is the device copy, possibly older than the lines' own figures: keep those.
    if (getOfflineInfo(CATALOG.insumos.key).fromCache) return;
    const byId = new Map(stock.data.map((r) => [r.id, r.stock]));
    for (let i = 0; i < count; i++) {
      update(i, (old) => {
        const now = byId.get(old.insumo_id);
        return now === undefined || now === old.stock ? old : { ...old, stock: now };
      });
    }
  }, [enabled, stock.data, stock.isFetchedAfterMount, count, update]);
}
