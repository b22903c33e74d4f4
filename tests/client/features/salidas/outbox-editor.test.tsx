// 'Abrir y corregir' of exits through the app's generic host: the shell registers every feature's offline declaration
// (found by name), the Sincronización panel opens the exit modal with the rejected item's body in the app's own tree, and
// the modal goes away when the session ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { closeOutboxEditor } from '@client/offline/editors';
import { OutboxEditorHost, SyncPanel } from '@client/offline/ui';
import '@client/app/offline-resources';
import { exitBody, makeToken, offlineEngine, providers, stopEngines, stubFetch } from '../helpers';

beforeEach(() => {
  setToken(makeToken(1));
  stubFetch({});
});
afterEach(() => {
  stopEngines();
  closeOutboxEditor();
  vi.unstubAllGlobals();
  clearToken();
});

describe("exits' outbox editor", () => {
  it('opens from Sincronización with the saved body and closes when the session ends', async () => {
    const t = offlineEngine();
    const item = await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-555', '2025-01-15', [{ insumo_id: 7, cantidad: 3 }]),
      label: 'Salida vale V-555',
    });
    await t.db.outbox.update(item.id, { status: 'rejected', lastError: 'Cantidad no disponible', lastStatus: 409 });
    render(
      <>
        <SyncPanel />
        <OutboxEditorHost />
      </>,
      { wrapper: providers(t.engine) },
    );
    await import('@client/features/salidas/salida-dialog'); // the editor is loaded on first use: have it ready
    fireEvent.click(await screen.findByRole('button', { name: MSG.syncOpenFix }));
    await screen.findByRole('dialog', { name: LABELS.salidas.fix });
    expect(screen.getByDisplayValue('V-555')).toHaveProperty('value', 'V-555');
    act(() => clearToken());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LABELS.salidas.fix })).toBeNull());
  });
});
