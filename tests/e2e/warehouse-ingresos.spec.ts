// Ingresos end to end: an entry from a demo purchase order raises the stock of its supplies and writes INGRESO
// movements in the kardex; a second entry for the same order is refused with the spec's message.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { IngresoRow, OrdenInfo } from '@shared/contract/ingresos';
import type { InsumoRow } from '@shared/contract/insumos';
import type { MovimientoRow } from '@shared/contract/movimientos';
import { limaDate } from '@shared/domain/dates';
import { formatAmount, fromCents, toCents } from '@shared/domain/money';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { launch, loginAs, newContext, shot, toastWith } from './browser';

/** The screen's money and unit-cost formats (es-PE grouping; 2 decimals, and 2 to 4 for a unit cost). */
const formatMoney = (n: number) => new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const formatUnitCost = (n: number) => new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(n);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.ingresos;
const table = (page: Page) => page.getByRole('table', { name: L.title });

/** The current year in Lima (the server's year: the entry modal offers it first). */
const limaYear = () => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric' }).format(new Date()));

interface Order {
  nro: string;
  anio: number;
  info: OrdenInfo;
}

/** Demo orders of `anio` with no entry yet: the mirror has no list call, so look numbers up one by one. */
async function unenteredOrders(token: string, anio: number): Promise<Order[]> {
  const entered = new Set(
    (await api<IngresoRow[]>(token, 'POST', '/api/ingresos/list', widest('ingresos'))).data.map((e) => `${e.nro_ordencompra}/${e.anio}`),
  );
  const found: Order[] = [];
  for (let start = 1; start <= 400; start += 40) {
    const batch = Array.from({ length: 40 }, (_, k) => String(start + k).padStart(4, '0'));
    const answers = await Promise.all(
      batch.map((nro) => api<OrdenInfo>(token, 'POST', '/api/ingresos/getinforden', { nro_ordencompra: nro, anio }, [404])),
    );
    answers.forEach((a, k) => {
      if (a.status === 200 && !entered.has(`${batch[k]}/${anio}`)) found.push({ nro: batch[k], anio, info: a.data });
    });
  }
  return found;
}

async function stockByCode(token: string): Promise<Map<string, InsumoRow>> {
  return new Map((await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.map((s) => [s.insumo_codigo, s]));
}

/** Opens 'Nuevo', looks the order up, picks its first delivery note and saves. */
async function enterOrder(page: Page, order: Order, shotName?: string): Promise<void> {
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: L.create });
  await dialog.waitFor();
  const save = dialog.getByRole('button', { name: LABELS.shell.save });
  expect(await save.isDisabled()).toBe(true);
  // Year choices run from the server's current year down to 2022.
  const years = await dialog.getByLabel(L.year, { exact: true }).locator('option').allTextContents();
  expect(years).toEqual(Array.from({ length: limaYear() - 2021 }, (_, i) => String(limaYear() - i)));
  await dialog.getByLabel(L.orderNumber).fill(order.nro);
  await dialog.getByLabel(L.year, { exact: true }).selectOption(String(order.anio));
  await dialog.getByRole('button', { name: L.search, exact: true }).click();
  for (const item of order.info.items) await dialog.getByRole('cell', { name: item.insumo_codigo, exact: true }).waitFor();
  await dialog.getByLabel(L.supplier).waitFor();
  expect(await dialog.getByLabel(L.supplier).inputValue()).toBe(order.info.items[0].proveedor);
  await dialog.getByLabel(L.guide).selectOption(order.info.guias[0].nro_guiaremision);
  expect(await save.isEnabled()).toBe(true);
  if (shotName) await shot(page, shotName);
  await save.click();
}

test('an entry from a purchase order raises the stock and writes the kardex; the same order cannot be entered twice', async () => {
  const token = await admin();
  const anio = limaYear();
  // An order no other spec enters: the unentered one with the highest number this year.
  const candidates = await unenteredOrders(token, anio);
  expect(candidates.length).toBeGreaterThan(0);
  const order = candidates[candidates.length - 1];
  const guia = order.info.guias[0].nro_guiaremision;
  const before = await stockByCode(token);

  const user = await ensureUser('e2e.alm.ingresos', [
    MENU.almacen,
    MENU.ingresos,
    MENU.movimientos,
    MENU.reportes,
    MENU.reporteInsumos,
    ROLE.ingresoNuevo,
    ROLE.ingresoVer,
  ]);
  const page = await (await newContext(browser)).newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await page.getByRole('link', { name: LABELS.menu.ingresos }).click();
  await page.getByRole('heading', { name: L.title }).waitFor();

  await enterOrder(page, order, 'warehouse-ingreso-form');
  await toastWith(page, MSG.saved);
  await page.getByRole('dialog', { name: L.create }).waitFor({ state: 'detached' });
  const row = table(page).locator('tbody tr').filter({ hasText: order.info.items[0].proveedor }).filter({ hasText: order.nro });
  await row.waitFor();
  expect(await row.textContent()).toContain(guia);
  await shot(page, 'warehouse-ingreso-list');

  // View (code 50): read-only, only the delivery-note selector enabled, no save button.
  await row.getByRole('button', { name: LABELS.view, exact: true }).click();
  const view = page.getByRole('dialog', { name: L.view });
  await view.waitFor();
  for (const item of order.info.items) await view.getByRole('cell', { name: item.insumo_codigo, exact: true }).waitFor();
  // The order's prices, read-only, with the entry's total.
  const totalCents = order.info.items.reduce((s, i) => s + Math.round(toCents(i.cantidad) * i.precio_unitario), 0);
  expect(order.info.items.every((i) => i.precio_unitario > 0)).toBe(true);
  await view.getByText(L.total(formatMoney(fromCents(totalCents))), { exact: true }).waitFor();
  await shot(page, 'warehouse-ingreso-view');
  expect(await view.getByLabel(L.orderNumber).inputValue()).toBe(order.nro);
  expect(await view.getByLabel(L.orderNumber).isDisabled()).toBe(true);
  expect(await view.getByLabel(L.supplier).isDisabled()).toBe(true);
  expect(await view.getByLabel(L.guide).isEnabled()).toBe(true);
  expect(await view.getByLabel(L.guide).inputValue()).toBe(guia);
  expect(await view.getByRole('button', { name: LABELS.shell.save }).count()).toBe(0);
  await view.getByRole('button', { name: LABELS.close }).last().click();
  await view.waitFor({ state: 'detached' });

  // Server: one entry for the order, stock raised by each ordered quantity, INGRESO movements with the note.
  const entries = (await api<IngresoRow[]>(token, 'POST', '/api/ingresos/list', widest('ingresos'))).data.filter(
    (e) => e.nro_ordencompra === order.nro && e.anio === anio,
  );
  expect(entries).toHaveLength(1);
  const after = await stockByCode(token);
  const ordered = new Map<string, number>();
  for (const i of order.info.items) ordered.set(i.insumo_codigo, (ordered.get(i.insumo_codigo) ?? 0) + i.cantidad);
  for (const [code, qty] of ordered) {
    expect(after.get(code)?.stock, code).toBeCloseTo((before.get(code)?.stock ?? 0) + qty, 2);
    const insumo = after.get(code) as InsumoRow;
    const kardex = (await api<MovimientoRow[]>(token, 'POST', '/api/movimientos/list', { insumo_id: insumo.id })).data;
    const moves = kardex.filter((m) => m.tipo === 'INGRESO' && m.nro_guiaremision === guia);
    expect(
      moves.reduce((s, m) => s + m.ingreso, 0),
      code,
    ).toBeCloseTo(qty, 2);
    expect(moves.every((m) => m.proveedor === order.info.items[0].proveedor && m.salida === 0)).toBe(true);
    expect(moves.every((m) => m.costo_unitario > 0 && m.importe > 0)).toBe(true);
    expect(kardex[kardex.length - 1].saldo, code).toBeCloseTo(insumo.stock, 2);
    expect(kardex[kardex.length - 1].saldo_importe, code).toBeCloseTo(insumo.valor_stock, 2);
  }

  // The kardex screen, filtered by the first supply, lists the INGRESO with its delivery note and quantity.
  const first = order.info.items[0];
  await page.getByRole('link', { name: LABELS.menu.movimientos }).click();
  const M = LABELS.movimientos;
  await page.getByRole('heading', { name: M.title }).waitFor();
  // Desktop width: at 820 px the document column folds into the row's detail (lists-tablet.spec.ts checks that).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('combobox', { name: LABELS.almacen.supply }).fill(first.insumo_codigo);
  await page.getByRole('option').filter({ hasText: first.insumo_codigo }).first().click();
  const move = page
    .getByRole('table', { name: M.title })
    .locator('tbody tr')
    .filter({ hasText: 'INGRESO' })
    .filter({ hasText: formatAmount(ordered.get(first.insumo_codigo) ?? 0) })
    .first();
  await move.waitFor();
  expect(await move.textContent()).toContain(formatUnitCost(order.info.items[0].precio_unitario));
  await shot(page, 'warehouse-ingreso-kardex');

  // The stock list values each supply (average cost, stock value) and states the warehouse's total value.
  await page.getByRole('button', { name: LABELS.menu.reportes }).click();
  await page.getByRole('link', { name: LABELS.menu.reporteInsumos }).click();
  const I = LABELS.insumos;
  const stockTable = page.getByRole('table', { name: I.title });
  await stockTable.locator('tbody tr td').first().waitFor();
  const heads = (await stockTable.locator('thead th').allTextContents()).map((h) => h.trim());
  expect(heads).toEqual(expect.arrayContaining([I.averageCost, I.stockValue]));
  const totalValue = [...after.values()].reduce((s, r) => s + toCents(r.valor_stock), 0);
  await page.getByText(I.totalValue(formatMoney(fromCents(totalValue))), { exact: true }).waitFor();
  await shot(page, 'warehouse-insumos-valor');
  await page.getByRole('link', { name: LABELS.menu.ingresos }).click();
  await page.getByRole('heading', { name: L.title }).waitFor();

  // A second entry for the same order: Buscar already says it was entered (nothing to fill, Grabar disabled); the
  // server refuses it anyway ('No puede grabar, orden de compra ya registrado', tested with the form). Nothing changes.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const dup = page.getByRole('dialog', { name: L.create });
  await dup.getByLabel(L.orderNumber).fill(order.nro);
  await dup.getByLabel(L.year, { exact: true }).selectOption(String(order.anio));
  await dup.getByRole('button', { name: L.search, exact: true }).click();
  await dup.getByText(MSG.orderAlreadyEntered(limaDate()), { exact: true }).waitFor();
  expect(await dup.getByRole('button', { name: LABELS.shell.save }).isDisabled()).toBe(true);
  expect(await dup.getByLabel(L.supplier).count()).toBe(0);
  await shot(page, 'warehouse-ingreso-duplicate');
  const again = (await api<IngresoRow[]>(token, 'POST', '/api/ingresos/list', widest('ingresos'))).data.filter(
    (e) => e.nro_ordencompra === order.nro && e.anio === anio,
  );
  expect(again).toHaveLength(1);
  const still = await stockByCode(token);
  for (const code of ordered.keys()) expect(still.get(code)?.stock).toBe(after.get(code)?.stock);
});
