// Mount point of the update banner: renders (and loads) it only when a new version is waiting.
import { lazy, Suspense } from 'react';
import { usePwaState } from '@client/lib/pwa';

const UpdateBanner = lazy(() => import('./update-banner'));

export function UpdatePrompt() {
  const { needRefresh } = usePwaState();
  if (!needRefresh) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
