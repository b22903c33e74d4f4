// Tells the user what happened to saves queued on the device once the engine sends them in the background:
// 'Enviado al servidor: …' or, when refused, the reason and where to fix it. Saves whose form is still waiting report themselves.
import { useCallback } from 'react';
import { MSG } from '@shared/messages';
import { toast } from '@client/lib/toast';
import { useSyncEvent, type SyncEvent } from '@client/offline';

export function SyncToasts() {
  const onEvent = useCallback((e: SyncEvent) => {
    if (e.awaited) return;
    if (e.type === 'sent') toast.success(MSG.syncSent(e.item.label));
    else if (e.type === 'rejected') toast.error(MSG.syncRejected(e.item.label, e.message));
  }, []);
  useSyncEvent(onEvent);
  return null;
}
