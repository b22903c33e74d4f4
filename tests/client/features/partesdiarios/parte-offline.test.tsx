// The daily report offline: saved without connection into the outbox (Dexie on fake-indexeddb), still
// there after a "reload" (a new engine on the same database), sent exactly once when the connection returns, and a
// report the server rejects corrected from Sincronización's editor and accepted once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lineTotal } from '@shared/domain/valoriza';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, getSession, getToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { createOfflineDb, getDb } from '@client/offline/db';
import { closeOutboxEditor, openOutboxEditor } from '@client/offline/editors';
import { OutboxEditorHost } from '@client/offline/ui';
import '@client/app/offline-resources';
import type { ParteItem } from '@client/components/partes/parte-item';
import { ParteSaveDialog } from '@client/features/partesdiarios/parte-save-dialog';
import { fakeServer, json, makeEngine, uniqueDbName } from '../../offline/helpers';
import { makeToken, providers, stopEngines, stubFetch } from '../helpers';
import { INFOVENTA, OPERADORES } from './fixtures';

const P = LABELS.partes;

beforeEach(async () => {
  setToken(makeToken(1));
  stubFetch({}); // the tablet has no network for the form's catalogues
  await getDb().cache.bulkPut(
    [
      [['valoriza', 'infoventa'], INFOVENTA],
      [['operadores'], OPERADORES],
    ].map(([key, data]) => ({ key: cacheKey(key as unknown[]), data, savedAt: Date.now(), userId: 1 })),
  );
});
afterEach(async () => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  closeOutboxEditor();
  clearToken();
  await getDb().cache.clear();
});

const deps = { getToken, getSession, onUnauthorized: () => clearToken() };

/** Picks an option of a searchable select (focus opens the list of the catalogue on the device). */
async function choose(label: string, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.focus(box);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillReport(nro: string, qty: string) {
  fireEvent.change(await screen.findByLabelText(new RegExp(`^${P.number}`)), { target: { value: nro } });
  await choose(P.machine, 'EGA-123 - CARGADOR FRONTAL');
  const dni = screen.getByRole('combobox', { name: LABELS.salidas.operatorDni });
  fireEvent.change(dni, { target: { value: '12345678' } });
  await waitFor(() => expect(screen.getByLabelText(LABELS.salidas.operatorName)).toHaveProperty('value', 'PEREZ JUAN'));
  await choose(P.activity, 'Limpieza de cunetas');
  await choose(P.service, /ALQUILER CARGADOR/);
  expect(screen.getByLabelText(P.unitPrice)).toHaveProperty('value', '85.50');
  const qtyBox = screen.getByLabelText(new RegExp(`^${P.quantity}`));
  fireEvent.change(qtyBox, { target: { value: '1' } });
  fireEvent.change(qtyBox, { target: { value: '' } });
  await screen.findByText(MSG.onlyNumbers);
  fireEvent.change(qtyBox, { target: { value: qty } });
  await waitFor(() => expect(screen.getByLabelText(P.total)).toHaveProperty('value', lineTotal(qty, 85.5).toFixed(2)));
  // The readings, labelled by the machine's meter (an hour meter).
  fireEvent.change(screen.getByLabelText(P.readingInitial(true), { exact: false }), { target: { value: '1000' } });
  fireEvent.change(screen.getByLabelText(P.readingFinal(true), { exact: false }), { target: { value: String(1000 + Number(qty)) } });
}

describe('daily report offline', () => {
  it('is saved on the device, survives a reload, and is sent exactly once when the connection returns', async () => {
    const dbName = uniqueDbName();
    const down = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const offline = makeEngine(down.fetchImpl as unknown as typeof fetch, { ...deps, dbName, isOnline: () => false });
    const onClose = vi.fn();
    render(
      <>
        <ParteSaveDialog item={null} defaultFecha="2025-01-15" onClose={onClose} />
        <Toaster />
      </>,
      { wrapper: providers(offline.engine) },
    );
    const save = await screen.findByRole('button', { name: LABELS.shell.save });
    expect(save).toHaveProperty('disabled', true);
    await fillReport('PD-0001', '2.5');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.savedOffline);
    expect(onClose).toHaveBeenCalled();

    const [item] = await offline.engine.list();
    expect(item).toMatchObject({ resource: 'partesdiarios', method: 'POST', url: '/api/partesdiarios', label: P.outboxLabel('PD-0001') });
    expect(item.meta).toMatchObject({ placa: 'EGA-123', servicio: 'ALQUILER CARGADOR', unidad: 'HORA', actividad: 'Limpieza de cunetas' });
    expect(item.body as ParteItem).toMatchObject({
      parte_id: null,
      nro_parte_interno: 'PD-0001',
      fecha: '2025-01-15',
      maquinaria_id: 1,
      operador_id: 5,
      dni: '12345678',
      actividad_id: 3,
      partesdiarios_det: { costo_det_id: 11, cantid: 2.5, preuni: 85.5, pretot: 213.75 },
      monto: 213.75,
      editorMode: 'crear',
    });
    offline.engine.stop();

    // "Reload": a new engine on the same database finds the report and, online, sends it once.
    const server = fakeServer();
    const online = makeEngine(server.fetchImpl as unknown as typeof fetch, { ...deps, dbName });
    expect((await online.engine.list()).map((i) => i.id)).toEqual([item.id]);
    await online.engine.flush({ force: true });
    await waitFor(async () => expect(await online.engine.list()).toHaveLength(0));
    // A restart after that sends nothing again.
    const again = makeEngine(server.fetchImpl as unknown as typeof fetch, { ...deps, db: createOfflineDb(dbName) });
    await again.engine.flush({ force: true });
    const posts = server.seen.filter((s) => s.method === 'POST' && s.url.endsWith('/api/partesdiarios'));
    expect(posts).toHaveLength(1);
    expect(posts[0].key).toBe(item.id);
    expect(server.rows).toHaveLength(1);
  });

  it('a report the server rejects is corrected from Sincronización and accepted once', async () => {
    let first = true;
    const server = fakeServer(async (req) => {
      if (first) {
        first = false;
        return json(400, {
          message: 'La actividad seleccionada está inactiva',
          errors: { actividad_id: 'La actividad seleccionada está inactiva' },
        });
      }
      return json(201, { parte_id: 90, ...(req.body as object) });
    });
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, deps);
    const body: ParteItem = {
      parte_id: null,
      nro_parte_interno: 'PD-0002',
      fecha: '2025-01-15',
      maquinaria_id: 1,
      operador_id: 5,
      dni: '12345678',
      nombre_operador: 'PEREZ JUAN',
      actividad_id: 4,
      partesdiarios_det: { costo_det_id: 12, cantid: 1, preuni: 300, pretot: 300 },
      monto: 300,
      horometro_inicial: 100,
      horometro_final: 108,
      editorMode: 'crear',
    };
    await t.engine.add({ resource: 'partesdiarios', method: 'POST', url: '/api/partesdiarios', body, label: P.outboxLabel('PD-0002') });
    await t.engine.flush({ force: true });
    await waitFor(async () => expect((await t.engine.list())[0]?.status).toBe('rejected'));
    const [rejected] = await t.engine.list();
    expect(rejected.lastError).toBe('La actividad seleccionada está inactiva');

    render(
      <>
        <OutboxEditorHost />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    await import('@client/features/partesdiarios/parte-save-dialog');
    act(() => openOutboxEditor(rejected));
    const dialog = await screen.findByRole('dialog', { name: P.fix });
    expect(await screen.findByLabelText(new RegExp(`^${P.number}`))).toHaveProperty('value', 'PD-0002');
    // The refused field says why.
    expect(await screen.findAllByText('La actividad seleccionada está inactiva')).not.toHaveLength(0);
    await choose(P.activity, 'Limpieza de cunetas');
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.saved);
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    expect(await t.engine.list()).toHaveLength(0);
    const posts = server.seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].key).not.toBe(posts[1].key);
    expect(posts[1].body).toMatchObject({
      nro_parte_interno: 'PD-0002',
      actividad_id: 3,
      partesdiarios_det: { costo_det_id: 12, cantid: 1 },
    });
  });
});
