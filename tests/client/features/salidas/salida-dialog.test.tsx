// The exit modal offline: catalogues and typeaheads from the device copies, save queued in the outbox with the
// 'Guardado en el dispositivo…' toast; 'Abrir y corregir' replaces a rejected exit by the corrected copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { limaDate } from '@shared/domain/dates';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { getDb, type OutboxItem } from '@client/offline/db';
import { closeOutboxEditor, openOutboxEditor } from '@client/offline/editors';
import { OutboxEditorHost } from '@client/offline/ui';
import '@client/app/offline-resources';
import type { SalidaSave } from '@client/features/salidas/api';
import { SalidaDialog } from '@client/features/salidas/salida-dialog';
import { json } from '../../offline/helpers';
import { exitBody, makeToken, offlineEngine, onlineEngine, providers, stopEngines, stubFetch, field } from '../helpers';

const today = limaDate();
const CATALOGS: [unknown[], unknown][] = [
  [
    ['maquinarias'],
    [
      {
        id: 1,
        descripcion: 'CARGADOR FRONTAL',
        marca: 'CAT',
        modelo: null,
        placa: 'EGA-123',
        insumos: [],
        estado: 0,
        año_fabrica: 2010,
        horometro: true,
      },
    ],
  ],
  [
    ['operadores'],
    [
      {
        operador_id: 5,
        indiv_id: null,
        dni: '12345678',
        nombres: 'PEREZ JUAN',
        direccion: null,
        celular: null,
        email: null,
        fecha_nac: null,
        sexo: null,
      },
    ],
  ],
  [
    ['insumos'],
    [
      {
        id: 7,
        insumo_codigo: 'FIL-001',
        insumo_name: 'Filtro de aceite',
        unimed: 'UND',
        unimed_id: 1,
        stock: 10,
        costo_promedio: 0,
        valor_stock: 0,
      },
    ],
  ],
];

beforeEach(async () => {
  setToken(makeToken(1));
  stubFetch({}); // the tablet has no network
  await getDb().cache.bulkPut(CATALOGS.map(([key, data]) => ({ key: cacheKey(key), data, savedAt: Date.now(), userId: 1 })));
});
afterEach(async () => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  closeOutboxEditor();
  clearToken();
  await getDb().cache.clear();
});

/** 'Abrir y corregir' through the generic path: the exits' registered editor shown by the app's host. */
async function openFix(engine: ReturnType<typeof offlineEngine>['engine'], item: OutboxItem) {
  render(
    <>
      <OutboxEditorHost />
      <Toaster />
    </>,
    { wrapper: providers(engine) },
  );
  act(() => openOutboxEditor(item));
  return screen.findByRole('dialog', { name: LABELS.salidas.fix });
}

describe('exit modal offline', () => {
  it('fills machine, operator and item from the device copies and queues the save', async () => {
    const t = offlineEngine();
    const onOpenChange = vi.fn();
    render(
      <>
        <SalidaDialog open onOpenChange={onOpenChange} editId={null} />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field(LABELS.salidas.voucher), { target: { value: 'V-200' } });
    await screen.findByRole('option', { name: 'EGA-123 - CARGADOR FRONTAL' });
    fireEvent.change(field(LABELS.almacen.machine), { target: { value: '1' } });

    const dni = screen.getByRole('combobox', { name: LABELS.salidas.operatorDni });
    expect(dni.getAttribute('maxLength')).toBe('8');
    fireEvent.change(dni, { target: { value: '12a34' } });
    expect(dni).toHaveProperty('value', '1234'); // digits only
    fireEvent.click(await screen.findByRole('option', { name: '12345678 - PEREZ JUAN' }));
    expect(field(LABELS.salidas.operatorName)).toHaveProperty('value', 'PEREZ JUAN');

    fireEvent.click(screen.getByRole('button', { name: LABELS.almacen.addItem }));
    fireEvent.change(screen.getByRole('combobox', { name: LABELS.almacen.supply }), { target: { value: 'fil' } });
    fireEvent.click(await screen.findByRole('option', { name: /FIL-001 - Filtro de aceite/ }));
    fireEvent.change(field(LABELS.almacen.quantity), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.almacen.add }));
    await screen.findByText('FIL-001');

    expect(save).toHaveProperty('disabled', false);
    fireEvent.click(save);
    await screen.findByText(MSG.savedOffline);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // The engine tries the network once anyway (navigator.onLine lies); the failed try leaves the item queued.
    let item = (await t.engine.list())[0];
    await waitFor(async () => {
      item = (await t.engine.list())[0];
      expect(['pending', 'retrying']).toContain(item.status);
    });
    expect(item).toMatchObject({ resource: 'salidas', method: 'POST', url: '/api/salidas', label: 'Salida vale V-200' });
    expect(item.meta).toMatchObject({ placa: 'EGA-123', maquinaria: 'CARGADOR FRONTAL' });
    expect(item.body).toMatchObject({
      nro_vale: 'V-200',
      fecha: '2025-01-15', // the token's server date
      maquinaria_id: 1,
      operador_id: 5,
      operador_dni: '12345678',
      editorMode: 'crear',
      salidas_det: [{ insumo_id: 7, cantidad: 2, old_cantidad: 0, salida_det_id: null }],
    });
  });

  it("'Abrir y corregir': a line above stock blocks the save until fixed; the corrected copy replaces the rejected item", async () => {
    const t = offlineEngine();
    const bad = await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-101', today, [{ insumo_id: 7, cantidad: 50, stock: 10 } as never]),
      label: 'Salida vale V-101',
      meta: { id: null, placa: 'EGA-123', maquinaria: 'CARGADOR FRONTAL' },
    });
    await t.db.outbox.update(bad.id, { status: 'rejected', lastError: MSG.stockUnavailable('C7', '10.00') });
    const rejected = (await t.engine.list())[0];
    const dialog = await openFix(t.engine, rejected);
    expect(field(LABELS.salidas.voucher)).toHaveProperty('value', 'V-101');
    const save = within(dialog).getByRole('button', { name: LABELS.shell.save });
    const row = (await screen.findByText('C7')).closest('tr')!;
    within(row).getByText(MSG.quantityUnavailable);
    within(row).getByText(MSG.availableNow('10.00')); // what the line may take, beside the refused quantity
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(within(row).getByRole('button', { name: LABELS.edit }));
    fireEvent.change(field(LABELS.almacen.quantity), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.almacen.update }));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.savedOffline);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LABELS.salidas.fix })).toBeNull());

    const items = await t.engine.list();
    expect(items).toHaveLength(1);
    expect(items[0].id).not.toBe(bad.id);
    expect(items[0]).toMatchObject({ meta: { resentFrom: bad.id } });
    expect(['pending', 'sending', 'retrying']).toContain(items[0].status); // waiting for the network
    expect((items[0].body as SalidaSave).salidas_det[0]).toMatchObject({ insumo_id: 7, cantidad: 8 });
  });

  it("'Abrir y corregir' online: lines are checked against the server's current stock, not the one saved offline", async () => {
    // Saved offline when the supply had 8; meanwhile another exit left 2 on the server.
    stubFetch({
      'GET /api/insumos': [
        { id: 7, insumo_codigo: 'C7', insumo_name: 'Insumo 7', unimed_id: 1, unimed: 'UND', stock: 2, costo_promedio: 0, valor_stock: 0 },
      ],
    });
    const t = offlineEngine();
    const bad = await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-102', today, [{ insumo_id: 7, cantidad: 3, stock: 8 } as never]),
      label: 'Salida vale V-102',
      meta: { id: null, placa: 'EGA-123', maquinaria: 'CARGADOR FRONTAL' },
    });
    await t.db.outbox.update(bad.id, { status: 'rejected', lastError: MSG.stockUnavailable('C7', '2.00') });
    const rejected = (await t.engine.list())[0];
    await openFix(t.engine, rejected);
    const row = (await screen.findByText('C7')).closest('tr')!;
    await waitFor(() => within(row).getByText(MSG.availableNow('2.00')));
    within(row).getByText(MSG.quantityUnavailable);
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
    fireEvent.click(within(row).getByRole('button', { name: LABELS.edit }));
    expect(await screen.findByLabelText(LABELS.salidas.available)).toHaveProperty('value', '2.00');
  });

  it('online edit refused with 409: shows the server message, keeps the modal open and queues nothing', async () => {
    const detail = {
      ...exitBody('V-041', today, [{ insumo_id: 7, cantidad: 1, salida_det_id: 9, stock: 10 } as never], 41),
      maquinaria: 'CARGADOR FRONTAL',
      placa: 'EGA-123',
      created_at: '2026-11-20T15:00:00.000Z',
    };
    stubFetch({
      'GET /api/salidas/41': { ...detail, salidas_det: detail.salidas_det.map((l) => ({ ...l, salida_id: 41, old_cantidad: 1 })) },
    });
    const message = MSG.stockUnavailable('C7', '10.00');
    const t = onlineEngine(() => json(409, { message }));
    const onOpenChange = vi.fn();
    render(
      <>
        <SalidaDialog open onOpenChange={onOpenChange} editId={41} />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    await screen.findByDisplayValue('V-041');
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    // The server's reason, in the modal (the engine's round trip may take a moment under load).
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(message);
    expect(t.server.seen[0]).toMatchObject({ method: 'PUT', url: '/api/salidas/41' });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(await t.engine.list()).toHaveLength(0);
  });
});

describe('exit modal defects found in use', () => {
  async function fillHead(dniDigits: string) {
    fireEvent.change(field(LABELS.salidas.voucher), { target: { value: 'V-300' } });
    await screen.findByRole('option', { name: 'EGA-123 - CARGADOR FRONTAL' });
    fireEvent.change(field(LABELS.almacen.machine), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('combobox', { name: LABELS.salidas.operatorDni }), { target: { value: dniDigits } });
  }
  async function addLine() {
    fireEvent.click(screen.getByRole('button', { name: LABELS.almacen.addItem }));
    fireEvent.change(screen.getByRole('combobox', { name: LABELS.almacen.supply }), { target: { value: 'fil' } });
    fireEvent.click(await screen.findByRole('option', { name: /FIL-001 - Filtro de aceite/ }));
    fireEvent.change(field(LABELS.almacen.quantity), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.almacen.add }));
    await screen.findByText('FIL-001');
  }

  it('an unknown operator DNI is flagged on the field before saving, and Grabar says why', async () => {
    stubFetch({ 'GET /api/operadores/suggestdni/87654321': { items: [] } });
    render(<SalidaDialog open onOpenChange={() => {}} editId={null} />, { wrapper: providers(offlineEngine().engine) });
    await fillHead('87654321');
    const dni = screen.getByRole('combobox', { name: LABELS.salidas.operatorDni });
    await waitFor(() => expect(dni.getAttribute('aria-invalid')).toBe('true'));
    // No line yet either: the reason names the DNI, the first field to fix and the one marked, not the lines below.
    await screen.findByText(MSG.cannotSaveYet(LABELS.salidas.operatorDni, MSG.operatorNotFound));
    await addLine();
    expect(document.getElementById(dni.getAttribute('aria-describedby')!)?.textContent).toBe(MSG.operatorNotFound);
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    expect(save).toHaveProperty('disabled', true);
    screen.getByText(MSG.cannotSaveYet(LABELS.salidas.operatorDni, MSG.operatorNotFound));
    // A known DNI typed in full is filled in and the save is allowed; its suggestion list does not stay open over
    // the form (the lookup did what a choice would).
    fireEvent.change(dni, { target: { value: '12345678' } });
    await waitFor(() => expect(field(LABELS.salidas.operatorName)).toHaveProperty('value', 'PEREZ JUAN'));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await new Promise((r) => setTimeout(r, 400)); // past the typeahead's debounce: its search has answered
    expect(screen.queryByRole('option', { name: '12345678 - PEREZ JUAN' })).toBeNull();
    expect(dni.getAttribute('aria-expanded')).toBe('false');
    // Editing the DNI again opens the suggestions again.
    fireEvent.change(dni, { target: { value: '1234' } });
    await screen.findByRole('option', { name: '12345678 - PEREZ JUAN' });
  });

  it('a voucher number another exit carries gets a warning that does not block the save', async () => {
    stubFetch({ 'GET /api/salidas/vales': [{ id: 3, fecha: '2025-01-02', placa: 'EGA-123' }] });
    render(<SalidaDialog open onOpenChange={() => {}} editId={null} />, { wrapper: providers(offlineEngine().engine) });
    await fillHead('12345678');
    fireEvent.blur(field(LABELS.salidas.voucher));
    await screen.findByText(MSG.voucherUsed('2025-01-02', 'EGA-123'));
    await addLine();
    await waitFor(() => expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', false));
  });

  it('any refused save shows the server reason in the modal (a 400 too), and nothing stays queued', async () => {
    const t = onlineEngine(() => json(400, { message: MSG.machineNotFound }));
    const onOpenChange = vi.fn();
    render(<SalidaDialog open onOpenChange={onOpenChange} editId={null} />, { wrapper: providers(t.engine) });
    await fillHead('12345678');
    await addLine();
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(MSG.machineNotFound);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(await t.engine.list()).toHaveLength(0);
  });
});
