// 'Nueva versión disponible' banner: 'Actualizar' waits until the outbox is idle (nothing pending) before it
// activates the new service worker and reloads, so no record is lost mid-send.
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { applyUpdate } from '@client/lib/pwa';
import { getDefaultEngine, usePendingCount } from '@client/offline';

export default function UpdateBanner({ onApply = applyUpdate }: { onApply?: () => void }) {
  const pending = usePendingCount();
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (requested && pending === 0) onApply();
  }, [requested, pending, onApply]);

  const request = () => {
    setRequested(true);
    if (pending > 0) void getDefaultEngine().flush();
  };

  return (
    <div
      role="alertdialog"
      aria-labelledby="update-banner-title"
      className="fixed right-3 bottom-3 z-[90] flex max-w-sm flex-col gap-2 rounded-lg border border-brand-800 bg-brand-700 p-4 text-white shadow-2xl print:hidden"
    >
      <p id="update-banner-title" className="font-semibold">
        {MSG.newVersion}
      </p>
      {requested && pending > 0 && (
        <p className="text-sm text-brand-100" role="status">
          {LABELS.shell.updateWaiting} ({MSG.syncPendingCount(pending)})
        </p>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={request} disabled={requested}>
          <RefreshCw className={requested ? 'animate-spin' : undefined} aria-hidden="true" />
          {LABELS.shell.update}
        </Button>
      </div>
    </div>
  );
}
