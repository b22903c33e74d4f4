// Each Inicio card opens its screen filtered to the card's items: the failures list shows only
// the pending ones with the chip 'Mostrando: fallas pendientes  ✕' (✕ shows every failure again), the machinery list
// only the machines with parts in danger (or reaching their limit in 7 days), the requests the pending ones, the
// daily reports the unbilled ones (asked of the server); and the cards come from the device copy when there is no
// network.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InicioAnswer } from '@shared/contract/inicio';
import type { FallaRow } from '@shared/contract/fallas';
import type { PedidoRow } from '@shared/contract/pedidos';
import { MENU } from '@shared/auth/permissions';
import { INICIO } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import { makeToken, renderApp, stubFetch, type Route } from '../../app/helpers';
import { machine, part } from '../maquinarias/fixtures';
import { RANGE_MONTHS, rangeFirstDay } from '@shared/contract/ranges';
import { limaDate } from '@shared/domain/dates';

/** The widest range of a list up to today: what a screen opened from a card asks. */
const widestOf = (r: keyof typeof RANGE_MONTHS) => ({ fini: rangeFirstDay(limaDate(), RANGE_MONTHS[r]), ffin: limaDate() });

const SLOW = { timeout: 10_000 };
const ok = (body: unknown) => () => ({ status: 200, body });

const answer: InicioAnswer = {
  insumos: {
    peligro: {
      total: 1,
      items: [
        {
          insumo_maq_id: 3,
          maquinaria_id: 1,
          placa: 'EGL-123',
          descripcion: 'CARGADOR',
          insumo_name: 'CUCHILLA',
          contador: 450,
          horas_limite: 500,
          nivel: 'danger',
          fecha_limite: null,
        },
      ],
    },
    proximos: { total: 0, items: [] },
  },
  fallas: { total: 1, items: [{ falla_id: 1, maquinaria_id: 1, placa: 'EGL-123', descripcion: 'Fuga de aceite', fecha: '2024-05-02' }] },
  partes_sin_valorizar: { total: 4, monto: 1250.5 },
  pedidos_pendientes: null,
};

const falla = (falla_id: number, descripcion: string, estado: 0 | 1): FallaRow => ({
  falla_id,
  maquinaria_id: 1,
  placa: 'EGL-123',
  maquinaria: 'CARGADOR',
  descripcion,
  detalle: null,
  maquina_detenida: false,
  estado,
  fecha: '2024-05-02',
  created_at: '2024-05-02T15:00:00.000Z',
  nro_fotos: 0,
  reparacion_id: estado === 1 ? 9 : null,
});

const MACHINES = [
  machine(1, 'EGL-123', [part(3, 'CUCHILLA', 450)]),
  machine(2, 'ABC-725', [part(4, 'FILTRO', 10)]),
  // 350 of 500 hours at 30 a day: in the warning band, at its limit in 5 days.
  machine(3, 'XYZ-300', [part(5, 'ZAPATA', 350, undefined, 30)]),
];

const pedido = (pedido_id: number, placa: string, estado: 0 | 1): PedidoRow => ({
  pedido_id,
  fecha: '2023-03-02',
  maquinaria_id: pedido_id,
  placa,
  detalle: 'Filtro de aceite',
  estado,
  observacion: null,
  created_at: '2023-03-02T15:00:00.000Z',
});

function routes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    'GET /api/notificaciones': ok({ items: [] }),
    'GET /api/inicio': ok(answer),
    'GET /api/maquinarias': ok(MACHINES),
    ...extra,
  };
}

async function openCard(name: string) {
  const card = await screen.findByRole('region', { name }, SLOW);
  fireEvent.click(within(card).getByRole('button', { name: INICIO.open }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  clearToken();
  await getDb().cache.clear();
});

describe('Inicio cards open their screens filtered', () => {
  it('pending failures: only PENDIENTE rows of the widest range the list answers, a removable chip', async () => {
    setToken(makeToken({ roles: [MENU.fallas] }));
    const calls = stubFetch(routes({ 'POST /api/fallas/list': ok([falla(1, 'Fuga de aceite', 0), falla(2, 'Motor recalentado', 1)]) }));
    const app = renderApp('/inicio');
    await openCard(INICIO.failures);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/falla'));
    expect(app.router.state.location.search).toEqual({ filtro: 'fallasPendientes' });
    const chip = await screen.findByText(INICIO.showing(INICIO.filters.fallasPendientes), undefined, SLOW);
    await screen.findByText('Fuga de aceite', undefined, SLOW);
    expect(screen.queryByText('Motor recalentado')).toBeNull();
    // Every date: the card counts old pending failures too.
    expect(calls.find((c) => c.path === '/api/fallas/list')?.body).toMatchObject(widestOf('fallas'));

    fireEvent.click(within(chip.parentElement as HTMLElement).getByRole('button', { name: INICIO.clearFilter }));
    await screen.findByText('Motor recalentado', undefined, SLOW);
    expect(screen.queryByText(INICIO.showing(INICIO.filters.fallasPendientes))).toBeNull();
    expect(app.router.state.location.search).toEqual({});
    app.uninstall();
  });

  it('parts in danger: only the machines with a part in the danger band', async () => {
    setToken(makeToken({ roles: [MENU.maquinarias] }));
    stubFetch(routes());
    const app = renderApp('/inicio');
    await openCard(INICIO.partsDanger);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/maquinaria/admin'));
    await screen.findByText(INICIO.showing(INICIO.filters.peligro), undefined, SLOW);
    await screen.findByText('EGL-123', undefined, SLOW);
    expect(screen.queryByText('ABC-725')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: INICIO.clearFilter }));
    await screen.findByText('ABC-725', undefined, SLOW);
    app.uninstall();
  });

  it('parts reaching their limit in 7 days: only the machines with such a part, not those already in danger', async () => {
    setToken(makeToken({ roles: [MENU.maquinarias] }));
    stubFetch(routes());
    const app = renderApp('/inicio');
    await openCard(INICIO.partsSoon);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/maquinaria/admin'));
    expect(app.router.state.location.search).toEqual({ filtro: 'proximos' });
    await screen.findByText(INICIO.showing(INICIO.filters.proximos), undefined, SLOW);
    await screen.findByText('XYZ-300', undefined, SLOW);
    expect(screen.queryByText('EGL-123')).toBeNull();
    expect(screen.queryByText('ABC-725')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: INICIO.clearFilter }));
    await screen.findByText('ABC-725', undefined, SLOW);
    app.uninstall();
  });

  it('requests pending attention: only PENDIENTE requests of the widest range the list answers', async () => {
    setToken(makeToken({ roles: [MENU.pedidos] }));
    const calls = stubFetch(
      routes({
        'GET /api/inicio': ok({ ...answer, pedidos_pendientes: { total: 1 } }),
        'GET /api/pedidos/unimeds': ok([]),
        'POST /api/pedidos/list/delta': ok({
          cursor: '1.1',
          full: true,
          rows: [pedido(1, 'EGL-123', 0), pedido(2, 'ABC-725', 1)],
          deleted: [],
        }),
      }),
    );
    const app = renderApp('/inicio');
    await openCard(INICIO.requests);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/pedido'));
    expect(app.router.state.location.search).toEqual({ filtro: 'pedidosPendientes' });
    await screen.findByText(INICIO.showing(INICIO.filters.pedidosPendientes), undefined, SLOW);
    const table = await screen.findByRole('table', undefined, SLOW);
    await within(table).findByText('EGL-123', undefined, SLOW);
    expect(within(table).queryByText('ABC-725')).toBeNull();
    expect(calls.find((c) => c.path === '/api/pedidos/list/delta')?.body).toMatchObject(widestOf('pedidos'));
    fireEvent.click(screen.getByRole('button', { name: INICIO.clearFilter }));
    await within(table).findByText('ABC-725', undefined, SLOW);
    app.uninstall();
  });

  it('unbilled daily reports: the list asks the server for the unbilled ones only', async () => {
    setToken(makeToken({ roles: [MENU.registrarValorizaciones] }));
    const calls = stubFetch(routes({ 'POST /api/partesdiarios/list': ok([]) }));
    const app = renderApp('/inicio');
    await openCard(INICIO.unbilled);
    await screen.findByText(INICIO.showing(INICIO.filters.sinValorizar), undefined, SLOW);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/partesdiarios/list')?.body).toMatchObject({ sin_valorizar: true }));
    app.uninstall();
  });

  it('offline, the cards come from the device copy with its notice', async () => {
    setToken(makeToken({ roles: [MENU.fallas] }));
    await getDb().cache.put({ key: cacheKey(['inicio']), data: answer, savedAt: Date.now() - 3_600_000, userId: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const app = renderApp('/inicio');
    const card = await screen.findByRole('region', { name: INICIO.failures }, SLOW);
    within(card).getByText(/Fuga de aceite/);
    screen.getByText(/Copia sin conexión/);
    app.uninstall();
  });
});
