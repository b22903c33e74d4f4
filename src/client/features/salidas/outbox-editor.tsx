// 'Abrir y corregir' of the Sincronización panel for exits: registerOutboxEditor('salidas') opens the exit modal
// with the rejected item's body over the current screen (its own React root, sharing the app's QueryClient),
// so the clerk fixes it and the corrected copy replaces the rejected one in the outbox.
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '@client/lib/session';
import { registerOutboxEditor, type OutboxItem } from '@client/offline';
import { RESOURCE } from './api';
import { SalidaDialog } from './salida-dialog';

let current: { client: QueryClient; close: () => void } | null = null;
let installedFor: QueryClient | null = null;

/** Opens the correction modal for one rejected exit (one at a time). */
export function openSalidaFix(client: QueryClient, item: OutboxItem): void {
  current?.close();
  const host = document.createElement('div');
  host.dataset.salidaFix = item.id;
  document.body.appendChild(host);
  const root = createRoot(host);
  const close = () => {
    offSession();
    root.unmount();
    host.remove();
    if (current?.close === close) current = null;
  };
  // Ending the session (logout, 401) closes it like every other modal.
  const offSession = subscribeSession(() => {
    if (!getSession()) queueMicrotask(close);
  });
  current = { client, close };
  root.render(
    <QueryClientProvider client={client}>
      <SalidaDialog open onOpenChange={(o) => !o && close()} editId={null} fixItem={item} />
    </QueryClientProvider>,
  );
}

/** Registers the exits' editor (idempotent); called by the exits screen and the Sincronización route. */
export function installSalidaEditor(client: QueryClient): void {
  if (installedFor === client) return;
  installedFor = client;
  registerOutboxEditor(RESOURCE, (item) => openSalidaFix(client, item));
}
