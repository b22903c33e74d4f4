// Top-bar 'Sin conexión' chip: shown the moment the device loses its network (the browser's offline event), gone
// when it returns, so a clerk knows before saving that records will wait on the device.
import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { MSG } from '@shared/messages';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOffline = () => navigator.onLine === false;

export function OfflineIndicator() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  if (!offline) return null;
  return (
    <span
      role="status"
      title={MSG.offlineIndicatorTitle}
      className="inline-flex items-center gap-1 rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="offline-indicator"
    >
      <WifiOff className="size-3.5" aria-hidden="true" />
      {MSG.offlineIndicator}
    </span>
  );
}
