// 'Sincronización' screen: the offline engine's panel of records saved on this device and not yet accepted.
import { SyncPanel } from '@client/offline/ui';

export default function SyncPage() {
  return (
    <section className="mx-auto w-full max-w-5xl p-3 md:p-5">
      <div className="rounded-lg border border-border bg-white p-4 shadow-sm">
        <SyncPanel />
      </div>
    </section>
  );
}
