// Hooks and components: interactive save through the outbox, live outbox, badge, panel actions, logout guard.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@client/lib/api';
import { clearToken, getSession, getToken, setToken } from '@client/lib/session';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import { closeOutboxEditor, type OpenedEditorProps } from '@client/offline/editors';
import { registerOfflineResource } from '@client/offline/resource';
import { useOfflineSave, useOutbox, usePendingCount, useSyncEvent, useSyncState } from '@client/offline/hooks';
import type { SyncEvent } from '@client/offline/sync-events';
import { pendingCountForLogout } from '@client/offline/logout-guard';
import { OUTBOX_READ_GAP_MS } from '@client/offline/outbox-watch';
import { OutboxEditorHost, PendingBadge, SyncPanel } from '@client/offline/ui';
import { SyncToasts } from '@client/app/sync-toasts';
import { Toaster, toast } from '@client/lib/toast';
import { MSG } from '@shared/messages';
import { fakeServer, json, makeEngine, makeToken, salida, stopEngines, testResource, type Responder } from './helpers';

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  stopEngines();
  clearToken();
});

function setup(respond?: Responder, online = true) {
  const server = fakeServer(respond);
  const t = makeEngine(server.fetchImpl as unknown as typeof fetch, {
    getToken,
    getSession,
    onUnauthorized: () => clearToken(),
    isOnline: () => online,
  });
  const wrapper = ({ children }: { children: ReactNode }) => <OfflineEngineProvider engine={t.engine}>{children}</OfflineEngineProvider>;
  return { ...t, server, wrapper };
}

describe('useOfflineSave', () => {
  it('online: resolves with the server answer, sent with the outbox key, and leaves nothing queued', async () => {
    const { wrapper, server, db } = setup();
    const { result } = renderHook(() => useOfflineSave(), { wrapper });
    const res = await result.current(salida('000010'));
    expect(res).toMatchObject({ queued: false, data: { id: 1, nro_vale: '000010' }, replayed: false });
    expect(server.seen[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks events of an awaited save so the shell toasts only background sends', async () => {
    const { wrapper, engine } = setup();
    const seen: SyncEvent[] = [];
    const listener = (e: SyncEvent) => seen.push(e);
    const { result } = renderHook(
      () => {
        useSyncEvent(listener);
        return useOfflineSave();
      },
      { wrapper },
    );
    await result.current(salida('interactive'));
    await engine.add(salida('background'));
    await engine.flush();
    expect(seen.map((e) => [e.type, e.item.label, e.awaited])).toEqual([
      ['sent', 'Salida vale interactive', true],
      ['sent', 'Salida vale background', false],
    ]);
  });

  it('the shell toasts background sends and refusals, never an awaited save', async () => {
    let refuse = false;
    const { wrapper, engine } = setup(() => (refuse ? json(409, { message: 'sin stock' }) : json(201, { id: 1 })));
    const { result } = renderHook(() => useOfflineSave(), {
      wrapper: ({ children }) =>
        wrapper({
          children: (
            <>
              <SyncToasts />
              <Toaster />
              {children}
            </>
          ),
        }),
    });
    await result.current(salida('interactive'));
    await engine.add(salida('background'));
    await engine.flush();
    await screen.findByText(MSG.syncSent('Salida vale background'));
    refuse = true;
    await engine.add(salida('refused'));
    await engine.flush();
    await screen.findByText(MSG.syncRejected('Salida vale refused', 'sin stock'));
    expect(screen.queryByText(MSG.syncSent('Salida vale interactive'))).toBeNull();
    act(() => toast.clear());
  });

  it('a burst of background sends names the first ones and sums up the rest in one toast', async () => {
    const { wrapper, engine } = setup(() => json(201, { id: 1 }));
    render(
      <>
        <SyncToasts />
        <Toaster />
      </>,
      { wrapper },
    );
    for (let i = 1; i <= 5; i++) await engine.add(salida(`r${i}`));
    await engine.flush();
    await screen.findByText(MSG.syncSentMore(3), undefined, { timeout: 5_000 });
    screen.getByText(MSG.syncSent('Salida vale r1'));
    screen.getByText(MSG.syncSent('Salida vale r2'));
    expect(screen.queryByText(MSG.syncSent('Salida vale r3'))).toBeNull();
    act(() => toast.clear());
  });

  it('online: a 4xx rejects with ApiError carrying the server message and the form keeps the record', async () => {
    const { wrapper, db } = setup(() => json(409, { message: MSG.stockUnavailable('A-1', '1.00') }));
    const { result } = renderHook(() => useOfflineSave(), { wrapper });
    const err = await result.current(salida('1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: MSG.stockUnavailable('A-1', '1.00') });
    expect(await db.outbox.count()).toBe(0);
  });

  it('network failure: resolves queued and the item stays in the outbox', async () => {
    const { wrapper, db } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderHook(() => useOfflineSave(), { wrapper });
    const res = await result.current(salida('1'));
    expect(res.queued).toBe(true);
    expect(await db.outbox.count()).toBe(1);
  });

  it('offline: resolves queued at once', async () => {
    const { wrapper, db } = setup(() => new Promise<Response>(() => undefined), false);
    const { result } = renderHook(() => useOfflineSave(), { wrapper });
    expect((await result.current(salida('1'))).queued).toBe(true);
    expect((await db.outbox.toArray())[0].label).toBe('Salida vale 1');
  });

  it('queues a save that waits behind an earlier item that is backing off', async () => {
    let n = 0;
    const { wrapper, engine, server } = setup((req) => (++n <= 2 ? json(503, {}) : json(201, req.body)));
    await engine.add(salida('old'));
    await engine.flush();
    const { result } = renderHook(() => useOfflineSave(), { wrapper });
    const res = await result.current(salida('new'));
    expect(res.queued).toBe(true);
    expect(server.seen.map((s) => (s.body as { nro_vale: string }).nro_vale)).toEqual(['old', 'old']);
  });
});

describe('live outbox hooks', () => {
  it('useOutbox, usePendingCount and useSyncState follow the outbox and the queue', async () => {
    let status = 503;
    const { wrapper, engine } = setup(() => json(status, {}));
    const { result } = renderHook(() => ({ items: useOutbox(), count: usePendingCount(), state: useSyncState() }), {
      wrapper,
    });
    expect(result.current.count).toBe(0);
    await act(async () => {
      await engine.add(salida('1'));
      await engine.flush();
    });
    // the live query may first deliver the 'sending' snapshot
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ label: 'Salida vale 1', status: 'retrying' }));
    expect(result.current.count).toBe(1);
    expect(result.current.state).toBe('idle');
    expect(await pendingCountForLogout(engine)).toBe(1);

    // 401: the queue pauses and the token is dropped; the items are kept for the same user's next login
    status = 401;
    await act(async () => {
      await engine.flush({ force: true });
    });
    expect(result.current.state).toBe('paused-auth');
    expect(result.current.count).toBe(0); // logged out: no user, nothing listed
    await act(async () => {
      setToken(makeToken(1, 'again'));
      status = 503;
      engine.sessionChanged();
      await engine.flush();
    });
    await waitFor(() => expect(result.current.count).toBe(1));
    expect(await pendingCountForLogout(engine)).toBe(1);
  });

  it("a form's save the server accepted leaves useOutbox on its sent event, before the next read of the queue", async () => {
    // The server answers once the test saw the queue read with the item in it.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { wrapper } = setup(async () => {
      await answered;
      return json(201, { id: 9 });
    });
    const { result } = renderHook(() => ({ items: useOutbox(), save: useOfflineSave() }), { wrapper });
    const saving = result.current.save(salida('2'));
    await waitFor(() => expect(result.current.items.map((i) => i.label)).toEqual(['Salida vale 2']));
    const t0 = Date.now();
    answer();
    await act(async () => {
      await saving;
    });
    const seen = [result.current.items.map((i) => i.label)];
    // The save was answered before the queue's next read (it waits out the gap after the read that showed the item):
    // the list the form refreshes must not show the saved exit and its pending copy together meanwhile.
    expect(Date.now() - t0).toBeLessThan(OUTBOX_READ_GAP_MS);
    expect(seen).toEqual([[]]);
  });
});

describe('PendingBadge', () => {
  it('is hidden at 0 and shows the count of unsent records', async () => {
    const { wrapper, engine } = setup(() => json(503, {}));
    render(<PendingBadge />, { wrapper });
    expect(screen.queryByTestId('pending-badge')).toBeNull();
    await act(async () => {
      await engine.add(salida('1'));
      await engine.add(salida('2'));
    });
    expect((await screen.findByTestId('pending-badge')).textContent).toBe('2');
  });
});

describe('SyncPanel', () => {
  it('shows a rejected item with the server reason and lets the user fix, resend or discard it', async () => {
    let reject = true;
    const { wrapper, engine, server, db } = setup((req) => (reject ? json(422, { message: 'Vale duplicado' }) : json(201, req.body)));
    const unregister = registerOfflineResource(
      testResource('salidas', { editor: ({ item }: OpenedEditorProps) => <p>Corrigiendo {item.label}</p> }),
    );
    const first = await engine.add(salida('1'));
    await engine.add(salida('2'));
    await engine.flush();
    render(
      <>
        <SyncPanel />
        <OutboxEditorHost />
      </>,
      { wrapper },
    );
    expect(await screen.findAllByText(MSG.syncReason('Vale duplicado'))).toHaveLength(2);
    screen.getByText(MSG.syncTitle);

    fireEvent.click(screen.getAllByText(MSG.syncOpenFix)[0]);
    expect((await screen.findByText(/^Corrigiendo/)).textContent).toBe(`Corrigiendo ${first.label}`);
    act(() => closeOutboxEditor());

    // discard asks first; cancel keeps it
    fireEvent.click(screen.getAllByText(MSG.syncDiscard)[0]);
    screen.getByText(MSG.syncDiscardConfirm);
    fireEvent.click(screen.getByText(MSG.cancel));
    expect(await db.outbox.count()).toBe(2);
    fireEvent.click(screen.getAllByText(MSG.syncDiscard)[0]);
    const confirmBox = screen.getByRole('alertdialog');
    await act(async () => {
      fireEvent.click(confirmBox.querySelectorAll('button')[1]);
    });
    await waitFor(async () => expect(await db.outbox.get(first.id)).toBeUndefined());

    // resend the other one: it goes under a new key and disappears once accepted
    reject = false;
    await act(async () => {
      fireEvent.click(await screen.findByText(MSG.syncResend));
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(new Set(server.keys()).size).toBe(3);
    await screen.findByText(MSG.syncEmpty);
    unregister();
  });
});
