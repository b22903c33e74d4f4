// Welcome screen cards: the server's cards for what the user may open, the device card from the outbox (its unsent
// and rejected items, opening Sincronización), and a card's button opening its screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InicioAnswer } from '@shared/contract/inicio';
import { MENU } from '@shared/auth/permissions';
import { INICIO } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { getDb, type OutboxItem } from '@client/offline/db';
import { makeToken, renderApp, stubFetch } from '../../app/helpers';

const part = (insumo_maq_id: number, insumo_name: string, nivel: 'info' | 'danger', fecha_limite: string | null) => ({
  insumo_maq_id,
  maquinaria_id: 7,
  placa: 'EGB-123',
  descripcion: 'CARGADOR FRONTAL',
  insumo_name,
  contador: 480,
  horas_limite: 500,
  nivel,
  fecha_limite,
});

const answer: InicioAnswer = {
  insumos: {
    peligro: { total: 1, items: [part(1, 'Filtro de aceite', 'danger', '2026-11-20')] },
    proximos: { total: 6, items: [1, 2, 3, 4, 5].map((i) => part(10 + i, `Filtro ${i}`, 'info', '2026-11-27')) },
  },
  fallas: { total: 2, items: [{ falla_id: 3, maquinaria_id: 7, placa: 'EGB-123', descripcion: 'Fuga de aceite', fecha: '2026-11-22' }] },
  partes_sin_valorizar: { total: 4, monto: 1250.5 },
  pedidos_pendientes: null,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  clearToken();
  await getDb().outbox.clear();
});

/** An item of this device's outbox, saved by user 1. */
const item = (seq: number, status: OutboxItem['status']): OutboxItem => ({
  id: crypto.randomUUID(),
  seq,
  userId: 1,
  resource: 'salidas',
  method: 'POST',
  url: '/api/salidas',
  body: { nro_vale: `V-${seq}` },
  label: `Salida vale V-${seq}`,
  status,
  attempts: status === 'rejected' ? 1 : 0,
  nextAttemptAt: 0,
  lastError: status === 'rejected' ? 'Cantidad no disponible' : null,
  lastStatus: status === 'rejected' ? 409 : null,
  lastErrors: null,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  meta: {},
  userName: 'Ana Torres',
  upload: null,
  ackedAt: null,
  serverId: null,
});

describe('<InicioCards> on the welcome screen', () => {
  it('shows the cards the server answered, the device card, and opens a card’s screen', async () => {
    setToken(makeToken({ roles: [MENU.mantenimientoPreventivo, MENU.fallas, MENU.registrarValorizaciones] }));
    stubFetch({
      'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }),
      'GET /api/inicio': () => ({ status: 200, body: answer }),
    });
    const app = renderApp('/inicio');
    const danger = await screen.findByRole('region', { name: INICIO.partsDanger }, { timeout: 10_000 });
    within(danger).getByText(/Filtro de aceite: 480\.00 de 500\.00/);
    const soon = screen.getByRole('region', { name: INICIO.partsSoon });
    within(soon).getByText(INICIO.more(1));
    expect(within(soon).getAllByText(/límite el 2026-11-27/)).toHaveLength(5);
    const failures = screen.getByRole('region', { name: INICIO.failures });
    within(failures).getByText(/Fuga de aceite/);
    within(screen.getByRole('region', { name: INICIO.unbilled })).getByText(/1,250\.50/);
    expect(screen.queryByRole('region', { name: INICIO.requests })).toBeNull();
    within(screen.getByRole('region', { name: INICIO.device })).getByText(INICIO.allSent);
    fireEvent.click(within(danger).getByRole('button', { name: INICIO.open }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/maquinaria/mantenimiento'));
    app.uninstall();
  });

  it('the device card counts this device’s unsent and rejected items and opens Sincronización', async () => {
    setToken(makeToken({ roles: [MENU.fallas] }));
    await getDb().outbox.bulkAdd([item(1, 'pending'), item(2, 'pending'), item(3, 'rejected')]);
    stubFetch({
      'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }),
      'GET /api/inicio': () => ({ status: 200, body: answer }),
      // The server is down: the pending items stay unsent.
      'POST /api/salidas': () => ({ status: 503, body: { message: 'Servicio no disponible' } }),
    });
    const app = renderApp('/inicio');
    const device = await screen.findByRole('region', { name: INICIO.device }, { timeout: 10_000 });
    await within(device).findByText(INICIO.unsent(2));
    within(device).getByText(INICIO.rejected(1));
    expect(within(device).queryByText(INICIO.allSent)).toBeNull();
    fireEvent.click(within(device).getByRole('button', { name: INICIO.open }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/sincronizacion'));
    app.uninstall();
  });
});
