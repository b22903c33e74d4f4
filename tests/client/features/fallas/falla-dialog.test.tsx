// The failure modal: the status is shown disabled; the correction of a rejected failure opens with its body and
// the photos the device kept, and resends the corrected body with those photos following it; a disabled Grabar
// names the field to check and marks it once the form has changes; closing a changed form asks first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { FallaDialog } from '@client/features/fallas/falla-dialog';
import { fallaForm } from '@client/features/fallas/api';
import { fallasOffline } from '@client/features/fallas/offline';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, stopEngines, stubFetch } from '../helpers';

const F = LABELS.fallas;
const A = LABELS.almacen;
/** A machine as GET /api/maquinarias answers it. */
const MACHINE = {
  id: 3,
  placa: 'EGK-512',
  descripcion: 'EXCAVADORA CAT 320',
  marca: 'CATERPILLAR',
  modelo: '320D',
  estado: 0,
  año_fabrica: 2012,
  horometro: true,
  horometro_inicial: 4200,
  horometro_actual: 5120.5,
  uso_diario: 6.5,
  veh_id: null,
  insumos: [],
};

beforeEach(() => {
  setToken(makeToken(1));
  stubFetch({ 'GET /api/maquinarias': [MACHINE] });
});
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

describe('failure modal', () => {
  it('new: machine, disabled PENDIENTE status, descriptions and an empty photo section', async () => {
    const t = offlineEngine();
    render(<FallaDialog open onOpenChange={() => undefined} row={null} />, { wrapper: providers(t.engine) });
    await screen.findByRole('dialog', { name: F.create });
    const state = screen.getByLabelText(new RegExp(`^${A.state}`)) as HTMLSelectElement;
    expect(state.disabled).toBe(true);
    expect(state.selectedOptions[0].textContent).toBe('PENDIENTE');
    screen.getByText(F.noPhotos);
    screen.getByRole('button', { name: F.takePhoto });
    const camera = screen.getByTestId('photo-camera');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
  });

  it('correcting a rejected failure shows the kept photos and resends them with the corrected body', async () => {
    const t = offlineEngine();
    const form = fallaForm({ maquinaria_id: MACHINE.id, descripcion: 'Falla', detalle: null }, null);
    const photos = ['a.jpg', 'b.jpg'].map((name) => ({ name, blob: new Blob([new Uint8Array(10)], { type: 'image/jpeg' }) }));
    const item = await t.engine.add(
      fallasOffline.input(form, { placa: MACHINE.placa, maquinaria: MACHINE.descripcion, nro_fotos: 2 }, photos),
    );
    const rejected = { ...item, status: 'rejected' as const, lastError: 'La descripción es demasiado vaga' };
    const resend = vi.fn(async () => ({ queued: false as const, data: {}, replayed: false }));
    const onOpenChange = vi.fn();
    render(
      <>
        <FallaDialog open onOpenChange={onOpenChange} row={null} fix={{ item: rejected, body: form, resend }} />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    const dialog = await screen.findByRole('dialog', { name: F.fix });
    await waitFor(() => expect(dialog.textContent).toContain(F.photosCount(2, 5)));
    expect(dialog.querySelectorAll(`[aria-label="${F.openPhoto(2)}"]`)).toHaveLength(1);
    const descripcion = screen.getByLabelText(new RegExp(`^${F.shortDescription}`)) as HTMLInputElement;
    expect(descripcion.value).toBe('Falla');
    fireEvent.change(descripcion, { target: { value: 'Manguera del brazo reventada' } });
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.saved);
    expect(resend).toHaveBeenCalledTimes(1);
    expect(resend).toHaveBeenCalledWith(
      expect.objectContaining({ descripcion: 'Manguera del brazo reventada', created_at: form.created_at, editorMode: 'crear' }),
      undefined, // untouched photos follow the corrected copy
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a disabled Grabar names the first invalid field, marked once the user worked on it; closing with changes asks first', async () => {
    const t = offlineEngine();
    const onOpenChange = vi.fn();
    render(<FallaDialog open onOpenChange={onOpenChange} row={null} />, { wrapper: providers(t.engine) });
    await screen.findByRole('dialog', { name: F.create });
    await screen.findByRole('option', { name: new RegExp(MACHINE.placa) });
    invalidReason(A.machine);
    const descripcion = screen.getByLabelText(new RegExp(`^${F.shortDescription}`)) as HTMLInputElement;
    expect(descripcion.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(screen.getByLabelText(new RegExp(`^${A.machine}`)), { target: { value: String(MACHINE.id) } });
    // The machine is fine now: the short description is what is missing. The reason beside Grabar says so; the
    // field is marked only once the user has worked on it (a field not reached yet is not scolded).
    await waitFor(() => invalidReason(F.shortDescription));
    expect(descripcion.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(descripcion, { target: { value: 'x' } });
    fireEvent.change(descripcion, { target: { value: ' ' } });
    await waitFor(() => expect(descripcion.getAttribute('aria-invalid')).toBe('true'));

    await expectDiscardAsked(F.create, onOpenChange);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an untouched form closes at once', async () => {
    const t = offlineEngine();
    const onOpenChange = vi.fn();
    render(<FallaDialog open onOpenChange={onOpenChange} row={null} />, { wrapper: providers(t.engine) });
    const dialog = await screen.findByRole('dialog', { name: F.create });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancel }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog', { name: MSG.discardTitle })).toBeNull();
  });
});
