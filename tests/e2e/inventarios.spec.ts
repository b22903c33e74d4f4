// The physical count end to end on an upright tablet with touch (820×1180): a clerk makes a count sheet of two
// supplies for today, types the counts (one equal to the system, one short by one unit, with its reason), saves the
// progress, approves it after the confirmation that names one shortage, and finds the adjustment in the kardex
// ('Movimientos de almacén'). The screen never scrolls sideways. Screenshots of the dialog, the count and the kardex.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { InsumoRow } from '@shared/contract/insumos';
import type { InventarioDetail } from '@shared/contract/inventarios';
import { LABELS, MSG } from '@shared/messages';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot, toastWith } from './browser';

const L = LABELS.inventarios;
const TABLET = { width: 820, height: 1180 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openMenu(page: Page, entry: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.locator(`#menu-group-${MENU.almacen}`).getByRole('link', { name: entry, exact: true });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const group = nav.getByRole('button', { name: LABELS.menu.almacen });
  await group.waitFor();
  if (!(await link.isVisible())) await group.click();
  await link.click();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

test('a count sheet of two supplies with one shortage is approved and shows in the kardex', async () => {
  const token = await admin();
  const supplies = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.filter((i) => i.stock >= 2).slice(0, 2);
  expect(supplies).toHaveLength(2);
  const [same, short] = supplies;
  const user = await ensureUser('e2e.inventario', [
    MENU.almacen,
    MENU.movimientos,
    MENU.inventarios,
    ROLE.inventarioNuevo,
    ROLE.inventarioAprobar,
  ]);
  const context = await newContext(browser, TABLET, { hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMenu(page, L.menu);
  await page.getByRole('heading', { name: L.title }).waitFor();

  // Nuevo: a description and the two supplies picked with the typeahead.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: L.create });
  await dialog.getByLabel(L.description).fill('Conteo E2E de almacén');
  for (const s of supplies) {
    await dialog.getByLabel(L.addSupply).fill(s.insumo_codigo);
    await page.getByRole('option', { name: new RegExp(`^${s.insumo_codigo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `) }).click();
  }
  await dialog.getByText(L.chosen(2)).waitFor();
  await shot(page, 'inventarios-nuevo-tablet');
  await dialog.getByRole('button', { name: LABELS.shell.save, exact: true }).tap();

  // The count screen of the new sheet.
  const heading = page.getByRole('heading', { name: /INVENTARIO FÍSICO N° \d+/ });
  await heading.waitFor();
  const id = Number((await heading.textContent())?.replace(/\D/g, ''));
  const detail = (await api<InventarioDetail>(token, 'GET', `/api/inventarios/${id}`)).data;
  const line = (s: InsumoRow) => detail.detalle.find((l) => l.insumo_id === s.id) as InventarioDetail['detalle'][number];
  const card = (s: InsumoRow) => page.getByRole('listitem', { name: `${s.insumo_codigo} - ${s.insumo_name}` });
  await card(same)
    .getByLabel(new RegExp(L.countedQty))
    .fill(String(line(same).stock_sistema));
  await card(short)
    .getByLabel(new RegExp(L.countedQty))
    .fill(String(line(short).stock_sistema - 1));
  await card(short)
    .getByText(new RegExp(`^${L.shortage} -1\\.00`))
    .waitFor();
  await card(short).getByLabel(new RegExp(L.reason)).fill('Merma E2E');
  await page.getByText(L.unsaved(2)).waitFor();
  const input = card(short).getByLabel(new RegExp(L.countedQty));
  const box = await input.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await noSidewaysScroll(page);
  await shot(page, 'inventarios-conteo-tablet');
  await page.getByRole('button', { name: L.saveProgress }).tap();
  await toastWith(page, MSG.inventarioSaved);

  // Approve: the confirmation names one shortage and no surplus.
  await page.getByRole('button', { name: L.approve }).tap();
  const confirm = page.getByRole('dialog', { name: L.approveTitle });
  await confirm.getByText(L.approveSummary(0, 1)).waitFor();
  await shot(page, 'inventarios-aprobar-tablet');
  await confirm.getByRole('button', { name: L.approve }).tap();
  await toastWith(page, MSG.inventarioApproved(1));
  await page.getByText('APROBADO', { exact: true }).first().waitFor();
  expect((await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.find((i) => i.id === short.id)?.stock).toBe(short.stock - 1);

  // The kardex of the short supply lists the adjustment.
  await openMenu(page, LABELS.menu.movimientos);
  await page.getByRole('heading', { name: LABELS.movimientos.title }).waitFor();
  await page.getByLabel(LABELS.almacen.supply).fill(short.insumo_codigo);
  await page.getByRole('option', { name: new RegExp(`^${short.insumo_codigo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `) }).click();
  const table = page.getByRole('table', { name: LABELS.movimientos.title });
  await table.getByText('AJUSTE', { exact: true }).last().waitFor();
  await noSidewaysScroll(page);
  await shot(page, 'inventarios-kardex-tablet');
  await context.close();
}, 60_000);
