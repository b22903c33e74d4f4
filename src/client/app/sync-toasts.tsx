// Tells the user what happened to saves queued on the device once the engine sends them in the background:
// 'Enviado al servidor: …' or, when refused, the reason and where to fix it. Saves whose form is still waiting report themselves.
// A burst (the connection came back with many records waiting) names its first sends and then sums up the rest in
// one toast when it ends, instead of one toast per record; every refusal keeps its own toast.
import { useCallback, useEffect, useRef } from 'react';
import { MSG } from '@shared/messages';
import { toast } from '@client/lib/toast';
import { useSyncEvent, type SyncEvent } from '@client/offline';

/** Sends named one by one in a burst before the rest are summed up. */
export const SENT_NAMED = 2;
/** A burst ends this long after its last send. */
export const SENT_BURST_MS = 1500;

export function SyncToasts() {
  const burst = useRef<{ named: number; held: number; timer?: ReturnType<typeof setTimeout> }>({ named: 0, held: 0 });
  useEffect(() => () => clearTimeout(burst.current.timer), []);
  const onEvent = useCallback((e: SyncEvent) => {
    if (e.awaited) return;
    if (e.type === 'sent') {
      const b = burst.current;
      if (b.named < SENT_NAMED) {
        b.named++;
        toast.success(MSG.syncSent(e.item.label));
      } else b.held++;
      clearTimeout(b.timer);
      b.timer = setTimeout(() => {
        if (b.held > 0) toast.success(MSG.syncSentMore(b.held));
        b.named = 0;
        b.held = 0;
      }, SENT_BURST_MS);
    } else if (e.type === 'rejected') toast.error(MSG.syncRejected(e.item.label, e.message));
  }, []);
  useSyncEvent(onEvent);
  return null;
}
