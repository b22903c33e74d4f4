// The request modal: one schema (the contract's pedidoBody) keeps Grabar disabled and says why; lines are added
// through the item sub-modal, a saved line removed goes to `trash`; a refusal shows the server's reason in the modal;
// Cancelar on a changed form asks before discarding; the focus comes back to 'Agregar insumo' after the sub-modal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { PedidoDialog } from '@client/features/pedidos/pedido-dialog';
import { makeToken, offlineEngine, providers, reply, stubFetch, field, resetScreenTest } from '../helpers';

const A = LABELS.almacen;
const MACHINES = [
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
    horometro_inicial: 0,
    horometro_actual: 1875,
    uso_diario: 7.25,
    veh_id: null,
  },
];
const UNIMEDS = [
  { unimed_id: 1, unimed_abrev: 'UND' },
  { unimed_id: 2, unimed_abrev: 'GLN' },
];
const SUPPLY = { bien_id: 7, bien_nombre: 'Filtro de aceite', codigo: 'FIL-001', unimed_id: 1, unimed_abrev: 'UND' };
const DETAIL = {
  pedido_id: 30,
  fecha: '2025-01-10',
  maquinaria_id: 1,
  placa: 'EGA-123',
  detalle: '',
  estado: 0,
  observacion: 'Urgente',
  created_at: '2025-01-10T15:00:00.000Z',
  pedidos_det: [
    {
      pedido_det_id: 91,
      pedido_id: 30,
      insumo_id: 7,
      insumo_name: 'Filtro de aceite',
      insumo_codigo: 'FIL-001',
      unimed_id: 1,
      unimed_abrev: 'UND',
      cantidad: 2,
    },
    {
      pedido_det_id: 92,
      pedido_id: 30,
      insumo_id: 8,
      insumo_name: 'Grasa',
      insumo_codigo: 'GRA-001',
      unimed_id: 2,
      unimed_abrev: 'GLN',
      cantidad: 1,
    },
  ],
};

const base = { 'GET /api/maquinarias': MACHINES, 'GET /api/pedidos/unimeds': UNIMEDS, 'GET /api/insumos/search': { items: [SUPPLY] } };

beforeEach(() => setToken(makeToken(1)));
afterEach(resetScreenTest);

function open(editId: number | null) {
  const onOpenChange = vi.fn();
  const t = offlineEngine();
  render(
    <>
      <PedidoDialog open onOpenChange={onOpenChange} editId={editId} />
      <Toaster />
    </>,
    { wrapper: providers(t.engine) },
  );
  return onOpenChange;
}

const save = () => screen.getByRole('button', { name: LABELS.shell.save });

describe('request modal', () => {
  it('creates a request: Grabar says what is missing, the line comes from the sub-modal, the body is the contract body', async () => {
    let sent: Record<string, unknown> | undefined;
    stubFetch({ ...base, 'POST /api/pedidos': (body: Record<string, unknown>) => ((sent = body), { ...DETAIL, pedido_id: 31 }) });
    const onOpenChange = open(null);
    expect(save()).toHaveProperty('disabled', true);
    expect(save().getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText(MSG.cannotSaveYet(A.plate, FIELD.required));
    // The required fields carry their mark, as in the other warehouse forms.
    expect(field(A.plate)).toHaveProperty('required', true);
    expect(field(A.date)).toHaveProperty('required', true);

    await screen.findByRole('option', { name: 'EGA-123 - CARGADOR FRONTAL' });
    fireEvent.change(field(A.plate), { target: { value: '1' } });
    // The machine is fine now; the next thing missing is a line.
    await screen.findByText(MSG.cannotSaveYet(A.items, 'Campo obligatorio'));

    const addButton = screen.getByRole('button', { name: A.addItem });
    addButton.focus();
    fireEvent.click(addButton);
    const sub = await screen.findByRole('dialog', { name: A.addItem });
    fireEvent.change(within(sub).getByRole('combobox', { name: A.supply }), { target: { value: 'fil' } });
    fireEvent.click(await screen.findByRole('option', { name: 'FIL-001 - Filtro de aceite' }));
    fireEvent.change(within(sub).getByLabelText(A.quantity), { target: { value: '3' } });
    fireEvent.click(within(sub).getByRole('button', { name: A.add }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: A.addItem })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(addButton)); // back where the clerk was

    screen.getByText('FIL-001');
    await waitFor(() => expect(save()).toHaveProperty('disabled', false));
    fireEvent.click(save());
    await screen.findByText(MSG.saved);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent).toMatchObject({
      pedido_id: null,
      maquinaria_id: 1,
      fecha: '2025-01-15',
      estado: 0,
      observacion: null,
      editorMode: 'crear',
      trash: [],
      pedidos_det: [{ insumo_id: 7, cantidad: 3, unimed_id: 1, pedido_det_id: null }],
    });
  });

  it("the line sub-modal judges the line with the contract's schema and keeps the unit of a line loaded before the units", async () => {
    stubFetch({ ...base, 'GET /api/pedidos/30': DETAIL });
    open(30);
    const row = (await screen.findByText('GRA-001')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: LABELS.edit }));
    const sub = await screen.findByRole('dialog', { name: A.editItem });
    await waitFor(() => expect(within(sub).getByLabelText(A.unit)).toHaveProperty('value', '2'));
    const update = within(sub).getByRole('button', { name: A.update });
    expect(update).toHaveProperty('disabled', false);
    // Above pedidoLine's largest amount (below 10^10): the server would refuse it, so Actualizar stays disabled.
    fireEvent.change(within(sub).getByLabelText(A.quantity), { target: { value: '10000000000' } });
    expect(update).toHaveProperty('disabled', true);
    // It says why.
    expect(document.getElementById(update.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MSG.cannotAddYet(A.quantity, FIELD.invalidValue),
    );
    fireEvent.change(within(sub).getByLabelText(A.quantity), { target: { value: '4' } });
    expect(update).toHaveProperty('disabled', false);
    fireEvent.click(update);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: A.editItem })).toBeNull());
    const changed = screen.getByText('GRA-001').closest('tr')!;
    within(changed).getByText('4.00');
  });

  it('edits a request loaded once: a removed saved line goes to trash; a refusal shows the server reason and keeps the form', async () => {
    const calls: unknown[] = [];
    const message = MSG.requestStatusForbidden;
    stubFetch({
      ...base,
      'GET /api/pedidos/30': DETAIL,
      'PUT /api/pedidos/30': (body: unknown) => (calls.push(body), reply(403, { message })),
    });
    const onOpenChange = open(30);
    const row = (await screen.findByText('GRA-001')).closest('tr')!;
    expect(screen.getByRole('textbox', { name: A.observation })).toHaveProperty('value', 'Urgente');
    fireEvent.click(within(row).getByRole('button', { name: LABELS.remove }));
    expect(screen.queryByText('GRA-001')).toBeNull();
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(calls[0]).toMatchObject({
      pedido_id: 30,
      editorMode: 'editar',
      pedidos_det: [{ pedido_det_id: 91 }],
      trash: [{ pedido_det_id: 92 }],
    });
    screen.getByRole('dialog', { name: LABELS.pedidos.edit });
  });

  it('Cancelar on a changed form asks ¿Descartar los cambios?; an untouched form closes at once', async () => {
    stubFetch(base);
    const onOpenChange = open(null);
    await screen.findByRole('option', { name: 'EGA-123 - CARGADOR FRONTAL' });
    fireEvent.change(field(A.plate), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.cancel }));
    const ask = await screen.findByRole('dialog', { name: MSG.discardTitle });
    fireEvent.click(within(ask).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.discardTitle })).toBeNull());
    expect(onOpenChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: LABELS.close }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: MSG.discardTitle })).getByRole('button', { name: MSG.discard }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
