// The details of the records in a list loaded online stay on the device, so the requests and entries
// lists open a record offline (they showed 'No se pudo obtener el registro'); offline, a record without that copy
// says why it cannot open. (The exits list: salidas-list.test.tsx.)
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { limaDate } from '@shared/domain/dates';
import type { IngresoDetail, IngresoRow } from '@shared/contract/ingresos';
import type { PedidoDetail, PedidoRow } from '@shared/contract/pedidos';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import IngresosPage from '@client/features/ingresos/ingresos-page';
import PedidosPage from '@client/features/pedidos/pedidos-page';
import { makeToken, offlineEngine, providers, stubFetch, resetScreenTest } from '../features/helpers';

const today = limaDate();

/** The test session with these role codes. */
function tokenWith(roles: number[]): string {
  const [head, payload, sig] = makeToken(1).split('.');
  const body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return [head, Buffer.from(JSON.stringify({ ...body, roles })).toString('base64url'), sig].join('.');
}

afterEach(resetScreenTest);

/** The page on its own router (the requests list reads its search params). */
function routed(Page: () => React.JSX.Element) {
  const router = createRouter({ routeTree: createRootRoute({ component: Page }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  return <RouterProvider router={router} />;
}

const kept = (key: unknown[]) => getDb().cache.get(cacheKey(key));

/** Online render (the details are kept), then offline: one detail dropped, the other opens from the device. */
async function offlineOpen(opts: {
  page: () => React.JSX.Element;
  online: Record<string, unknown>;
  keys: [unknown[], unknown[]];
  table: string;
  rowText: [string, string];
  button: string;
  dialog: string;
  shown: string;
}) {
  stubFetch(opts.online);
  const t = offlineEngine();
  const online = render(opts.page(), { wrapper: providers(t.engine) });
  await waitFor(async () => expect(await kept(opts.keys[0])).toBeDefined());
  await waitFor(async () => expect(await kept(opts.keys[1])).toBeDefined());
  online.unmount();

  await getDb().cache.delete(cacheKey(opts.keys[1])); // as if it were beyond the records kept
  stubFetch({}); // the connection is gone
  render(
    <>
      {opts.page()}
      <Toaster />
    </>,
    { wrapper: providers(t.engine) },
  );
  const table = await screen.findByRole('table', { name: opts.table });
  const row = async (text: string) => (await within(table).findByText(text)).closest('tr')!;
  fireEvent.click(within(await row(opts.rowText[1])).getByRole('button', { name: opts.button }));
  await screen.findByText(MSG.detailNotOffline);
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(within(await row(opts.rowText[0])).getByRole('button', { name: opts.button }));
  const dialog = await screen.findByRole('dialog', { name: opts.dialog });
  await within(dialog).findByText(opts.shown);
  expect(within(dialog).queryByText(MSG.loadFailed)).toBeNull();
}

describe('records of a list opened offline', () => {
  it('LISTADO DE PEDIDOS: a request loaded with the list opens offline; one without a copy says why', async () => {
    setToken(tokenWith([ROLE.pedidoEditar]));
    const row = (pedido_id: number, placa: string): PedidoRow => ({
      pedido_id,
      fecha: today,
      maquinaria_id: 1,
      placa,
      detalle: 'FIL-001 Filtro de aceite x 2 UND',
      estado: 0,
      observacion: null,
      created_at: `${today}T10:00:00.000Z`,
    });
    const detail = (pedido_id: number, placa: string): PedidoDetail => ({
      ...row(pedido_id, placa),
      pedidos_det: [
        {
          pedido_det_id: pedido_id * 10,
          pedido_id,
          insumo_id: 7,
          insumo_name: 'Filtro de aceite',
          insumo_codigo: `FIL-${pedido_id}`,
          unimed_id: 1,
          unimed_abrev: 'UND',
          cantidad: 2,
        },
      ],
    });
    await offlineOpen({
      page: () => routed(PedidosPage),
      online: {
        'POST /api/pedidos/list/delta': { cursor: '1.1', full: true, rows: [row(40, 'EGA-140'), row(41, 'EGA-141')], deleted: [] },
        'GET /api/maquinarias': [],
        'GET /api/pedidos/unimeds': [],
        'GET /api/pedidos/40': detail(40, 'EGA-140'),
        'GET /api/pedidos/41': detail(41, 'EGA-141'),
      },
      keys: [
        ['pedidos', 'detail', 40],
        ['pedidos', 'detail', 41],
      ],
      table: LABELS.pedidos.title,
      rowText: ['EGA-140', 'EGA-141'],
      button: LABELS.edit,
      dialog: LABELS.pedidos.edit,
      shown: 'FIL-40',
    });
  });

  it('LISTADO DE INGRESOS: an entry loaded with the list opens offline; one without a copy says why', async () => {
    setToken(tokenWith([ROLE.ingresoVer]));
    const row = (id: number, nro: string): IngresoRow => ({
      id,
      fecha: today,
      nro_ordencompra: nro,
      anio: 2025,
      fecha_ordencompra: today,
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      nro_guiaremision: null,
      fecha_guiaremision: null,
      guias: '',
      created_at: `${today}T10:00:00.000Z`,
    });
    const detail = (id: number, nro: string): IngresoDetail => {
      const { guias: _, ...head } = row(id, nro);
      return {
        ...head,
        orden_id: 9000 + id,
        guias_remision: [],
        ingresos_det: [
          {
            id: id * 10,
            insumo_id: 7,
            insumo: { insumo_codigo: `ACE-${id}`, insumo_name: 'Aceite' },
            precio_unitario: 55,
            cantidad: 10,
            unimed: 'GLN',
            marca: null,
            user_idx: null,
          },
        ],
      };
    };
    await offlineOpen({
      page: () => routed(IngresosPage),
      online: {
        'POST /api/ingresos/list/delta': { cursor: '1.1', full: true, rows: [row(8, '0000108'), row(9, '0000109')], deleted: [] },
        'GET /api/ingresos/8': detail(8, '0000108'),
        'GET /api/ingresos/9': detail(9, '0000109'),
      },
      keys: [
        ['ingresos', 'detail', 8],
        ['ingresos', 'detail', 9],
      ],
      table: LABELS.ingresos.title,
      rowText: ['0000108', '0000109'],
      button: LABELS.view,
      dialog: LABELS.ingresos.view,
      shown: 'ACE-8',
    });
  });
});
