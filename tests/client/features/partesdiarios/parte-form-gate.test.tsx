// The daily-report modal on the device's catalogues (Dexie on fake-indexeddb, no network): a disabled Grabar names
// the first field to check and moves on as fields are filled; closing a changed report asks '¿Descartar los
// cambios?'; the report handed back is refused by the server → the reason shows in the modal, which stays open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { ApiError } from '@client/lib/api';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import { ParteDialog } from '@client/components/partes/parte-dialog';
import { ParteSaveDialog } from '@client/features/partesdiarios/parte-save-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, stubFetch, resetScreenTest } from '../helpers';
import { INFOVENTA, OPERADORES } from './fixtures';

const P = LABELS.partes;

beforeEach(async () => {
  setToken(makeToken(1));
  stubFetch({}); // no network: the catalogues come from the device
  await getDb().cache.bulkPut(
    [
      [['valoriza', 'infoventa'], INFOVENTA],
      [['operadores'], OPERADORES],
    ].map(([key, data]) => ({ key: cacheKey(key as unknown[]), data, savedAt: Date.now(), userId: 1 })),
  );
});
afterEach(resetScreenTest);

async function choose(label: string, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.focus(box);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('daily-report form gate', () => {
  it('names the first field to check, then the next, and asks before discarding the changes', async () => {
    const t = offlineEngine();
    const onClose = vi.fn();
    render(<ParteSaveDialog item={null} defaultFecha="2025-01-15" onClose={onClose} />, { wrapper: providers(t.engine) });
    const number = await screen.findByLabelText(new RegExp(`^${P.number}`));
    invalidReason(P.number);

    fireEvent.change(number, { target: { value: 'PD-100' } });
    await waitFor(() => invalidReason(P.quantity, MSG.onlyNumbers));
    // Not reached yet: the reason names the quantity, the field itself is not marked.
    expect(screen.getByLabelText(new RegExp(`^${P.quantity}`)).getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${P.quantity}`)), { target: { value: '2' } });
    await choose(P.service, /ALQUILER CARGADOR/);
    await waitFor(() => invalidReason(P.machine));
    await choose(P.machine, 'EGA-123 - CARGADOR FRONTAL');
    await waitFor(() => invalidReason(P.activity));

    await expectDiscardAsked(P.create, onClose);
  });

  it('the service sets the unit price to 2 decimals and the total is cantid × preuni (2.5 × 85.50 = 213.75); the machine is locked when editing', async () => {
    const t = offlineEngine();
    const onSubmit = vi.fn();
    const { unmount } = render(
      <ParteDialog
        title={P.create}
        initial={null}
        defaultFecha="2025-01-15"
        lockMaquinaria={false}
        onClose={vi.fn()}
        onSubmit={onSubmit}
      />,
      { wrapper: providers(t.engine) },
    );
    await screen.findByLabelText(new RegExp(`^${P.number}`));
    expect(screen.getByRole('combobox', { name: new RegExp(`^${P.machine}`) })).toHaveProperty('disabled', false);
    await choose(P.service, /ALQUILER CARGADOR/);
    expect(screen.getByLabelText(P.unitPrice)).toHaveProperty('value', '85.50');
    // The quantity's label names the service's unit.
    fireEvent.change(screen.getByLabelText(`${P.quantity} (HORA)`, { exact: false }), { target: { value: '2.5' } });
    await waitFor(() => expect(screen.getByLabelText(P.total)).toHaveProperty('value', '213.75'));
    await choose(P.service, /TRASLADO/);
    expect(screen.getByLabelText(P.unitPrice)).toHaveProperty('value', '300.00');
    await waitFor(() => expect(screen.getByLabelText(P.total)).toHaveProperty('value', '750.00'));
    unmount();

    const saved = {
      parte_id: 9,
      nro_parte_interno: 'PD-9',
      fecha: '2025-01-10',
      maquinaria_id: 1,
      operador_id: 5,
      dni: '12345678',
      nombre_operador: 'PEREZ JUAN',
      actividad_id: 3,
      partesdiarios_det: { costo_det_id: 11, cantid: 2.5, preuni: 85.5, pretot: 213.75 },
      monto: 213.75,
      horometro_inicial: null,
      horometro_final: null,
      editorMode: 'editar' as const,
    };
    render(<ParteSaveDialog item={saved} defaultFecha="2025-01-15" onClose={vi.fn()} />, { wrapper: providers(t.engine) });
    await waitFor(() => expect(screen.getByLabelText(P.total)).toHaveProperty('value', '213.75'));
    expect(screen.getByRole('combobox', { name: new RegExp(`^${P.machine}`) })).toHaveProperty('disabled', true);
  });

  it('a refused report shows the server reason in the modal and keeps it open', async () => {
    const t = offlineEngine();
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'El parte PD-100 ya está valorizado', null);
    });
    render(
      <ParteDialog
        title={P.create}
        initial={null}
        defaultFecha="2025-01-15"
        lockMaquinaria={false}
        onClose={onClose}
        onSubmit={onSubmit}
      />,
      {
        wrapper: providers(t.engine),
      },
    );
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${P.number}`)), { target: { value: 'PD-100' } });
    await choose(P.machine, 'EGA-123 - CARGADOR FRONTAL');
    fireEvent.change(screen.getByRole('combobox', { name: LABELS.salidas.operatorDni }), { target: { value: '12345678' } });
    await waitFor(() => expect(screen.getByLabelText(LABELS.salidas.operatorName)).toHaveProperty('value', 'PEREZ JUAN'));
    await choose(P.activity, 'Limpieza de cunetas');
    await choose(P.service, /ALQUILER CARGADOR/);
    fireEvent.change(screen.getByLabelText(new RegExp(`^${P.quantity}`)), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText(P.readingInitial(true), { exact: false }), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText(P.readingFinal(true), { exact: false }), { target: { value: '502' } });
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('El parte PD-100 ya está valorizado');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
