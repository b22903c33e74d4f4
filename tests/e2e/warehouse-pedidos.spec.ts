// Pedidos end to end: a clerk with 'Nuevo/Editar pedido' (53, 54) creates a request for a machine
// with a line added from the item sub-modal by keyboard (typeahead ↓/Enter, Enter in the quantity); it is
// PENDIENTE and the state select stays locked without code 12; a user with 12 marks it ATENDIDO.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PedidoRow } from '@shared/contract/pedidos';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { launch, loginAs, newContext, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const P = LABELS.pedidos;
const A = LABELS.almacen;
const [PENDIENTE, ATENDIDO] = LABELS.requestState;
const table = (page: Page) => page.getByRole('table', { name: P.title });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
/** The list row of request `id` (the 'N° pedido' cell; the details column is hidden). */
const rowOf = (page: Page, id: number) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

interface PedidoDetail extends PedidoRow {
  pedidos_det: { insumo_codigo: string; cantidad: number; unimed_abrev: string }[];
}

async function openPedidos(username: string, roles: number[]): Promise<Page> {
  const user = await ensureUser(username, [MENU.almacen, MENU.pedidos, ...roles]);
  const page = await (await newContext(browser)).newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await page.getByRole('link', { name: LABELS.menu.pedidos }).click();
  await page.getByRole('heading', { name: P.title }).waitFor();
  return page;
}

test('a request is created PENDIENTE from the keyboard, and only code 12 changes its state', async () => {
  const token = await admin();
  const machine = (await api<{ id: number; placa: string }[]>(token, 'GET', '/api/maquinarias')).data[1];
  const page = await openPedidos('e2e.alm.pedidos', [ROLE.pedidoNuevo, ROLE.pedidoEditar]);

  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, P.create);
  await form.waitFor();
  const save = form.getByRole('button', { name: LABELS.shell.save });
  expect(await save.isDisabled()).toBe(true);
  await form.getByLabel(A.plate).selectOption(String(machine.id));
  expect(await form.getByLabel(A.state).inputValue()).toBe('0');
  expect(await form.getByLabel(A.state).isDisabled()).toBe(true);

  await form.getByRole('button', { name: A.addItem }).click();
  const item = dialog(page, A.addItem);
  await item.waitFor();
  const supplyBox = item.getByRole('combobox', { name: A.supply });
  await supplyBox.fill('filtro');
  const first = page.getByRole('listbox').getByRole('option').first();
  await first.waitFor();
  const chosen = (await first.textContent()) ?? '';
  const code = chosen.split(' - ')[0];
  await supplyBox.press('Enter');
  // Enter chose the suggestion: the sub-modal is still open, the unit took the supply's.
  expect(await supplyBox.inputValue()).toBe(chosen);
  expect(await item.isVisible()).toBe(true);
  expect(await item.getByLabel(A.unit).inputValue()).not.toBe('0');
  await item.getByLabel(A.quantity).fill('4');
  await item.getByLabel(A.quantity).press('Enter');
  await item.waitFor({ state: 'detached' });
  const line = form.locator('tbody tr').filter({ hasText: code });
  expect(await line.textContent()).toContain('4.00');
  await form.getByRole('tab', { name: P.tabObservation }).click();
  const note = `E2E pedido ${Date.now() % 1_000_000}`;
  await form.getByRole('textbox', { name: A.observation }).fill(note);
  await shot(page, 'warehouse-pedido-form');
  await save.click();
  await toastWith(page, MSG.saved);
  await form.waitFor({ state: 'detached' });

  // Server: one request with that note, PENDIENTE, with the line.
  const mine = (await api<PedidoRow[]>(token, 'POST', '/api/pedidos/list', widest('pedidos'))).data.filter((r) => r.observacion === note);
  expect(mine).toHaveLength(1);
  expect(mine[0].estado).toBe(0);
  expect(mine[0].maquinaria_id).toBe(machine.id);
  const detail = (await api<PedidoDetail>(token, 'GET', `/api/pedidos/${mine[0].pedido_id}`)).data;
  expect(detail.pedidos_det.map((l) => [l.insumo_codigo, l.cantidad])).toEqual([[code, 4]]);

  // The list row: plate and the PENDIENTE badge; no delete button without code 55.
  const row = rowOf(page, mine[0].pedido_id);
  await row.waitFor();
  expect(await row.textContent()).toContain(machine.placa);
  expect(await row.getByText(PENDIENTE, { exact: true }).isVisible()).toBe(true);
  expect(await row.getByRole('button', { name: LABELS.remove }).count()).toBe(0);
  await shot(page, 'warehouse-pedido-list');

  // Editing without code 12: the state select stays locked.
  await row.getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, P.edit);
  await edit.locator('tbody tr').filter({ hasText: code }).waitFor();
  expect(await edit.getByLabel(A.state).isDisabled()).toBe(true);
  await edit.getByRole('button', { name: MSG.cancel }).click();
  await edit.waitFor({ state: 'detached' });

  // With code 12 the state can be changed to ATENDIDO.
  const chief = await openPedidos('e2e.alm.jefe', [ROLE.pedidoEditar, ROLE.pedidoEditarEstado]);
  const chiefRow = rowOf(chief, mine[0].pedido_id);
  await chiefRow.getByRole('button', { name: LABELS.edit }).click();
  const chiefEdit = dialog(chief, P.edit);
  await chiefEdit.locator('tbody tr').filter({ hasText: code }).waitFor();
  expect(await chiefEdit.getByLabel(A.state).isEnabled()).toBe(true);
  await chiefEdit.getByLabel(A.state).selectOption('1');
  await chiefEdit.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(chief, MSG.saved);
  await chiefEdit.waitFor({ state: 'detached' });
  await chiefRow.getByText(ATENDIDO, { exact: true }).waitFor();
  expect((await api<PedidoDetail>(token, 'GET', `/api/pedidos/${mine[0].pedido_id}`)).data.estado).toBe(1);
});
