// Lists from the device first (docs/architecture.md, "List deltas"): Salidas opened once, the app left and loaded
// again, two of its exits changed on the server by another user (one edited, one deleted); reopened, the device's
// rows are on screen before the server answers, then the delta updates the edited row in place and removes the
// deleted one.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { InsumoRow } from '@shared/contract/insumos';
import type { OperadorRow } from '@shared/contract/operadores';
import type { SalidaDetail } from '@shared/contract/salidas';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { MENU } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { baseUrl, launch, loginAs } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const S = LABELS.salidas;
const table = (page: Page) => page.getByRole('table', { name: S.title });

async function openSalidas(page: Page): Promise<void> {
  const link = page.getByRole('link', { name: LABELS.menu.salidas });
  if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await link.click();
  await page.getByRole('heading', { name: S.title }).waitFor();
}

const search = (page: Page, text: string) => page.getByRole('searchbox').fill(text);

test('a list opened before paints its rows from the device, then shows an exit edited and one deleted elsewhere', async () => {
  const token = await admin();
  const machine = (await api<{ id: number }[]>(token, 'GET', '/api/maquinarias')).data[0];
  const operator = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data[0];
  const supply = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.find((s) => s.stock >= 3);
  if (!supply) throw new Error('no supply with stock');
  const tag = `DLT${Date.now() % 1_000_000}`;
  const body = (vale: string) => ({
    editorMode: 'crear',
    nro_vale: vale,
    fecha: limaDate(),
    maquinaria_id: machine.id,
    operador_id: operator.operador_id,
    operador_dni: operator.dni,
    salidas_det: [{ insumo_id: supply.id, cantidad: 1 }],
  });
  const kept = (await api<SalidaDetail>(token, 'POST', '/api/salidas', body(`${tag}-A`))).data;
  const gone = (await api<SalidaDetail>(token, 'POST', '/api/salidas', body(`${tag}-B`))).data;

  const user = await ensureUser('e2e.delta.salidas', [MENU.almacen, MENU.salidas]);
  // No service worker: the held-back delta below is routed by the page, which a service worker would bypass.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 800 },
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await openSalidas(page);
  await search(page, tag);
  await table(page).getByText(`${tag}-A`).waitFor();
  await table(page).getByText(`${tag}-B`).waitFor();
  // Let the idle-time write of the device copy happen, then leave the screen and load the app again (nothing in
  // memory: what is painted next comes from IndexedDB).
  await page.waitForTimeout(1500);
  await page.getByRole('link', { name: LABELS.menu.inicio }).click();
  await page.getByRole('heading', { name: S.title }).waitFor({ state: 'detached' });
  await page.goto('/');

  // Elsewhere: the first exit gets another voucher, the second is deleted.
  await api(token, 'PUT', `/api/salidas/${kept.id}`, {
    ...body(`${tag}-A2`),
    editorMode: 'editar',
    salidas_det: kept.salidas_det.map((l) => ({ salida_det_id: l.salida_det_id, insumo_id: l.insumo_id, cantidad: l.cantidad })),
  });
  await api(token, 'DELETE', `/api/salidas/${gone.id}`);

  // Reopened with the delta held back: the device's rows (as they were) are on screen first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const deltas: Request[] = [];
  await page.route('**/api/salidas/list/delta', async (route) => {
    deltas.push(route.request());
    await held;
    await route.continue();
  });
  await openSalidas(page);
  await search(page, tag);
  await table(page).getByText(`${tag}-A`, { exact: true }).waitFor();
  await table(page).getByText(`${tag}-B`, { exact: true }).waitFor();
  expect(deltas).toHaveLength(1);
  const since = (deltas[0].postDataJSON() as { since: string | null }).since;
  expect(since).toMatch(/^\d+\.\d+$/);

  const answered = page.waitForResponse('**/api/salidas/list/delta');
  release();
  const delta = (await (await answered).json()) as { full: boolean; rows: { id: number; nro_vale: string }[]; deleted: number[] };
  expect(delta.full).toBe(false);
  expect(delta.deleted).toContain(gone.id);
  expect(delta.rows.map((r) => r.nro_vale)).toContain(`${tag}-A2`);
  await table(page).getByText(`${tag}-A2`, { exact: true }).waitFor();
  await table(page).getByText(`${tag}-B`, { exact: true }).waitFor({ state: 'detached' });
  expect(await table(page).getByText(`${tag}-A`, { exact: true }).count()).toBe(0);
  await context.close();
});
