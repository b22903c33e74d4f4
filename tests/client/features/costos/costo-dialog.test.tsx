// The cost modal: a disabled Grabar names the field to check (the description, then the missing service); the
// service sub-modal asks before discarding a changed line and says why 'Agregar' is disabled; Cancelar on a changed
// schedule asks '¿Descartar los cambios?'; a save the server refuses shows its reason in the modal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { CostoDialog } from '@client/features/costos/costo-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, reply, stopEngines, stubFetch } from '../helpers';

const L = LABELS.costos;

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

function open() {
  const onClose = vi.fn();
  render(<CostoDialog row={null} onClose={onClose} />, { wrapper: providers(offlineEngine().engine) });
  return onClose;
}

const description = () => within(screen.getByRole('dialog', { name: L.create })).getByLabelText(new RegExp(`^${L.description}`));

async function addLine(text: string, price: string) {
  fireEvent.click(screen.getByRole('button', { name: L.addLine }));
  const sub = await screen.findByRole('dialog', { name: L.addLine });
  fireEvent.change(within(sub).getByLabelText(new RegExp(`^${L.description}`)), { target: { value: text } });
  fireEvent.change(within(sub).getByLabelText(new RegExp(`^${L.price}`)), { target: { value: price } });
  const add = within(sub).getByRole('button', { name: LABELS.almacen.add });
  await waitFor(() => expect(add).toHaveProperty('disabled', false));
  fireEvent.click(add);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: L.addLine })).toBeNull());
}

describe('cost modal', () => {
  it('names the description, then the missing service; asks before discarding', async () => {
    stubFetch({});
    const onClose = open();
    invalidReason(L.description, FIELD.required);
    fireEvent.change(description(), { target: { value: 'TARIFARIO 2026' } });
    await waitFor(() => invalidReason(L.lines, L.noLines));
    await expectDiscardAsked(L.create, onClose);
  });

  it('the service sub-modal says why Agregar is disabled and asks before discarding a changed line', async () => {
    stubFetch({});
    open();
    fireEvent.click(screen.getByRole('button', { name: L.addLine }));
    const sub = await screen.findByRole('dialog', { name: L.addLine });
    const add = within(sub).getByRole('button', { name: LABELS.almacen.add });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(within(sub).getByLabelText(new RegExp(`^${L.description}`)), { target: { value: 'ALQUILER' } });
    await waitFor(() => expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toContain(L.price));
    fireEvent.click(within(sub).getByRole('button', { name: MSG.cancel }));
    const ask = await screen.findByRole('dialog', { name: MSG.discardTitle });
    fireEvent.click(within(ask).getByRole('button', { name: MSG.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.addLine })).toBeNull());
    // The schedule itself is still open.
    screen.getByRole('dialog', { name: L.create });
  });

  it('a refused save shows the server reason in the modal and keeps it open', async () => {
    stubFetch({ 'POST /api/costos': reply(409, { message: 'Ya existe un tarifario con esa descripción' }) });
    const onClose = open();
    fireEvent.change(description(), { target: { value: 'TARIFARIO 2026' } });
    await addLine('ALQUILER CARGADOR', '85.50');
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('Ya existe un tarifario con esa descripción');
    expect(onClose).not.toHaveBeenCalled();
  });
});
