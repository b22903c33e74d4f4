// Lists on an upright tablet (820×1180): the exits list and the kardex show their key columns with no sideways
// scrolling, the columns that do not fit fold into a detail under each row, and a tap anywhere on a sortable
// header sorts. The same screens at desktop size show every column.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { InsumoRow } from '@shared/contract/insumos';
import type { OperadorRow } from '@shared/contract/operadores';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, rowAction, rowActionNames, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const A = LABELS.almacen;
const S = LABELS.salidas;
const M = LABELS.movimientos;
const TABLET = { width: 820, height: 1180 };

/** Two exits of today on the server (so the exits list and the kardex have rows). */
async function seedSalidas(): Promise<string[]> {
  const token = await admin();
  const machines = (await api<{ id: number; placa: string }[]>(token, 'GET', '/api/maquinarias')).data;
  const operators = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data;
  const supply = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.find((s) => s.stock >= 2);
  if (!supply) throw new Error('no hay insumos con stock');
  const vouchers = [`TAB-A-${Date.now() % 1_000_000}`, `TAB-B-${Date.now() % 1_000_000}`];
  for (const nro of vouchers) {
    await api(token, 'POST', '/api/salidas', {
      nro_vale: nro,
      fecha: limaDate(),
      maquinaria_id: machines[0].id,
      operador_id: operators[0].operador_id,
      operador_dni: operators[0].dni,
      salidas_det: [{ insumo_id: supply.id, cantidad: 1, observacion: null }],
      trash: [],
      editorMode: 'crear',
    });
  }
  return vouchers;
}

/** Opens a screen from the side menu; on a tablet the menu is a drawer that is closed (inert) at first. */
async function openScreen(page: Page, link: string, title: string): Promise<void> {
  const item = page.getByRole('link', { name: link });
  const group = page.getByRole('button', { name: LABELS.menu.almacen });
  if (await group.evaluate((el) => el.closest('[inert]') !== null)) await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  if (!(await item.isVisible())) await group.click();
  await item.click();
  await page.getByRole('heading', { name: title }).waitFor();
}

/** Header texts of the table and whether its scroller scrolls sideways. */
async function layout(page: Page, name: string) {
  const table = page.getByRole('table', { name });
  await table.locator('tbody tr td').first().waitFor();
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const overflow = await page
    .getByTestId('table-scroll')
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
  return { table, headers, overflow };
}

test('exits list and kardex fit an upright tablet, folding the rest into a row detail', async () => {
  const vouchers = await seedSalidas();
  const user = await ensureUser('tablet_listas', [MENU.almacen, MENU.salidas, MENU.movimientos, ROLE.salidaEditar, ROLE.salidaEliminar]);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);

  await openScreen(page, LABELS.menu.salidas, S.title);
  const exits = await layout(page, S.title);
  await shot(page, 'tablet-salidas');
  expect(exits.overflow.scroll).toBeLessThanOrEqual(exits.overflow.client + 1);
  expect(exits.overflow.page).toBeLessThanOrEqual(TABLET.width);
  for (const key of [A.date, S.voucher, A.plate, LABELS.actions]) expect(exits.headers).toContain(key);
  // Something folded (the machine's description, at least: the plate names it): the first cell opens its detail.
  const row = exits.table.locator('tbody tr').filter({ hasText: vouchers[0] });
  const toggle = row.getByRole('button', { name: LABELS.showDetail });
  await toggle.click();
  const detail = exits.table.locator('tbody tr[data-detail]');
  await detail.waitFor();
  expect(await detail.textContent()).toContain(A.machine);
  await shot(page, 'tablet-salidas-detail');
  await row.getByRole('button', { name: LABELS.hideDetail }).click();
  await detail.waitFor({ state: 'detached' });

  // A tap in the corner of a sortable header (not on its text) sorts.
  const th = exits.table.locator('thead th').filter({ hasText: S.voucher });
  const box = await th.boundingBox();
  if (!box) throw new Error('no header box');
  await page.mouse.click(box.x + box.width - 3, box.y + box.height - 3);
  await expect.poll(() => th.getAttribute('aria-sort')).toBe('ascending');

  await openScreen(page, LABELS.menu.movimientos, M.title);
  const kardex = await layout(page, M.title);
  await shot(page, 'tablet-kardex');
  expect(kardex.overflow.scroll).toBeLessThanOrEqual(kardex.overflow.client + 1);
  for (const key of [A.date, A.description, M.type, M.inflow, M.outflow, M.balance, M.balanceValue]) expect(kardex.headers).toContain(key);
  const first = kardex.table.locator('tbody tr').first();
  await first.getByRole('button', { name: LABELS.showDetail }).click();
  expect(await kardex.table.locator('tbody tr[data-detail]').textContent()).toContain(M.document);
  await shot(page, 'tablet-kardex-detail');

  // On a wide desktop everything fits: nothing folds.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(async () => (await kardex.table.locator('thead th').allTextContents()).length).toBe(12);
  expect(await kardex.table.getByRole('button', { name: LABELS.showDetail }).count()).toBe(0);
  await shot(page, 'desktop-kardex');
  await context.close();
});

test('a long operator name wraps in the exit form instead of being cut off (upright tablet)', async () => {
  const token = await admin();
  const dni = String(70_000_000 + (Date.now() % 9_999_999)).slice(0, 8);
  const nombres = 'VILCAHUAMAN QUISPE DE LA CRUZ Y SANTISTEBAN MARÍA DEL CARMEN ALEJANDRINA';
  await api(token, 'POST', '/api/operadores', { dni, nombres, editorMode: 'crear' });
  const user = await ensureUser('tablet_operador_largo', [MENU.almacen, MENU.salidas, ROLE.salidaNuevo]);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await openScreen(page, LABELS.menu.salidas, S.title);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = page.getByRole('dialog', { name: S.create, exact: true });
  await form.getByRole('combobox', { name: S.operatorDni }).fill(dni);
  const name = form.getByLabel(S.operatorName);
  await expect.poll(() => name.inputValue()).toBe(nombres);
  await shot(page, 'tablet-salida-operador-largo');
  // The whole name is in view: it wraps onto more lines instead of scrolling or being clipped.
  const box = await name.evaluate((el) => ({ sh: el.scrollHeight, ch: el.clientHeight, sw: el.scrollWidth, cw: el.clientWidth }));
  expect(box.sw).toBeLessThanOrEqual(box.cw);
  expect(box.sh).toBeLessThanOrEqual(box.ch + 1);
  await context.close();
});

test("on a touch tablet a row's icon actions are one 'Acciones' menu of labelled items, Eliminar last and apart", async () => {
  const U = LABELS.usuarios;
  const user = await ensureUser('tablet_acciones', [
    MENU.configuracion,
    MENU.usuarios,
    ROLE.usuarioEditar,
    ROLE.usuarioPermisos,
    ROLE.usuarioClave,
    ROLE.usuarioEliminar,
  ]);
  const context = await newContext(browser, TABLET, { hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  await page.getByRole('button', { name: LABELS.menu.configuracion }).click();
  await page.getByRole('link', { name: LABELS.menu.usuarios }).click();
  const table = page.getByRole('table', { name: U.title });
  // The demo office holds every spec's users: the search brings this one to the first page.
  await table.locator('tbody tr').first().waitFor();
  await page.getByRole('searchbox').first().fill(user);
  const row = table.locator('tbody tr').filter({ hasText: user }).first();
  await row.waitFor();
  // One button per row, inside its cell: no icon row and no labels running out of the row.
  const menu = row.getByRole('button', { name: LABELS.rowActions, exact: true });
  expect(await row.getByRole('button', { name: LABELS.edit, exact: true }).count()).toBe(0);
  const fits = await menu.evaluate((el) => {
    const cell = el.closest('td')!.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    return { inside: b.left >= cell.left && b.right <= cell.right, width: b.width, height: b.height };
  });
  expect(fits.inside).toBe(true);
  expect(Math.min(fits.width, fits.height)).toBeGreaterThanOrEqual(44);
  expect(await rowActionNames(row)).toEqual([LABELS.edit, U.permissions, U.password, LABELS.remove]);

  // The menu, tapped open: labelled items at least 44 px high, Eliminar after a separator.
  await menu.tap();
  const open = page.getByRole('menu');
  await open.waitFor();
  await shot(page, 'tablet-usuarios-acciones');
  for (const h of await open.getByRole('menuitem').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
    expect(h).toBeGreaterThanOrEqual(44);
  const order = await open.evaluate((el) => [...el.children].map((c) => c.getAttribute('role')));
  expect(order).toEqual(['menuitem', 'menuitem', 'menuitem', 'separator', 'menuitem']);
  await page.keyboard.press('Escape');
  await open.waitFor({ state: 'detached' });

  // An item does what its icon button does with a mouse.
  await (await rowAction(row, LABELS.edit)).tap();
  await page.getByRole('dialog', { name: U.edit }).waitFor();
  await context.close();
});
