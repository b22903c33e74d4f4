// The repair modal: a disabled Grabar names the field to check (the failure to repair too, when the machine has
// failures to offer), closing a changed form asks first, and a refused save shows the server's reason in the modal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { ReparacionDialog } from '@client/features/reparaciones/reparacion-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, reply, stopEngines, stubFetch } from '../helpers';

const R = LABELS.reparaciones;
const A = LABELS.almacen;
const MACHINE = { id: 3, placa: 'EGK-512', descripcion: 'EXCAVADORA CAT 320' };
const REFUSAL = 'La falla ya fue reparada';

let fallas: { falla_id: number; descripcion: string }[] = [];
let saved: unknown[] = [];

beforeEach(() => {
  setToken(makeToken(1));
  fallas = [];
  saved = [];
  stubFetch({
    'GET /api/maquinarias': [MACHINE],
    'POST /api/fallas/bymaquinaria': () => fallas,
    'POST /api/reparaciones': (body: unknown) => {
      saved.push(body);
      return reply(400, { message: REFUSAL });
    },
  });
});
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

async function openNew(onOpenChange = vi.fn()) {
  const t = offlineEngine();
  render(<ReparacionDialog open onOpenChange={onOpenChange} editId={null} />, { wrapper: providers(t.engine) });
  await screen.findByRole('dialog', { name: R.create });
  await screen.findByRole('option', { name: new RegExp(MACHINE.placa) });
  return onOpenChange;
}

const chooseMachine = () => fireEvent.change(screen.getByLabelText(new RegExp(`^${A.plate}`)), { target: { value: String(MACHINE.id) } });

describe('repair modal', () => {
  it('a disabled Grabar names the first invalid field; closing with changes asks first', async () => {
    const onOpenChange = await openNew();
    invalidReason(A.plate);
    chooseMachine();
    await waitFor(() => invalidReason(R.service));
    await expectDiscardAsked(R.create, onOpenChange);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks for the failure to repair when the machine has failures to offer', async () => {
    fallas = [{ falla_id: 7, descripcion: 'Manguera reventada' }];
    await openNew();
    chooseMachine();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.service}`)), { target: { value: 'Cambio de manguera' } });
    await waitFor(() => invalidReason(R.failure));
  });

  it('a refused save shows the server reason inside the modal and keeps it open', async () => {
    const onOpenChange = await openNew();
    chooseMachine();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.service}`)), { target: { value: 'Cambio de manguera' } });
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    const dialog = screen.getByRole('dialog', { name: R.create });
    await waitFor(() => expect(dialog.textContent).toContain(REFUSAL));
    expect(saved).toHaveLength(1);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
