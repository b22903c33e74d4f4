// The wear view: one bar per part as wide as counter / limit in the band's colour, the
// hours and the forecast date; the list's Warning / Danger badges; 'Cambiar Insumos' (37) once a part is checked,
// with the confirmation, the change sent for the checked parts and the selection cleared; and offline, the list
// and the bars read from the device copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { CambiarInsumoAnswer, MaquinariaInsumo } from '@shared/contract/maquinarias';
import { barWidth, forecastDate } from '@shared/domain/wear';
import { LABELS, MSG } from '@shared/messages';
import { formatDate } from '@client/lib/format';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import { MaquinariasList } from '@client/features/maquinarias/maquinarias-page';
import { WearDialog } from '@client/features/maquinarias/wear-dialog';
import { offlineEngine, providers, stubFetch, resetScreenTest } from '../helpers';
import { machine, part, TODAY, tokenWithRoles } from './fixtures';

const L = LABELS.maquinarias;
/** The machine running the tests may be busy: the flows get more time than the 1 s default. */
const SLOW = { timeout: 8000 };

const filtro = part(1, 'FILTRO DE ACEITE', 100); // info
const aceite = part(2, 'ACEITE DE MOTOR', 300); // warning
const cuchilla = part(3, 'CUCHILLA', 450); // danger
const oruga = part(4, 'ORUGA', 520); // past its limit
const idle = part(5, 'FILTRO DE AIRE', 10, undefined, 0); // the machine has not worked: no forecast
const PARTS = [filtro, aceite, cuchilla, oruga, idle];
const EGL = machine(1, 'EGL-123', PARTS);

beforeEach(() => setToken(tokenWithRoles([MENU.maquinarias, ROLE.maquinariaDesgaste, ROLE.maquinariaCambiarInsumos])));
afterEach(resetScreenTest);

function renderWear(parts: MaquinariaInsumo[] = PARTS) {
  const onClose = vi.fn();
  render(
    <>
      <WearDialog machine={machine(1, 'EGL-123', parts)} onClose={onClose} />
      <Toaster />
    </>,
    { wrapper: providers(offlineEngine().engine) },
  );
  return onClose;
}

const meterOf = (name: string) => screen.getByRole('meter', { name: new RegExp(`^${name}:`) });

describe('INSUMOS DE … (wear bars)', () => {
  it('draws one bar per part in its band, as wide as counter / limit, with the hours and the forecast', async () => {
    stubFetch({ 'GET /api/maquinarias/insumosbymaquinaria/1': PARTS });
    renderWear();
    screen.getByRole('dialog', { name: L.wearTitle('CARGADOR FRONTAL', 'EGL-123') });
    expect(screen.getAllByRole('meter')).toHaveLength(5);
    const bands = PARTS.map((p) => meterOf(p.insumo_name).getAttribute('data-band'));
    expect(bands).toEqual(['info', 'warning', 'danger', 'danger', 'info']);
    for (const p of PARTS) {
      const fill = meterOf(p.insumo_name).firstElementChild as HTMLElement;
      expect(fill.style.width).toBe(`${barWidth(p.contador, p.horas_limite)}%`);
    }
    // Colours by band: blue, yellow, red.
    expect((meterOf('FILTRO DE ACEITE').firstElementChild as HTMLElement).className).toContain('bg-sky-500');
    expect((meterOf('ACEITE DE MOTOR').firstElementChild as HTMLElement).className).toContain('bg-amber-400');
    expect((meterOf('CUCHILLA').firstElementChild as HTMLElement).className).toContain('bg-red-600');
    // Past its limit the bar is full and says the limit is reached.
    expect((meterOf('ORUGA').firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(meterOf('ORUGA').getAttribute('aria-valuetext')).toBe('104 %');

    const item = (p: MaquinariaInsumo) => meterOf(p.insumo_name).closest('li') as HTMLElement;
    // 400 hours left at 8 a day: 50 days from today.
    expect(forecastDate(100, 500, 8, TODAY)).toBe(filtro.fecha_limite);
    expect(within(item(filtro)).getByTestId('forecast').textContent).toBe(`${L.forecast}: ${formatDate(filtro.fecha_limite)}`);
    within(item(filtro)).getByText('100');
    within(item(filtro)).getByText('500');
    within(item(oruga)).getByText(L.forecastReached);
    within(item(idle)).getByText(L.forecastNone);
  });

  it('offers Cambiar Insumos once a part is checked, confirms, sends the checked parts and clears the selection', async () => {
    const answer: CambiarInsumoAnswer = { data: [], retrieve_hours: 0 };
    const fetch = stubFetch({
      'GET /api/maquinarias/insumosbymaquinaria/1': PARTS,
      'POST /api/maquinarias/cambiarinsumo': answer,
      'GET /api/maquinarias': [EGL],
    });
    renderWear();
    expect(screen.queryByRole('button', { name: L.changeParts })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'ACEITE DE MOTOR' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'CUCHILLA' }));
    fireEvent.click(screen.getByRole('button', { name: L.changeParts }));

    const form = await screen.findByRole('dialog', { name: L.changeTitle(2) }, SLOW);
    const input = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    expect(input(L.changeDate).value).toBe(TODAY);
    expect(input(L.previousMeter).readOnly).toBe(true);
    expect(input(L.previousMeter).value).toBe('1340.5');
    const grabar = within(form).getByRole('button', { name: LABELS.shell.save }) as HTMLButtonElement;
    fireEvent.change(input(L.machineMeter), { target: { value: '1342' } });
    // The observation is required.
    await waitFor(() => expect(grabar.disabled).toBe(true), SLOW);
    fireEvent.change(within(form).getByLabelText(new RegExp(`^${L.observation}`)), { target: { value: 'Cambio preventivo' } });
    await waitFor(() => expect(grabar.disabled).toBe(false), SLOW);
    fireEvent.click(grabar);

    const confirm = await screen.findByRole('dialog', { name: L.changeParts }, SLOW);
    within(confirm).getByText(MSG.changePartConfirm);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: L.confirm }));

    await screen.findByText(MSG.noAccumulatedHours, undefined, SLOW);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      maquinaria_id: 1,
      fecha: TODAY,
      observacion: 'Cambio preventivo',
      horometro_vehiculo: 1342,
      checkeds: [2, 3],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.changeTitle(2) })).toBeNull(), SLOW);
    expect(screen.getByRole('checkbox', { name: 'ACEITE DE MOTOR' }).getAttribute('data-state')).toBe('unchecked');
    expect(screen.queryByRole('button', { name: L.changeParts })).toBeNull();
  });

  it('select-all checks every part', () => {
    stubFetch({ 'GET /api/maquinarias/insumosbymaquinaria/1': PARTS });
    renderWear();
    fireEvent.click(screen.getByRole('checkbox', { name: LABELS.selectAll }));
    for (const p of PARTS) expect(screen.getByRole('checkbox', { name: p.insumo_name }).getAttribute('data-state')).toBe('checked');
    screen.getByRole('button', { name: L.changeParts });
  });
});

describe('LISTADO DE MAQUINARIAS offline', () => {
  it('shows the device copy with the alerts, and the wear bars of a machine from it', async () => {
    stubFetch({}); // no network
    const savedAt = Date.now() - 3_600_000;
    await getDb().cache.put({ key: cacheKey(['maquinarias']), data: [EGL, machine(2, 'ABC-725', [])], savedAt, userId: 1 });
    render(<MaquinariasList tipo="mantenimiento" />, { wrapper: providers(offlineEngine().engine) });
    const row = (await screen.findByText('EGL-123', undefined, SLOW)).closest('tr') as HTMLElement;
    screen.getByText(/Copia sin conexión/);
    // One badge per part in Warning or Danger.
    expect(
      within(row)
        .getAllByTitle(/^(Warning|Danger) /)
        .map((b) => b.getAttribute('title')),
    ).toEqual([L.partBadge('ACEITE DE MOTOR', 'warning'), L.partBadge('CUCHILLA', 'danger'), L.partBadge('ORUGA', 'danger')]);
    // Plate descending by default.
    const plates = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).queryByText(/^(EGL-123|ABC-725)$/)?.textContent);
    expect(plates).toEqual(['EGL-123', 'ABC-725']);

    // The maintenance type has no wear button without code 36; with it the bars open from the copy.
    expect(within(row).queryByRole('button', { name: L.wear })).toBeNull();
  });

  it('opens the wear view from the device copy on the maintenance list with code 36', async () => {
    setToken(tokenWithRoles([MENU.mantenimientoPreventivo, ROLE.maquinariaDesgasteMantenimiento]));
    stubFetch({});
    await getDb().cache.put({ key: cacheKey(['maquinarias']), data: [EGL], savedAt: Date.now(), userId: 1 });
    render(<MaquinariasList tipo="mantenimiento" />, { wrapper: providers(offlineEngine().engine) });
    const row = (await screen.findByText('EGL-123', undefined, SLOW)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: L.wear }));
    await screen.findByRole('dialog', { name: L.wearTitle('CARGADOR FRONTAL', 'EGL-123') }, SLOW);
    await waitFor(() => expect(screen.getAllByRole('meter')).toHaveLength(5), SLOW);
    expect(meterOf('CUCHILLA').getAttribute('data-band')).toBe('danger');
  });
});
