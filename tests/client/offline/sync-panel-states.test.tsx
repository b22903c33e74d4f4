// What the Sincronización panel and the shell say about waiting records: calm while offline, the files of an item
// and their state, a rejected record never called pending, and the login screen's note after the session ended.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Blob as NodeBlob } from 'node:buffer';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { clearToken, getSession, getToken, setToken } from '@client/lib/session';
import { getDb } from '@client/offline/db';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import { fileRows } from '@client/offline/outbox-files';
import { PendingBadge, PendingLoginNote, SyncPanel } from '@client/offline/ui';
import { fakeServer, json, makeEngine, makeToken, salida, stopEngines, type Responder } from './helpers';

beforeEach(() => setToken(makeToken(1)));
afterEach(async () => {
  stopEngines();
  clearToken();
  await getDb().outbox.clear();
});

function setup(respond: Responder, online: () => boolean = () => true) {
  const t = makeEngine(fakeServer(respond).fetchImpl as unknown as typeof fetch, { getToken, getSession, isOnline: online });
  const wrapper = ({ children }: { children: ReactNode }) => <OfflineEngineProvider engine={t.engine}>{children}</OfflineEngineProvider>;
  return { ...t, wrapper };
}

// Node's Blob: fake-indexeddb clones it like a browser (happy-dom's own Blob is not cloneable).
const blob = (bytes: number) => new NodeBlob([new Uint8Array(bytes)], { type: 'image/jpeg' }) as unknown as Blob;

describe('Sincronización panel', () => {
  it('offline, waiting records are said to go when the connection returns, not shown as retrying', async () => {
    let online = true;
    const t = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => online,
    );
    await t.engine.add(salida('1'));
    await t.engine.flush();
    online = false;
    act(() => t.engine.setOnline(false));
    render(<SyncPanel />, { wrapper: t.wrapper });
    await screen.findByText(MSG.syncOfflineCalm);
    const item = screen.getByText('Salida vale 1').closest('li')!;
    within(item).getByText(MSG.syncStateWaiting);
    screen.getByText(new RegExp(`^${MSG.syncWaitingGroup}`));
    expect(screen.queryByText(MSG.syncStateRetrying)).toBeNull();
    expect(screen.queryByText(/^Próximo intento/)).toBeNull();
    expect(screen.queryByText(MSG.syncLastError(MSG.syncNoConnection))).toBeNull();
  });

  it('a server error is still shown as retrying, with its next attempt', async () => {
    const t = setup(() => json(503, {}));
    await t.engine.add(salida('1'));
    await t.engine.flush();
    render(<SyncPanel />, { wrapper: t.wrapper });
    const item = (await screen.findByText('Salida vale 1')).closest('li')!;
    within(item).getByText(MSG.syncStateRetrying);
    within(item).getByText(/^Próximo intento/);
  });

  it('shows the files of an item with their state and asks before discarding one', async () => {
    const t = setup(
      () => json(201, {}),
      () => false,
    );
    const item = await t.engine.add({
      ...salida('1'),
      resource: 'fallas',
      label: 'Falla motor',
      upload: { idField: 'id', url: '/api/fallas/{id}/fotos', field: 'foto' },
    });
    const [a, b] = fileRows(
      item.id,
      [
        { name: 'motor.jpg', blob: blob(2048) },
        { name: 'llanta.jpg', blob: blob(3 * 1024 * 1024) },
      ],
      0,
    );
    await t.db.files.bulkAdd([
      { ...a, status: 'sent' },
      { ...b, status: 'rejected', lastError: 'Archivo muy grande', lastStatus: 413 },
    ]);
    await t.db.outbox.update(item.id, { ackedAt: 1, serverId: 41, status: 'rejected', lastError: 'Archivos no aceptados' });
    render(<SyncPanel />, { wrapper: t.wrapper });
    const files = await screen.findByRole('list', { name: MSG.syncFiles });
    const sent = within(files).getByText('motor.jpg').closest('li')!;
    within(sent).getByText(MSG.syncFileState.sent);
    within(sent).getByText('2 KB');
    const refused = within(files).getByText('llanta.jpg').closest('li')!;
    within(refused).getByText('3.0 MB');
    within(refused).getByText(MSG.syncFileState.rejected);
    within(refused).getByText(MSG.syncReason('Archivo muy grande'));
    screen.getByText(MSG.syncRecordAccepted);
    // The record is on the server: it cannot be corrected, only its refused file resent or dropped.
    expect(screen.queryByRole('button', { name: MSG.syncOpenFix })).toBeNull();

    fireEvent.click(within(refused).getByRole('button', { name: MSG.syncDiscard }));
    const ask = within(refused).getByRole('alertdialog', { name: MSG.syncDiscardFileConfirm('llanta.jpg') });
    fireEvent.click(within(ask).getByRole('button', { name: MSG.cancel }));
    expect(await t.db.files.count()).toBe(2);
    fireEvent.click(within(refused).getByRole('button', { name: MSG.syncDiscard }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: MSG.syncDiscard }));
    await waitFor(async () => expect(await t.db.outbox.count()).toBe(0)); // nothing left to upload: done
    await screen.findByText(MSG.syncEmpty);
  });

  it('discarding an item with files says the files go too', async () => {
    const t = setup(
      () => json(201, {}),
      () => false,
    );
    const item = await t.engine.add({
      ...salida('2'),
      files: [{ name: 'a.jpg', blob: blob(10) }],
      upload: { idField: 'id', url: '/api/x/{id}/f', field: 'f' },
    });
    render(<SyncPanel />, { wrapper: t.wrapper });
    await screen.findByText('a.jpg');
    fireEvent.click(screen.getAllByRole('button', { name: MSG.syncDiscard }).at(-1)!);
    screen.getByText(MSG.syncDiscardConfirmFiles(1));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: MSG.syncDiscard }));
    await waitFor(async () => expect(await t.db.outbox.get(item.id)).toBeUndefined());
    expect(await t.db.files.count()).toBe(0);
  });
});

describe('PendingBadge', () => {
  it('names rejected records as rejected, not as pending', async () => {
    let reject = true;
    const t = setup(() => (reject ? json(409, { message: 'sin stock' }) : json(503, {})));
    await t.engine.add(salida('1'));
    await t.engine.flush();
    reject = false;
    await t.engine.add(salida('2'));
    await t.engine.flush({ force: true });
    render(<PendingBadge />, { wrapper: t.wrapper });
    const badge = await screen.findByTestId('pending-badge');
    expect(badge.textContent).toBe('2');
    expect(badge.getAttribute('title')).toBe(`${MSG.syncTitle}: ${MSG.syncBadgeTitle(1, 1)}`);
    expect(MSG.syncBadgeTitle(0, 1)).not.toMatch(/pendiente/);
  });
});

describe('PendingLoginNote', () => {
  it('tells the login screen that records of a user wait on this device', async () => {
    const t = makeEngine(fakeServer(() => json(401, {})).fetchImpl as unknown as typeof fetch, { db: getDb(), getToken, getSession });
    await t.engine.add(salida('1'));
    await t.engine.add(salida('2'));
    clearToken(); // the session expired with the records still here
    render(<PendingLoginNote />);
    const note = await screen.findByTestId('login-waiting');
    expect(note.textContent).toBe(MSG.syncLoginWaiting(2, 'Usuario 1'));
  });

  it('says nothing when nothing waits', async () => {
    render(<PendingLoginNote />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('login-waiting')).toBeNull();
  });
});
