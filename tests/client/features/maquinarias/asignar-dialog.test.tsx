// ASIGNAR INSUMOS: choosing a part fills its default hours from search_horas; the search offers no part already
// assigned or listed, and a disabled 'Añadir' says why; the hours must keep warning ≤ alert ≤ limit; Grabar (disabled while the
// list is empty) sends the machine id with the new parts only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { AsignarDialog } from '@client/features/maquinarias/asignar-dialog';
import { offlineEngine, providers, stopEngines, stubFetch } from '../helpers';
import { machine, part, tokenWithRoles } from './fixtures';

const L = LABELS.maquinarias;
/** The machine running the tests may be busy: the flows get more time than the 1 s default. */
const SLOW = { timeout: 8000 };

const assigned = part(1, 'FILTRO DE ACEITE', 100);
const EGL = machine(1, 'EGL-123', [assigned]);
const supply = (id: number, insumo_codigo: string, insumo_name: string) => ({ id, insumo_codigo, insumo_name, unimed: 'UND', stock: 5 });

beforeEach(() => setToken(tokenWithRoles([ROLE.maquinariaAsignarInsumos])));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const grabar = () => screen.getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement;
const anadir = () => screen.getByRole('button', { name: LABELS.add }) as HTMLButtonElement;

async function choose(term: string, code: string) {
  fireEvent.change(screen.getByRole('combobox', { name: new RegExp(L.supply) }), { target: { value: term } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(code) }, SLOW));
}

describe('ASIGNAR INSUMOS', () => {
  it('fills the default hours, adds the part once and saves the new parts only', async () => {
    const fetch = stubFetch({
      'GET /api/maquinarias/insumosbymaquinaria/1': [assigned],
      'GET /api/insumos/search': {
        items: [supply(7, 'FIL-002', 'FILTRO HIDRAULICO'), supply(assigned.insumo_id, 'INS-1', 'FILTRO DE ACEITE')],
      },
      'GET /api/insumos/search_horas/7': { data: { horas_alerta: { hour_warning: 250, hour_critical: 400 }, horas_limite: 500 } },
      'POST /api/maquinarias/asignar': { message: MSG.saved, data: [] },
    });
    render(
      <>
        <AsignarDialog machine={EGL} onClose={vi.fn()} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    expect(grabar().disabled).toBe(true);
    expect(anadir().disabled).toBe(true);
    // The disabled Añadir says why.
    expect(anadir().getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText(L.addPartHint);

    // The part the machine already has is not offered.
    fireEvent.change(screen.getByRole('combobox', { name: new RegExp(L.supply) }), { target: { value: 'FIL' } });
    await screen.findByRole('option', { name: /FIL-002/ }, SLOW);
    expect(screen.queryByRole('option', { name: /INS-1/ })).toBeNull();
    await choose('FIL', 'FIL-002');
    await waitFor(() => expect(input(L.limitHours).value).toBe('500'), SLOW);
    expect(input(L.warningHours).value).toBe('250');
    expect(input(L.alertHours).value).toBe('400');

    // Out of order hours are refused.
    fireEvent.change(input(L.warningHours), { target: { value: '450' } });
    fireEvent.click(anadir());
    await screen.findByText('Las horas deben cumplir: advertencia ≤ alerta ≤ límite', undefined, SLOW);
    fireEvent.change(input(L.warningHours), { target: { value: '200' } });
    fireEvent.click(anadir());
    const newParts = screen.getByRole('heading', { name: L.newPart }).parentElement as HTMLElement;
    await within(newParts).findByText('FIL-002', undefined, SLOW);
    expect(grabar().disabled).toBe(false);

    // The part just listed is no longer offered either.
    fireEvent.change(screen.getByRole('combobox', { name: new RegExp(L.supply) }), { target: { value: 'FILT' } });
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/insumos/search?')).length).toBe(2), SLOW);
    await waitFor(() => expect(screen.queryByRole('option', { name: /FIL-002/ })).toBeNull(), SLOW);
    expect(within(newParts).getAllByRole('row')).toHaveLength(2);

    fireEvent.click(grabar());
    await screen.findByText(MSG.saved, undefined, SLOW);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      id: 1,
      insumos: [
        { insumo: 7, insumo_name: 'FILTRO HIDRAULICO', insumo_codigo: 'FIL-002', hour_warning: 200, hour_critical: 400, hour_limite: 500 },
      ],
    });
  });

  it('removes an assignment after the confirmation', async () => {
    const fetch = stubFetch({
      'GET /api/maquinarias/insumosbymaquinaria/1': [assigned],
      'POST /api/maquinarias/deletemaqinsumo': { message: MSG.deleted },
    });
    render(
      <>
        <AsignarDialog machine={EGL} onClose={vi.fn()} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    const assignedList = screen.getByRole('heading', { name: L.assigned }).parentElement as HTMLElement;
    fireEvent.click(within(assignedList).getByRole('button', { name: LABELS.remove }));
    const confirm = await screen.findByRole('dialog', { name: LABELS.remove }, SLOW);
    within(confirm).getByText(MSG.deleteConfirm);
    fireEvent.click(within(confirm).getByRole('button', { name: LABELS.remove }));
    await screen.findByText(MSG.deleted, undefined, SLOW);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ id: assigned.insumo_maq_id });
  });

  it('edits an assigned part’s hours, refusing them out of order', async () => {
    const fetch = stubFetch({
      'GET /api/maquinarias/insumosbymaquinaria/1': [assigned],
      'PUT /api/maquinarias/insumos/1': { message: MSG.saved, data: [] },
    });
    render(
      <>
        <AsignarDialog machine={EGL} onClose={vi.fn()} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    const assignedList = screen.getByRole('heading', { name: L.assigned }).parentElement as HTMLElement;
    fireEvent.click(within(assignedList).getByRole('button', { name: LABELS.edit }));
    const dialog = await screen.findByRole('dialog', { name: L.editThresholdsTitle }, SLOW);
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    const save = () => within(dialog).getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement;
    expect(field(L.warningHours).value).toBe('250');
    expect(field(L.alertHours).value).toBe('400');
    expect(field(L.limitHours).value).toBe('500');
    within(dialog).getByText(L.thresholdsKeepCounter);

    // A limit below the alert: Grabar is disabled and says why; nothing is sent.
    fireEvent.change(field(L.limitHours), { target: { value: '300' } });
    await waitFor(() => expect(save().disabled).toBe(true), SLOW);
    expect(within(dialog).getAllByText(/advertencia ≤ alerta ≤ límite/).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(field(L.limitHours), { target: { value: '650.5' } });
    await waitFor(() => expect(save().disabled).toBe(false), SLOW);
    fireEvent.click(save());
    await screen.findByText(MSG.saved, undefined, SLOW);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/maquinarias/insumos/1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ hour_warning: 250, hour_critical: 400, hour_limite: 650.5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.editThresholdsTitle })).toBeNull(), SLOW);
  });
});
