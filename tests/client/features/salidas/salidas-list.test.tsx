// The exits list merges the device's outbox over the server rows: new exits on top with 'pendiente', a pending
// edit replaces its saved row, a rejected exit shows 'rechazado' with 'Abrir y corregir' instead of edit/delete.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { RANGE_MONTHS, rangeFirstDay, rangeLabel } from '@shared/contract/ranges';
import { limaDate } from '@shared/domain/dates';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import type { SalidaRow } from '@client/features/salidas/api';
import SalidasPage from '@client/features/salidas/salidas-page';
import { exitBody, makeToken, offlineEngine, providers, stubFetch, resetScreenTest } from '../helpers';

const today = limaDate();
const saved = (id: number, nro_vale: string): SalidaRow => ({
  id,
  fecha: today,
  nro_vale,
  maquinaria_id: 1,
  maquinaria: 'CARGADOR FRONTAL',
  placa: 'EGA-123',
  operador_id: 5,
  operador_dni: '12345678',
  operador_name: 'PEREZ JUAN',
  detalle: 'FIL-001 Filtro de aceite x 1',
  created_at: `${today}T10:00:00.000Z`,
});

beforeEach(() => setToken(makeToken(1)));
afterEach(resetScreenTest);

describe('LISTADO DE SALIDAS', () => {
  it('merges pending and rejected outbox exits over the server rows', async () => {
    stubFetch({
      'POST /api/salidas/list/delta': { cursor: '1.1', full: true, rows: [saved(40, 'V-040'), saved(41, 'V-041')], deleted: [] },
      'GET /api/maquinarias': [],
    });
    const t = offlineEngine();
    const meta = { id: null, maquinaria: 'CARGADOR FRONTAL', placa: 'EGA-123' };
    await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-100', today, [{ insumo_id: 7, cantidad: 2 }]),
      label: 'Salida vale V-100',
      meta,
    });
    await t.engine.add({
      resource: 'salidas',
      method: 'PUT',
      url: '/api/salidas/41',
      body: exitBody('V-041B', today, [{ insumo_id: 7, cantidad: 3, salida_det_id: 9, old_cantidad: 1 }], 41),
      label: 'Salida vale V-041B',
      meta: { ...meta, id: 41 },
    });
    const rejected = await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-101', today, [{ insumo_id: 7, cantidad: 50 }]),
      label: 'Salida vale V-101',
      meta,
    });
    await t.engine.db.outbox.update(rejected.id, { status: 'rejected', lastError: MSG.stockUnavailable('FIL-001', '1.00') });
    // Another resource and an exit outside the date filter never show here.
    await t.engine.add({ resource: 'pedidos', method: 'POST', url: '/api/pedidos', body: {}, label: 'Pedido' });
    await t.engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody('V-OLD', '2001-01-01', [{ insumo_id: 7, cantidad: 1 }]),
      label: 'Salida vale V-OLD',
      meta,
    });

    render(<SalidasPage />, { wrapper: providers(t.engine) });
    const table = await screen.findByRole('table', { name: LABELS.salidas.title });
    await within(table).findByText('V-040');
    await within(table).findByText('V-100');
    const rows = within(table).getAllByRole('row').slice(1);
    const vouchers = rows.map((r) => within(r).getAllByRole('cell')[1].textContent);
    expect(vouchers).toEqual([`V-101${MSG.syncBadgeRejected}`, `V-100${MSG.syncBadgePending}`, 'V-040', `V-041B${MSG.syncBadgePending}`]);
    // Saved rows keep edit/delete (roles 58/59); outbox rows do not; the rejected one offers 'Abrir y corregir'.
    within(rows[2]).getByRole('button', { name: LABELS.edit });
    expect(within(rows[1]).queryByRole('button', { name: LABELS.edit })).toBeNull();
    expect(within(rows[3]).queryByRole('button', { name: LABELS.remove })).toBeNull();
    within(rows[0]).getByRole('button', { name: LABELS.almacen.fix });
    within(rows[1]).getByText('EGA-123');
  });

  it("loaded online, its exits' details stay on the device for offline edits; offline, one without a copy says why", async () => {
    const detail = (id: number, nro: string) => ({
      ...saved(id, nro),
      salidas_det: exitBody(nro, today, [{ insumo_id: 7, cantidad: 1, salida_det_id: id * 10 }], id).salidas_det,
    });
    stubFetch({
      'POST /api/salidas/list/delta': { cursor: '1.1', full: true, rows: [saved(40, 'V-040'), saved(41, 'V-041')], deleted: [] },
      'GET /api/maquinarias': [],
      'GET /api/salidas/40': detail(40, 'V-040'),
      'GET /api/salidas/41': detail(41, 'V-041'),
    });
    const t = offlineEngine();
    const online = render(<SalidasPage />, { wrapper: providers(t.engine) });
    const kept = (id: number) => getDb().cache.get(cacheKey(['salidas', 'detail', id]));
    await waitFor(async () => expect((await kept(40))?.data).toMatchObject({ nro_vale: 'V-040' }));
    await waitFor(async () => expect((await kept(41))?.data).toMatchObject({ nro_vale: 'V-041' }));
    online.unmount();

    await getDb().cache.delete(cacheKey(['salidas', 'detail', 41])); // as if it were beyond the exits kept
    stubFetch({}); // the connection is gone
    render(
      <>
        <SalidasPage />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    // The device's copy is painted at once, then marked as such once the network failed.
    await screen.findByText((text) => text.startsWith(MSG.offlineCopy('')));
    const table = await screen.findByRole('table', { name: LABELS.salidas.title });
    const row = async (nro: string) => (await within(table).findByText(nro)).closest('tr')!;
    fireEvent.click(within(await row('V-041')).getByRole('button', { name: LABELS.edit }));
    await screen.findByText(MSG.detailNotOffline);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(await row('V-040')).getByRole('button', { name: LABELS.edit }));
    await screen.findByRole('dialog', { name: LABELS.salidas.edit });
    await screen.findByDisplayValue('V-040');
  });

  it('asks within the bound: the default month, and a start over a year back stays in the form with its message', async () => {
    const fetch = stubFetch({
      'POST /api/salidas/list/delta': (body: { fini: string; ffin: string }) => ({
        cursor: '1.1',
        full: true,
        rows: [saved(40, body.fini)],
        deleted: [],
      }),
      'GET /api/maquinarias': [],
    });
    render(<SalidasPage />, { wrapper: providers(offlineEngine().engine) });
    await screen.findByText(`${today.slice(0, 8)}01`);
    const bodies = () =>
      fetch.mock.calls
        .filter(([u]) => String(u).includes('/api/salidas/list'))
        .map(([, i]) => JSON.parse(String(i?.body)) as { maquinaria_id: number; fini: string; ffin: string })
        .map(({ maquinaria_id, fini, ffin }) => ({ maquinaria_id, fini, ffin }));
    expect(bodies()).toEqual([{ maquinaria_id: 0, fini: `${today.slice(0, 8)}01`, ffin: today }]);
    const tooEarly = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    fireEvent.change(screen.getByLabelText(LABELS.startDate), { target: { value: tooEarly } });
    expect((await screen.findByRole('alert')).textContent).toBe(FIELD.rangeTooWide(rangeLabel(RANGE_MONTHS.salidas)));
    const widest = rangeFirstDay(today, RANGE_MONTHS.salidas);
    fireEvent.change(screen.getByLabelText(LABELS.startDate), { target: { value: widest } });
    await screen.findByText(widest);
    expect(bodies().map((b) => b.fini)).toEqual([`${today.slice(0, 8)}01`, widest]);
  });
});
