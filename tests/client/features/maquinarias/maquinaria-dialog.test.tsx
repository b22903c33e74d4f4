// The machine create flow: only the plate is enabled, typed with suggestions from the vehicle
// registry; choosing a free vehicle fills brand, model, year and description and enables the rest; a plate already
// registered is marked invalid and the rest stays disabled; a save the server refuses shows its reason; a disabled
// Grabar names the plate until a free vehicle is chosen; closing with a typed plate asks first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ROLE } from '@shared/auth/permissions';
import type { VehiculoSuggestion } from '@shared/contract/maquinarias';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { MaquinariaDialog } from '@client/features/maquinarias/maquinaria-dialog';
import { expectDiscardAsked, invalidReason, offlineEngine, providers, stopEngines, field } from '../helpers';
import { machine, tokenWithRoles } from './fixtures';

const L = LABELS.maquinarias;
/** The machine running the tests may be busy: the flows get more time than the 1 s default. */
const SLOW = { timeout: 8000 };

const vehicle = (veh_id: number, veh_placa: string, maquinaria_id: number | null): VehiculoSuggestion => ({
  veh_id,
  veh_placa,
  marca: 'BOBCAT',
  modelo: 'S650',
  anio: 2022,
  descripcion: 'MINICARGADOR',
  maquinaria_id,
});

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A fake API: the registry's suggestions per term, and the answer of the save. */
function fakeApi(save: { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const registry: Record<string, VehiculoSuggestion[]> = {
    EGC: [vehicle(9, 'EGC-447', null)],
    EGL: [vehicle(3, 'EGL-123', 1)],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      seen.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      const term = decodeURIComponent(url.pathname.split('/searchvehiculo/')[1] ?? '');
      const answer = url.pathname.includes('/searchvehiculo/')
        ? { status: 200, body: { items: registry[term] ?? [] } }
        : method === 'POST' && url.pathname === '/api/maquinarias'
          ? save
          : { status: 200, body: [] };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return seen;
}

beforeEach(() => setToken(tokenWithRoles([ROLE.maquinariaNuevo])));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

function open(onClose = vi.fn()) {
  render(
    <>
      <MaquinariaDialog row={null} machines={[machine(1, 'EGL-123')]} onClose={onClose} />
      <Toaster />
    </>,
    { wrapper: providers(offlineEngine().engine) },
  );
  return onClose;
}

const save = () => screen.getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement;

async function pick(term: string, placa: string) {
  fireEvent.change(screen.getByRole('combobox', { name: new RegExp(L.plate) }), { target: { value: term } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(placa) }, SLOW));
}

describe('Nueva maquinaria', () => {
  it('enables only the plate, fills the form from the chosen vehicle and saves it with the meter type HOROMETRO', async () => {
    const seen = fakeApi({ status: 201, body: { ...machine(7, 'EGC-447'), veh_id: 9 } });
    const onClose = open();
    for (const label of [L.description, L.brand, L.model, L.year, L.meterType, L.state, L.initialMeter]) {
      expect(field(label).disabled).toBe(true);
    }
    expect(save().disabled).toBe(true);

    await pick('egc', 'EGC-447');
    await waitFor(() => expect(field(L.brand).value).toBe('BOBCAT'), SLOW);
    expect(field(L.model).value).toBe('S650');
    expect(field(L.year).value).toBe('2022');
    expect(field(L.description).value).toBe('MINICARGADOR');
    expect(field(L.meterType).value).toBe('true');
    expect(field(L.state).value).toBe('0');
    expect([...(field(L.state) as unknown as HTMLSelectElement).options].map((o) => o.text)).toEqual([...LABELS.machineState]);
    expect(field(L.description).disabled).toBe(false);
    // The typed term was asked upper case, as plates are.
    expect(seen.some((s) => s.path === '/api/maquinarias/searchvehiculo/EGC')).toBe(true);

    // Year: digits only.
    fireEvent.change(field(L.year), { target: { value: '20a2' } });
    expect(field(L.year).value).toBe('2022');
    fireEvent.change(field(L.initialMeter), { target: { value: '350.5' } });
    await waitFor(() => expect(save().disabled).toBe(false), SLOW);
    fireEvent.click(save());

    await screen.findByText(MSG.saved, undefined, SLOW);
    const post = seen.find((s) => s.method === 'POST');
    expect(post?.path).toBe('/api/maquinarias');
    expect(post?.body).toMatchObject({
      placa: 'EGC-447',
      marca: 'BOBCAT',
      modelo: 'S650',
      año_fabrica: 2022,
      descripcion: 'MINICARGADOR',
      horometro: true,
      estado: 0,
      horometro_inicial: 350.5,
      veh_id: 9,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('marks a plate already registered invalid and keeps the rest disabled', async () => {
    fakeApi({ status: 201, body: {} });
    open();
    await pick('EGL', 'EGL-123');
    await screen.findByText(MSG.plateRegistered, undefined, SLOW);
    expect(screen.getByRole('combobox', { name: new RegExp(L.plate) }).getAttribute('aria-invalid')).toBe('true');
    expect(field(L.description).disabled).toBe(true);
    expect(field(L.brand).disabled).toBe(true);
    expect(save().disabled).toBe(true);

    // Another, free vehicle enables the form again.
    await pick('EGC', 'EGC-447');
    await waitFor(() => expect(field(L.description).disabled).toBe(false), SLOW);
    expect(screen.queryByText(MSG.plateRegistered)).toBeNull();
  });

  it('shows the server reason when it refuses the save', async () => {
    fakeApi({ status: 409, body: { message: MSG.plateRegistered } });
    const onClose = open();
    await pick('EGC', 'EGC-447');
    await waitFor(() => expect(save().disabled).toBe(false), SLOW);
    fireEvent.click(save());
    await waitFor(() => expect(screen.getAllByText(MSG.plateRegistered).length).toBeGreaterThan(0), SLOW);
    expect(onClose).not.toHaveBeenCalled();
    expect(field(L.description).disabled).toBe(true);
  });

  it('a disabled Grabar names the plate until a vehicle is chosen; closing with a typed plate asks first', async () => {
    fakeApi({ status: 201, body: {} });
    const onClose = open();
    invalidReason(L.plate, FIELD.required);
    fireEvent.change(screen.getByRole('combobox', { name: new RegExp(L.plate) }), { target: { value: 'EGX' } });
    await waitFor(() => invalidReason(L.plate, MSG.plateInvalid), SLOW);
    await expectDiscardAsked(L.create, onClose);
  });
});

describe('Editar maquinaria: a change of state asks why', () => {
  it('shows the reason field only when the state changes, keeps Grabar off until it is given, and sends it', async () => {
    setToken(tokenWithRoles([ROLE.maquinariaEditar]));
    const seen: Seen[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        seen.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
        const body = method === 'PUT' ? { ...machine(1, 'EGL-123'), estado: 2 } : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    render(
      <>
        <MaquinariaDialog row={machine(1, 'EGL-123')} machines={[machine(1, 'EGL-123')]} onClose={vi.fn()} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    expect(screen.queryByLabelText(new RegExp(L.stateReason))).toBeNull();
    fireEvent.change(field(L.state), { target: { value: '2' } });
    const reason = await screen.findByLabelText(new RegExp(L.stateReason), undefined, SLOW);
    await waitFor(() => expect(save().disabled).toBe(true), SLOW);
    invalidReason(L.stateReason, MSG.stateReasonRequired);
    fireEvent.change(reason, { target: { value: 'Falla de motor' } });
    await waitFor(() => expect(save().disabled).toBe(false), SLOW);
    fireEvent.click(save());
    await screen.findByText(MSG.saved, undefined, SLOW);
    expect(seen.find((s) => s.method === 'PUT')?.body).toMatchObject({ estado: 2, motivo: 'Falla de motor' });
  });
});
