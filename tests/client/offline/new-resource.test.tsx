// Adding an offline form for a new resource takes its endpoint in the contract, one offline declaration and its
// screen: a resource defined here ('revisiones', a machine's meter reading) goes through the real engine on
// fake-indexeddb: saved offline, listed as pending, sent once, rejected, opened in its declared editor from
// Sincronización, corrected and resent once. The exits' declaration is registered beside it and never shown for it.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { clearToken, getSession, getToken, setToken } from '@client/lib/session';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import { endpoint } from '@shared/contract/endpoint';
import { closeOutboxEditor, type OutboxEditorProps } from '@client/offline/editors';
import { useMergedRows, useResourceSave } from '@client/offline/hooks';
import { offlineResource, registerOfflineResource } from '@client/offline/resource';
import { OutboxEditorHost, PendingRowBadge, SyncPanel } from '@client/offline/ui';
import { salidasOffline } from '@client/features/salidas/offline';
import { fakeServer, json, makeEngine, makeToken, stopEngines } from './helpers';

// 1. The endpoint in the contract (src/shared/contract/<resource>.ts in the app): body schema, answer, access.
const revisionBody = z.object({ maquinaria_id: z.number().int().positive(), horometro: z.number().positive('Ingrese el horómetro') });
type RevisionBody = z.infer<typeof revisionBody>;
const revisionesApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/revisiones',
    summary: 'Registra una lectura del horómetro',
    access: [1],
    idempotent: true,
    body: revisionBody,
    answer: revisionBody.extend({ id: z.number() }),
    status: 201,
  }),
};

/** The resource's form, used to create and to correct. */
interface FormProps {
  title: string;
  initial: RevisionBody;
  reason?: string;
  onSave: (b: RevisionBody) => Promise<void>;
}

function RevisionForm({ title, initial, reason, onSave }: FormProps) {
  const [horometro, setHorometro] = useState(String(initial.horometro));
  const [error, setError] = useState(reason ?? '');
  const submit = async () => {
    const parsed = revisionBody.safeParse({ ...initial, horometro: Number(horometro) });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    await onSave(parsed.data).catch((err: Error) => setError(err.message));
  };
  return (
    <form aria-label={title} onSubmit={(e) => (e.preventDefault(), void submit())}>
      <label>
        Horómetro
        <input value={horometro} onChange={(e) => setHorometro(e.target.value)} />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit">Grabar</button>
    </form>
  );
}

// 2. One offline declaration (features/<resource>/offline.ts): where it is saved, its label, its list row and the
// form that corrects it. The shell registers every feature's; here the test does.
const revisiones = offlineResource({
  create: revisionesApi.create,
  label: (body: RevisionBody, _meta: object) => `Revisión ${body.horometro}`,
  row: ({ item, body }) => ({ id: -item.seq, ...body }),
  editor: async () =>
    function RevisionEditor({ item, body, resend, onClose }: OutboxEditorProps<RevisionBody>) {
      return (
        <RevisionForm
          title="Corregir revisión"
          initial={body}
          reason={item.lastError ?? undefined}
          onSave={async (body) => {
            await resend(body);
            onClose();
          }}
        />
      );
    },
});
const unregister = registerOfflineResource(revisiones);
const unregisterExits = registerOfflineResource(salidasOffline);

/** The list of the resource: server rows (none here) with the outbox rows merged in. */
function RevisionList() {
  const rows = useMergedRows([], revisiones.name, revisiones.rowOf(undefined));
  return (
    <ul aria-label="Revisiones">
      {rows.map((r) => (
        <li key={r.id}>
          {r.horometro}
          <PendingRowBadge mark={r._pending} />
        </li>
      ))}
    </ul>
  );
}

function NewRevision() {
  const save = useResourceSave(revisiones);
  const [done, setDone] = useState('');
  return (
    <>
      <RevisionForm
        title="Nueva revisión"
        initial={{ maquinaria_id: 3, horometro: 0 }}
        onSave={async (b) => setDone((await save(revisionBody.parse(b), {})).queued ? MSG.savedOffline : MSG.saved)}
      />
      <output>{done}</output>
    </>
  );
}

beforeEach(() => setToken(makeToken(1)));
afterAll(() => {
  unregister();
  unregisterExits();
});
afterEach(() => {
  stopEngines();
  closeOutboxEditor();
  clearToken();
});

describe('an offline form for a new resource', () => {
  it('saved offline, pending, sent once, rejected, corrected in its own editor and resent once', async () => {
    let online = false;
    let accept = false;
    const server = fakeServer((req) => {
      if (!online) throw new TypeError('Failed to fetch');
      req.reached = true;
      if (!accept) return json(400, { message: 'El horómetro es menor que la última lectura (1250)', errors: { horometro: 'menor' } });
      return json(201, { id: 9, ...(req.body as object) });
    });
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { getToken, getSession, isOnline: () => online });
    const wrapper = ({ children }: { children: ReactNode }) => <OfflineEngineProvider engine={t.engine}>{children}</OfflineEngineProvider>;
    render(
      <>
        <NewRevision />
        <RevisionList />
        <SyncPanel />
        <OutboxEditorHost />
      </>,
      { wrapper },
    );

    // Offline: saved on the device and listed as pending.
    const create = screen.getByRole('form', { name: 'Nueva revisión' });
    fireEvent.change(within(create).getByLabelText('Horómetro'), { target: { value: '1200' } });
    fireEvent.click(within(create).getByRole('button', { name: 'Grabar' }));
    await screen.findByText(MSG.savedOffline);
    const list = screen.getByRole('list', { name: 'Revisiones' });
    await waitFor(() => within(list).getByText(MSG.syncBadgePending));
    const [saved] = await t.engine.list();
    expect(saved).toMatchObject({ resource: 'revisiones', body: { maquinaria_id: 3, horometro: 1200 } });
    // Waiting for the connection: pending, or retrying once the engine has tried and found no network.
    expect(['pending', 'retrying']).toContain(saved.status);

    // Back online: sent once, refused with the reason, shown as rejected in the list and the panel.
    online = true;
    await act(async () => {
      t.engine.setOnline(true);
      await t.engine.flush();
    });
    // Reached the server once (an attempt made while offline never left the device).
    expect(server.seen.filter((s) => s.reached).map((s) => s.key)).toEqual([saved.id]);
    await waitFor(() => within(list).getByText(MSG.syncBadgeRejected));
    await screen.findByText(MSG.syncReason('El horómetro es menor que la última lectura (1250)'));

    // 'Abrir y corregir' opens the resource's own editor with the saved body; corrected, it is sent once more.
    fireEvent.click(screen.getByRole('button', { name: MSG.syncOpenFix }));
    const editor = await screen.findByRole('form', { name: 'Corregir revisión' });
    expect(within(editor).getByLabelText('Horómetro')).toHaveProperty('value', '1200');
    expect(screen.queryByRole('dialog')).toBeNull(); // not the exits' modal
    within(editor).getByRole('alert');
    accept = true;
    fireEvent.change(within(editor).getByLabelText('Horómetro'), { target: { value: '1300' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Corregir revisión' })).toBeNull());
    await screen.findByText(MSG.syncEmpty);
    const reached = server.seen.filter((s) => s.reached);
    expect(reached).toHaveLength(2);
    expect(reached[1].body).toEqual({ maquinaria_id: 3, horometro: 1300 });
    expect(reached[1].key).not.toBe(saved.id);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('a correction refused again stays rejected and the editor says why; the next correction replaces it', async () => {
    let answers = [400, 400, 201];
    const server = fakeServer((req) =>
      json(answers.shift() ?? 201, { message: `Revisión ${(req.body as RevisionBody).horometro} rechazada` }),
    );
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { getToken, getSession });
    await t.engine.add(revisiones.input({ maquinaria_id: 3, horometro: 1 }, {}));
    await t.engine.flush();
    render(
      <OfflineEngineProvider engine={t.engine}>
        <SyncPanel />
        <OutboxEditorHost />
      </OfflineEngineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: MSG.syncOpenFix }));
    const editor = await screen.findByRole('form', { name: 'Corregir revisión' });
    fireEvent.change(within(editor).getByLabelText('Horómetro'), { target: { value: '2' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Grabar' }));
    await waitFor(() => expect(within(editor).getByRole('alert').textContent).toBe('Revisión 2 rechazada'));
    expect(await t.engine.list()).toMatchObject([{ status: 'rejected', body: { horometro: 2 } }]);
    fireEvent.change(within(editor).getByLabelText('Horómetro'), { target: { value: '3' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Grabar' }));
    await screen.findByText(MSG.syncEmpty);
    expect(server.seen.map((s) => (s.body as RevisionBody).horometro)).toEqual([1, 2, 3]);
    answers = [];
  });
});
