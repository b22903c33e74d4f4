// The monthly close screen: the months with their state (a month before the last closed one reads BLOQUEADO and
// offers no Cerrar mes), Cerrar mes after a confirmation naming the month, a refused close shows the server's
// reason, Reabrir waits for a reason of 10 characters; the report's TOTAL row adds the amounts in cents.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { CierreDetail, CierreRow } from '@shared/contract/cierres';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import CierresPage from '@client/features/cierres/cierres-page';
import { inventarioRows } from '@client/features/cierres/report';
import { makeToken } from '../../app/helpers';
import { offlineEngine, providers, reply, stopEngines, stubFetch } from '../helpers';

const L = LABELS.cierres;

const mes = (periodo: string, estado: 'CERRADO' | 'ABIERTO', extra: Partial<CierreRow> = {}): CierreRow => ({
  periodo,
  estado,
  movimientos: 3,
  cerrado_at: estado === 'CERRADO' ? '2026-10-02T15:00:00.000Z' : null,
  cerrado_por: estado === 'CERRADO' ? 'Rosa Quispe' : null,
  reabierto_at: null,
  reabierto_por: null,
  motivo_reapertura: null,
  ...extra,
});
const MESES = [mes('2026-10', 'ABIERTO'), mes('2026-09', 'CERRADO'), mes('2026-08', 'ABIERTO')];

afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

function open(roles: number[] = [MENU.cierres, ROLE.cierreCerrar, ROLE.cierreReabrir]) {
  setToken(makeToken({ roles }));
  render(
    <>
      <CierresPage />
      <Toaster />
    </>,
    { wrapper: providers(offlineEngine().engine) },
  );
}

const rowOf = async (label: string) => (await screen.findByText(label)).closest('tr') as HTMLElement;

describe('Cierre mensual de almacén', () => {
  it('shows each month with its state and only the actions that apply', async () => {
    stubFetch({ 'GET /api/cierres': MESES });
    open();
    const oct = await rowOf('Octubre de 2026');
    within(oct).getByText(L.abierto);
    within(oct).getByRole('button', { name: `${L.cerrar}: octubre de 2026` });
    const sep = await rowOf('Septiembre de 2026');
    within(sep).getByText(L.cerrado);
    within(sep).getByRole('button', { name: `${L.reabrir}: septiembre de 2026` });
    within(sep).getByRole('button', { name: `${L.reportPdf}: septiembre de 2026` });
    const ago = await rowOf('Agosto de 2026');
    within(ago).getByText(L.bloqueado);
    expect(within(ago).queryByRole('button', { name: `${L.cerrar}: agosto de 2026` })).toBeNull();
  });

  it('closes after the confirmation naming the month; a refusal shows the server reason', async () => {
    const refusal = MSG.cierreAnteriorAbierto('octubre de 2026', 'septiembre de 2026');
    const fetch = stubFetch({ 'GET /api/cierres': MESES, 'POST /api/cierres': reply(409, { message: refusal }) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: `${L.cerrar}: octubre de 2026` }));
    const confirm = await screen.findByRole('dialog', { name: L.confirmTitle });
    within(confirm).getByText(L.confirmCerrar('octubre de 2026'));
    fireEvent.click(within(confirm).getByRole('button', { name: L.cerrar }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ periodo: '2026-10' });
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
  });

  it('Reabrir waits for a reason of 10 characters and sends it', async () => {
    const fetch = stubFetch({
      'GET /api/cierres': MESES,
      'POST /api/cierres/2026-09/reabrir': mes('2026-09', 'ABIERTO', { reabierto_at: '2026-11-02T15:00:00.000Z', motivo_reapertura: 'x' }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: `${L.reabrir}: septiembre de 2026` }));
    const dialog = await screen.findByRole('dialog', { name: L.reabrirTitle('septiembre de 2026') });
    const send = within(dialog).getByRole('button', { name: L.reabrir });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${L.motivo}`)), { target: { value: 'corto' } });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${L.motivo}`)), { target: { value: 'Salida del 30 sin registrar' } });
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.reabrirTitle('septiembre de 2026') })).toBeNull());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ motivo: 'Salida del 30 sin registrar' });
  });

  it('the report adds a TOTAL row of the amounts', () => {
    const item = { insumo_id: 1, insumo_codigo: 'A', insumo_name: 'Aceite', unimed: 'GLN', inicial_cantidad: 1, ingresos_cantidad: 0 };
    const d: CierreDetail = {
      ...mes('2026-09', 'CERRADO'),
      items: [
        {
          ...item,
          inicial_importe: 0.1,
          ingresos_importe: 0,
          salidas_cantidad: 0,
          salidas_importe: 0,
          final_cantidad: 1,
          final_importe: 0.1,
        },
        {
          ...item,
          inicial_importe: 0.2,
          ingresos_importe: 1.05,
          salidas_cantidad: 1,
          salidas_importe: 0.3,
          final_cantidad: 0,
          final_importe: 0.95,
        },
      ],
    };
    const rows = inventarioRows(d);
    expect(rows.at(-1)).toEqual([L.total, '', '', '', 0.3, '', 1.05, '', 0.3, '', 1.05]);
  });
});
