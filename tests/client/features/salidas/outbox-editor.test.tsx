// 'Abrir y corregir' from the Sincronización panel: the exits register their editor, which opens the exit modal
// with the rejected item's body over whatever screen is shown, and closes when the session ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { getOutboxEditor } from '@client/offline/editors';
import type { OutboxItem } from '@client/offline/db';
import { installSalidaEditor } from '@client/features/salidas/outbox-editor';
import { exitBody, makeToken, stubFetch } from '../helpers';

beforeEach(() => {
  setToken(makeToken(1));
  stubFetch({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const item = (): OutboxItem => ({
  id: 'item-1',
  seq: 1,
  userId: 1,
  resource: 'salidas',
  method: 'POST',
  url: '/api/salidas',
  body: exitBody('V-555', '2025-01-15', [{ insumo_id: 7, cantidad: 3 }]),
  label: 'Salida vale V-555',
  status: 'rejected',
  attempts: 1,
  nextAttemptAt: 0,
  lastError: 'Cantidad no disponible',
  lastStatus: 409,
  lastErrors: null,
  createdAt: 0,
  updatedAt: 0,
  meta: {},
});

describe("exits' outbox editor", () => {
  it('opens the exit modal with the saved body and closes it when the session ends', async () => {
    installSalidaEditor(new QueryClient());
    const editor = getOutboxEditor('salidas');
    expect(editor).toBeTypeOf('function');
    act(() => editor!(item()));
    const dialog = await screen.findByRole('dialog', { name: LABELS.salidas.fix });
    expect(dialog).toBeTruthy();
    expect(screen.getByDisplayValue('V-555')).toBeTruthy();
    act(() => clearToken());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LABELS.salidas.fix })).toBeNull());
  });
});
