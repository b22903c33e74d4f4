// The entry modal: Buscar says at once that an order already has an entry; the whole body is judged by the
// contract's ingresoBody (Grabar disabled and saying why, the delivery note required when the order has some); only
// the duplicate-order refusal shows 'No puede grabar, orden de compra ya registrado', any other refusal its own
// reason; view mode saves nothing when the delivery note is switched.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FIELD, LABELS, MSG } from '@shared/messages';
import type { IngresoDetail, OrdenInfo } from '@shared/contract/ingresos';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { IngresoDialog } from '@client/features/ingresos/ingreso-dialog';
import { makeToken, offlineEngine, providers, reply, stopEngines, stubFetch, field } from '../helpers';

const L = LABELS.ingresos;
const ORDER: OrdenInfo = {
  items: [
    {
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      nro_ordencompra: '0000123',
      orden_id: 9001,
      fecha_ordencompra: '2024-01-15',
      insumo_codigo: 'ING-ACE',
      insumo_name: 'Aceite hidráulico',
      cantidad: 10,
      unimed: 'GLN',
      precio_unitario: 55.5,
    },
  ],
  marcas: [{ cotidet_marca: 'SHELL' }],
  guias: [
    { nro_guiaremision: 'G001-1', fecha_guiaremision: '2024-01-20' },
    { nro_guiaremision: 'G001-2', fecha_guiaremision: '2024-01-22' },
  ],
  registrado: null,
};

/** Entry 8 of that order, as GET /api/ingresos/:id answers it. */
const ENTRY: IngresoDetail = {
  id: 8,
  nro_ordencompra: '0000123',
  anio: 2024,
  fecha: '2025-01-10',
  orden_id: 9001,
  proveedor: 'LUBRICANTES DEL CENTRO SAC',
  fecha_ordencompra: '2024-01-15',
  nro_guiaremision: 'G001-1',
  fecha_guiaremision: '2024-01-20',
  guias_remision: ORDER.guias,
  ingresos_det: [
    {
      id: 1,
      insumo_id: 31,
      insumo: { insumo_codigo: 'ING-ACE', insumo_name: 'Aceite' },
      precio_unitario: 55.5,
      cantidad: 10,
      unimed: 'GLN',
      marca: null,
      user_idx: null,
    },
  ],
  created_at: '2025-01-10T15:00:00.000Z',
};

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

function open(viewId: number | null) {
  const onOpenChange = vi.fn();
  render(
    <>
      <IngresoDialog open onOpenChange={onOpenChange} viewId={viewId} />
      <Toaster />
    </>,
    { wrapper: providers(offlineEngine().engine) },
  );
  return onOpenChange;
}

const save = () => screen.getByRole('button', { name: LABELS.shell.save });

async function lookUp(nro = '123') {
  fireEvent.change(field(L.orderNumber), { target: { value: nro } });
  fireEvent.click(screen.getByRole('button', { name: L.search }));
}

describe('new entry modal', () => {
  it('Buscar on an order already entered warns before anything is filled, and Grabar stays disabled', async () => {
    stubFetch({ 'POST /api/ingresos/getinforden': { ...ORDER, registrado: { id: 4, fecha: '2025-01-02' } } });
    open(null);
    await lookUp();
    const warning = MSG.orderAlreadyEntered('2025-01-02');
    expect((await screen.findAllByText(warning)).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(L.supplier)).toBeNull();
    expect(save()).toHaveProperty('disabled', true);
    screen.getByText(MSG.cannotSaveYet(L.orderNumber, warning));
  });

  it('requires the delivery note of an order that has them, then sends the contract body', async () => {
    let sent: Record<string, unknown> | undefined;
    stubFetch({
      'POST /api/ingresos/getinforden': ORDER,
      'POST /api/ingresos': (body: Record<string, unknown>) => {
        sent = body;
        return reply(201, {
          ...ENTRY,
          id: 5,
          fecha: '2025-01-15',
          nro_guiaremision: 'G001-2',
          fecha_guiaremision: '2024-01-22',
          ingresos_det: [{ ...ENTRY.ingresos_det[0], id: 2, marca: 'SHELL' }],
          created_at: '2025-01-15T15:00:00.000Z',
        });
      },
    });
    const onOpenChange = open(null);
    screen.getByText(MSG.cannotSaveYet(L.orderNumber, FIELD.required));
    fireEvent.change(field(L.orderNumber), { target: { value: '123' } });
    await screen.findByText(MSG.cannotSaveYet('', MSG.orderNotSearched));
    fireEvent.click(screen.getByRole('button', { name: L.search }));
    await screen.findByRole('cell', { name: 'ING-ACE' });
    // The order's price, read-only: 10 × 55.50 = 555.00.
    screen.getByRole('cell', { name: '55.50' });
    screen.getByRole('cell', { name: '555.00' });
    screen.getByText(L.total('555.00'));
    expect(save()).toHaveProperty('disabled', true);
    screen.getByText(MSG.cannotSaveYet(L.guide, FIELD.required));
    expect(field(L.guide)).toHaveProperty('required', true);
    // Buscar filled the form: the delivery note, not chosen yet, is not marked invalid (the reason above says it).
    expect(field(L.guide).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(FIELD.required)).toBeNull();
    fireEvent.change(field(L.guide), { target: { value: 'G001-2' } });
    fireEvent.change(screen.getByRole('combobox', { name: `${L.brand} ING-ACE` }), { target: { value: 'SHELL' } });
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    await screen.findByText(MSG.saved);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent).toMatchObject({
      nro_ordencompra: '123',
      orden_id: 9001,
      fecha: '2025-01-15',
      nro_guiaremision: 'G001-2',
      fecha_guiaremision: '2024-01-22',
      editorMode: 'crear',
      ingresos_det: [{ insumo: { insumo_codigo: 'ING-ACE' }, cantidad: 10, unimed: 'GLN', marca: 'SHELL' }],
    });
  });

  it.each([
    ['the duplicate order (two clerks at once)', MSG.orderAlreadyRegistered],
    ['a line above the order', MSG.entryLineExceedsOrder('ING-ACE', '10.00')],
  ])('a 422 for %s shows the server reason, in a toast and in the modal', async (_case, message) => {
    stubFetch({ 'POST /api/ingresos/getinforden': ORDER, 'POST /api/ingresos': reply(422, { message }) });
    const onOpenChange = open(null);
    await lookUp();
    await screen.findByRole('cell', { name: 'ING-ACE' });
    fireEvent.change(field(L.guide), { target: { value: 'G001-1' } });
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getAllByText(message).length).toBe(2); // the modal and the toast
    if (message !== MSG.orderAlreadyRegistered) expect(screen.queryByText(MSG.orderAlreadyRegistered)).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('entry view', () => {
  it('is read-only: switching the delivery note only shows another note, nothing is saved', async () => {
    const fetch = stubFetch({
      'GET /api/ingresos/8': ENTRY,
    });
    open(8);
    const dialog = await screen.findByRole('dialog', { name: L.view });
    const guide = await within(dialog).findByLabelText(L.guide);
    expect(guide).toHaveProperty('value', 'G001-1');
    within(dialog).getByText(L.total('555.00'));
    fireEvent.change(guide, { target: { value: 'G001-2' } });
    expect(guide).toHaveProperty('value', 'G001-2');
    expect(within(dialog).queryByRole('button', { name: LABELS.shell.save })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });
});
