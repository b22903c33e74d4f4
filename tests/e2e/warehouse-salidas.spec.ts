// Salidas end to end: an exit through the modal and its item sub-modal lowers the stock once (server stock and
// kardex checked); online, offline sent exactly once, and an offline exit the server rejects, fixed and resent.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { InsumoRow } from '@shared/contract/insumos';
import type { MovimientoRow } from '@shared/contract/movimientos';
import type { OperadorRow } from '@shared/contract/operadores';
import type { SalidaLineOut, SalidaRow } from '@shared/contract/salidas';
import { limaDate } from '@shared/domain/dates';
import { formatAmount } from '@shared/domain/money';
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

const S = LABELS.salidas;
const A = LABELS.almacen;
const table = (page: Page) => page.getByRole('table', { name: S.title });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
/** A field's label, exactly, with or without the required asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const voucher = (tag: string) => `E2E-${tag}-${Date.now() % 1_000_000}`;

interface Ctx {
  token: string;
  machine: { id: number; placa: string };
  operator: OperadorRow;
}

async function setup(): Promise<Ctx> {
  const token = await admin();
  const machines = (await api<{ id: number; placa: string }[]>(token, 'GET', '/api/maquinarias')).data;
  const operators = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data;
  return { token, machine: machines[0], operator: operators[0] };
}

async function supply(token: string, code: string): Promise<InsumoRow> {
  const row = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.find((s) => s.insumo_codigo === code);
  if (!row) throw new Error(`no existe el insumo ${code}`);
  return row;
}

/** Exits on the server with this voucher, with their lines. */
async function serverExits(token: string, nro: string): Promise<(SalidaRow & { salidas_det: SalidaLineOut[] })[]> {
  const rows = (await api<SalidaRow[]>(token, 'POST', '/api/salidas/list', widest('salidas'))).data.filter((r) => r.nro_vale === nro);
  return Promise.all(
    rows.map(async (r) => (await api<SalidaRow & { salidas_det: SalidaLineOut[] }>(token, 'GET', `/api/salidas/${r.id}`)).data),
  );
}

async function menuSalidas(page: Page): Promise<void> {
  const link = page.getByRole('link', { name: LABELS.menu.salidas });
  // The 'Almacén' group stays open once opened; a click would close it.
  if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await link.click();
  await page.getByRole('heading', { name: S.title }).waitFor();
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).waitFor();
}

/** Logs in, opens Salidas from the side menu and waits for the service worker. */
async function openSalidas(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const user = await ensureUser(username, [MENU.almacen, MENU.salidas, ROLE.salidaNuevo, ROLE.salidaEditar]);
  const context = await newContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await menuSalidas(page);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  return { context, page };
}

/** 'Agregar insumo' sub-modal: picks the supply through the typeahead; returns the dialog with the quantity empty. */
async function pickSupply(page: Page, s: InsumoRow, expectedAvailable = s.stock) {
  await dialog(page, S.create).getByRole('button', { name: A.addItem }).click();
  const item = dialog(page, A.addItem);
  await item.waitFor();
  await item.getByRole('combobox', { name: A.supply }).fill(s.insumo_codigo);
  await page.getByRole('option').filter({ hasText: s.insumo_codigo }).first().click();
  expect(await item.getByLabel(S.available).inputValue()).toBe(formatAmount(expectedAvailable));
  expect(await item.getByLabel(label(A.unit)).inputValue()).toBe(s.unimed);
  return item;
}

/** Fills the exit head (voucher, machine, operator by its 8-digit DNI) and adds one line of `qty`. */
async function fillExit(page: Page, ctx: Ctx, nro: string, s: InsumoRow, qty: number): Promise<void> {
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, S.create);
  await form.waitFor();
  await form.getByLabel(S.voucher).fill(nro);
  expect(await form.getByLabel(label(A.date)).inputValue()).toBe(limaDate());
  await form.getByLabel(A.machine).selectOption(String(ctx.machine.id));
  await form.getByRole('combobox', { name: S.operatorDni }).fill(ctx.operator.dni);
  await expect.poll(() => form.getByLabel(S.operatorName).inputValue()).toBe(ctx.operator.nombres);
  await form.getByRole('combobox', { name: S.operatorDni }).press('Escape');
  const item = await pickSupply(page, s);
  await item.getByLabel(label(A.quantity)).fill(String(qty));
  await item.getByRole('button', { name: A.add, exact: true }).click();
  await item.waitFor({ state: 'detached' });
  const line = form.locator('tbody tr').filter({ hasText: s.insumo_codigo });
  expect(await line.textContent()).toContain(formatAmount(qty));
}

const saveButton = (page: Page) => dialog(page, S.create).getByRole('button', { name: LABELS.shell.save });

test('an exit lowers the stock once and shows in the list; more than the stock is refused in the item sub-modal', async () => {
  const ctx = await setup();
  const s = await supply(ctx.token, '05.01.0008');
  const qty = 3;
  expect(s.stock).toBeGreaterThanOrEqual(qty + 1);
  const nro = voucher('SAL');
  const { context, page } = await openSalidas('e2e.alm.salidas');

  // Over the available stock: 'Cantidad no disponible' and 'Agregar' disabled.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await dialog(page, S.create).waitFor();
  const item = await pickSupply(page, s);
  await item.getByLabel(label(A.quantity)).fill(String(s.stock + 1));
  await item.getByText(MSG.quantityUnavailable, { exact: true }).waitFor();
  expect(await item.getByRole('button', { name: A.add, exact: true }).isDisabled()).toBe(true);
  await shot(page, 'warehouse-salida-over-stock');
  await item.getByLabel(label(A.quantity)).fill(String(s.stock));
  expect(await item.getByText(MSG.quantityUnavailable, { exact: true }).count()).toBe(0);
  expect(await item.getByRole('button', { name: A.add, exact: true }).isEnabled()).toBe(true);
  await item.getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).waitFor({ state: 'detached' });

  await fillExit(page, ctx, nro, s, qty);
  await shot(page, 'warehouse-salida-form');
  await saveButton(page).click();
  await toastWith(page, MSG.saved);
  await dialog(page, S.create).waitFor({ state: 'detached' });
  const row = table(page).locator('tbody tr').filter({ hasText: nro });
  await row.waitFor();
  expect(await row.textContent()).toContain(ctx.machine.placa);
  expect(await row.textContent()).toContain(ctx.operator.dni);
  await shot(page, 'warehouse-salida-list');

  const exits = await serverExits(ctx.token, nro);
  expect(exits).toHaveLength(1);
  expect(exits[0].salidas_det.map((l) => [l.insumo_id, l.cantidad])).toEqual([[s.id, qty]]);
  expect(exits[0].operador_id).toBe(ctx.operator.operador_id);
  expect((await supply(ctx.token, s.insumo_codigo)).stock).toBeCloseTo(s.stock - qty, 2);
  const kardex = (await api<MovimientoRow[]>(ctx.token, 'POST', '/api/movimientos/list', { insumo_id: s.id })).data;
  const moves = kardex.filter((m) => m.tipo === 'SALIDA' && m.nro_guiaremision === nro);
  expect(moves.map((m) => [m.salida, m.ingreso, m.proveedor])).toEqual([[qty, 0, ctx.machine.placa]]);
  await context.close();
});

const pendingBadge = (page: Page) => page.getByTestId('pending-badge');

test('an exit saved offline is listed as pending and reaches the server exactly once when the connection returns', async () => {
  const ctx = await setup();
  const s = await supply(ctx.token, '05.01.0007');
  const qty = 2;
  expect(s.stock).toBeGreaterThanOrEqual(qty);
  const nro = voucher('OFF');
  const { context, page } = await openSalidas('e2e.alm.offline');

  await context.setOffline(true);
  await fillExit(page, ctx, nro, s, qty);
  await saveButton(page).click();
  await toastWith(page, MSG.savedOffline);
  await dialog(page, S.create).waitFor({ state: 'detached' });
  const row = table(page).locator('tbody tr').filter({ hasText: nro });
  await row.getByText(MSG.syncBadgePending, { exact: true }).waitFor();
  expect(await pendingBadge(page).textContent()).toBe('1');
  await shot(page, 'warehouse-salida-offline-pending');
  expect(await serverExits(ctx.token, nro)).toHaveLength(0);
  expect((await supply(ctx.token, s.insumo_codigo)).stock).toBe(s.stock);
  // Offline the available stock is the device copy minus the pending exits.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await dialog(page, S.create).waitFor();
  await (await pickSupply(page, s, s.stock - qty)).getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).waitFor({ state: 'detached' });

  // Back online the outbox flushes on its own ('online' event): one exit, stock lowered once, badge gone.
  await context.setOffline(false);
  await pendingBadge(page).waitFor({ state: 'detached' });
  await row.getByText(ctx.operator.nombres).waitFor();
  expect(await row.getByText(MSG.syncBadgePending, { exact: true }).count()).toBe(0);
  await shot(page, 'warehouse-salida-offline-sent');
  // The new exit's supply now offers the server's stock, lowered once (nothing pending counted twice).
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await dialog(page, S.create).waitFor();
  await (await pickSupply(page, s, s.stock - qty)).getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).getByRole('button', { name: MSG.cancel }).click();
  // A reload starts the sender again and reopens Salidas (the tab keeps its place): nothing is sent twice.
  await page.reload();
  await page.getByRole('heading', { name: S.title }).waitFor();
  await table(page).locator('tbody tr').filter({ hasText: nro }).waitFor();
  const exits = await serverExits(ctx.token, nro);
  expect(exits).toHaveLength(1);
  expect(exits[0].salidas_det.map((l) => [l.insumo_id, l.cantidad])).toEqual([[s.id, qty]]);
  expect((await supply(ctx.token, s.insumo_codigo)).stock).toBeCloseTo(s.stock - qty, 2);
  await context.close();
});

/**
 * Saves an exit of `qty` offline, lets another user take the stock so that qty - 1 remains, goes online and
 * waits for the list row marked 'rechazado'. Returns the voucher, what is left and the row.
 */
async function queueRejectedExit(context: BrowserContext, page: Page, ctx: Ctx, s: InsumoRow, qty: number) {
  expect(s.stock).toBeGreaterThanOrEqual(qty);
  const nro = voucher('REJ');
  await context.setOffline(true);
  await fillExit(page, ctx, nro, s, qty);
  await saveButton(page).click();
  await toastWith(page, MSG.savedOffline);
  await dialog(page, S.create).waitFor({ state: 'detached' });

  await api(ctx.token, 'POST', '/api/salidas', {
    nro_vale: voucher('TAKE'),
    fecha: limaDate(),
    maquinaria_id: ctx.machine.id,
    operador_id: ctx.operator.operador_id,
    operador_dni: ctx.operator.dni,
    salidas_det: [{ insumo_id: s.id, cantidad: s.stock - (qty - 1), observacion: null }],
    trash: [],
    editorMode: 'crear',
  });
  const left = qty - 1;
  expect((await supply(ctx.token, s.insumo_codigo)).stock).toBeCloseTo(left, 2);

  await context.setOffline(false);
  const row = table(page).locator('tbody tr').filter({ hasText: nro });
  await row.getByText(MSG.syncBadgeRejected, { exact: true }).waitFor();
  expect(await row.getByRole('button', { name: A.fix }).count()).toBe(1);
  expect(await pendingBadge(page).textContent()).toBe('1');
  expect(await serverExits(ctx.token, nro)).toHaveLength(0);
  return { nro, left, row };
}

test('an offline exit the server rejects shows its reason in Sincronización; fixed and resent it is accepted once', async () => {
  const ctx = await setup();
  const s = await supply(ctx.token, '05.01.0009');
  const { context, page } = await openSalidas('e2e.alm.rechazo');
  const { nro, left } = await queueRejectedExit(context, page, ctx, s, 5);

  // The badge opens the Sincronización panel: the item is rejected with the server's reason.
  await pendingBadge(page).click();
  const item = page.locator('[data-testid^="outbox-item-"]').filter({ hasText: S.outboxLabel(nro) });
  await item.waitFor();
  expect(await item.getByText(MSG.syncStateRejected, { exact: true }).isVisible()).toBe(true);
  await item.getByText(MSG.syncReason(MSG.stockUnavailable(s.insumo_codigo, formatAmount(left))), { exact: true }).waitFor();
  await shot(page, 'warehouse-salida-rejected-panel');

  // 'Abrir y corregir': lower the quantity to what is left and send it again.
  await item.getByRole('button', { name: MSG.syncOpenFix }).click();
  const fix = dialog(page, S.fix);
  await fix.waitFor();
  expect(await fix.getByLabel(S.voucher).inputValue()).toBe(nro);
  await fix.locator('tbody tr').filter({ hasText: s.insumo_codigo }).getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, A.editItem);
  await edit.waitFor();
  await edit.getByLabel(label(A.quantity)).fill(String(left));
  await edit.getByRole('button', { name: A.update, exact: true }).click();
  await edit.waitFor({ state: 'detached' });
  await shot(page, 'warehouse-salida-rejected-fix');
  await fix.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await fix.waitFor({ state: 'detached' });
  await page.getByText(MSG.syncEmpty).waitFor();
  await pendingBadge(page).waitFor({ state: 'detached' });

  const exits = await serverExits(ctx.token, nro);
  expect(exits).toHaveLength(1);
  expect(exits[0].salidas_det.map((l) => [l.insumo_id, l.cantidad])).toEqual([[s.id, left]]);
  expect((await supply(ctx.token, s.insumo_codigo)).stock).toBeCloseTo(0, 2);
  // Back in the list the exit is a saved row (edit button, no badge).
  await menuSalidas(page);
  const saved = table(page).locator('tbody tr').filter({ hasText: nro });
  await saved.getByRole('button', { name: LABELS.edit }).waitFor();
  expect(await saved.getByText(MSG.syncBadgeRejected, { exact: true }).count()).toBe(0);
  await context.close();
});

test('the correction form of a rejected exit offers the stock the server has now, not the stale copy', async () => {
  const ctx = await setup();
  const s = await supply(ctx.token, '05.01.0006');
  const { context, page } = await openSalidas('e2e.alm.corrige');
  const { nro, left, row } = await queueRejectedExit(context, page, ctx, s, 3);

  // Online, 'Abrir y corregir' from the list row: the server said only `left` remains.
  await row.getByRole('button', { name: A.fix }).click();
  const fix = dialog(page, S.fix);
  await fix.waitFor();
  expect(await fix.getByLabel(S.voucher).inputValue()).toBe(nro);
  const line = fix.locator('tbody tr').filter({ hasText: s.insumo_codigo });
  await line.getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, A.editItem);
  await edit.waitFor();
  await page.waitForTimeout(400); // let the sub-modal's opening animation finish for the screenshot
  await shot(page, 'warehouse-salida-fix-available');
  // The sub-modal shows the available stock and refuses a quantity above it.
  expect(await edit.getByLabel(S.available).inputValue()).toBe(formatAmount(left));
  expect(await edit.getByText(MSG.quantityUnavailable, { exact: true }).count()).toBe(1);
  expect(await edit.getByRole('button', { name: A.update, exact: true }).isDisabled()).toBe(true);
  await context.close();
});

test('offline, Sincronización says calmly that the exit goes when the connection returns; logged out, the login screen says it waits', async () => {
  const ctx = await setup();
  const s = await supply(ctx.token, '05.01.0007');
  const nro = voucher('CALM');
  const { context, page } = await openSalidas('e2e.alm.calm');
  await context.setOffline(true);
  await fillExit(page, ctx, nro, s, 1);
  await saveButton(page).click();
  await toastWith(page, MSG.savedOffline);
  await dialog(page, S.create).waitFor({ state: 'detached' });

  // On an upright tablet, the top bar's count opens Sincronización: waiting for the connection, not 'Reintentando'.
  await page.setViewportSize({ width: 820, height: 1180 });
  await pendingBadge(page).click();
  const item = page.locator('li').filter({ hasText: S.outboxLabel(nro) });
  await item.getByText(MSG.syncStateWaiting, { exact: true }).waitFor();
  await page.getByText(MSG.syncOfflineCalm, { exact: true }).waitFor();
  expect(await page.getByText(MSG.syncStateRetrying, { exact: true }).count()).toBe(0);
  await shot(page, 'offline-sync-calm-tablet');
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, 'offline-sync-calm-desktop');

  // Leaving with the exit still here: the logout modal warns, and the login screen says whose records wait.
  await page.getByRole('navigation', { name: LABELS.menu.navigation }).getByRole('button', { name: LABELS.menu.cerrarSesion }).click();
  const logout = page.getByRole('dialog', { name: MSG.logoutTitle });
  await logout.getByText(MSG.logoutPendingWarning, { exact: false }).waitFor();
  await logout.getByRole('button', { name: MSG.exit, exact: true }).click();
  await page.getByTestId('login-waiting').waitFor();
  expect(await page.getByTestId('login-waiting').textContent()).toBe(MSG.syncLoginWaiting(1, 'Usuario e2e.alm.calm'));
  await shot(page, 'offline-login-waiting');

  // The same user logs in with the connection back: the exit goes once and the note is gone.
  await context.setOffline(false);
  await loginAs(page, 'e2e.alm.calm', USER_PASSWORD);
  await expect.poll(async () => (await serverExits(ctx.token, nro)).length, { timeout: 30_000 }).toBe(1);
  await pendingBadge(page).waitFor({ state: 'detached' });
  await context.close();
});
