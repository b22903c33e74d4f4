// A machine's record (hoja de vida) on an upright tablet (820×1180): the machinery list shows every machine's state as
// a badge in its row (a key column, not folded), a failure reported with 'máquina detenida' turns it EN REPARACION,
// and the plate opens the machine's record with its data, wear, meter chart, plan, orders and timeline, whose kinds
// filter it. At desktop size the state shows too.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import { LABELS } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.maquinarias;
const H = LABELS.hojadevida;
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1366, height: 900 };
const ROLES = [MENU.administrativo, MENU.maquinarias, ROLE.maquinariaEditar, ROLE.hojaDeVida];

const table = (page: Page) => page.getByRole('table', { name: L.title });
const rowOf = (page: Page, placa: string) => table(page).locator('tbody tr').filter({ hasText: placa }).first();

async function openMachinery(page: Page, drawer: boolean): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.locator(`#menu-group-${MENU.administrativo}`).getByRole('link', { name: LABELS.menu.maquinarias, exact: true });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  // Below 1280 px the menu is a drawer, closed (inert) at first.
  if (drawer && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const groupButton = nav.getByRole('button', { name: LABELS.menu.administrativo });
  await groupButton.waitFor();
  if (!(await link.isVisible())) await groupButton.click();
  await link.click();
  await page.getByRole('heading', { name: L.title }).waitFor();
}

test("a stopped machine's state shows in its row and its plate opens its hoja de vida (820×1180)", async () => {
  const token = await admin();
  const machines = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data;
  const m = machines.find((x) => x.estado === 0) ?? machines[0];
  const falla = await api<{ falla_id: number }>(token, 'POST', '/api/fallas', {
    editorMode: 'crear',
    maquinaria_id: m.id,
    descripcion: 'Motor no arranca (e2e)',
    maquina_detenida: true,
  });
  expect(falla.status).toBe(201);
  const user = await ensureUser('e2e.hojadevida', ROLES);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMachinery(page, true);
  await page.getByRole('searchbox').first().fill(m.placa);
  const row = rowOf(page, m.placa);
  await row.waitFor();
  // The state is in the row itself (not folded into the detail), as a badge: under the plate below 1024 px.
  const visibleBadges = () =>
    row
      .getByText(LABELS.machineState[2], { exact: true })
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).length);
  await expect.poll(visibleBadges, { timeout: 20_000 }).toBe(1);
  await shot(page, 'hojadevida-lista-tableta');

  const plate = row.getByRole('button', { name: L.openRecord(m.placa) });
  const box = await plate.boundingBox();
  expect(box && box.height >= 44 && box.width >= 44).toBe(true);
  await plate.click();
  await page.getByRole('heading', { name: H.title(m.placa) }).waitFor();
  for (const section of [H.data, H.wear, H.meterChart, H.plan, H.orders, H.timeline]) {
    await page.getByRole('region', { name: section }).waitFor();
  }
  const timeline = page.getByRole('list', { name: H.timeline });
  await timeline.getByText('Motor no arranca (e2e)').waitFor();
  await page.getByRole('region', { name: H.data }).getByText(LABELS.machineState[2], { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, 'hojadevida-tableta');

  // Only the failures.
  await page.getByRole('group', { name: H.timeline }).getByRole('button', { name: H.types.FALLA, exact: true }).click();
  await expect
    .poll(async () => new Set(await timeline.locator('li[data-tipo]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tipo')))), {
      timeout: 20_000,
    })
    .toEqual(new Set(['FALLA']));
  await page.getByRole('region', { name: H.timeline }).scrollIntoViewIfNeeded();
  await shot(page, 'hojadevida-tableta-fallas');

  // Back to the list.
  await page.getByRole('button', { name: H.back }).click();
  await page.getByRole('heading', { name: L.title }).waitFor();
  await context.close();
});

test('the state column shows at desktop size (1366 px)', async () => {
  const user = await ensureUser('e2e.hojadevida', ROLES);
  const context = await newContext(browser, DESKTOP);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMachinery(page, false);
  await table(page).locator('tbody tr').first().waitFor();
  const headers = await table(page).locator('thead th').allTextContents();
  expect(headers.map((h) => h.trim())).toContain(L.state);
  // Its own column at desktop size: one badge per row, in the column.
  const stateCells = await table(page)
    .locator('tbody tr')
    .first()
    .evaluate((tr) => [...tr.querySelectorAll('td')].filter((td) => td.getBoundingClientRect().width > 0).length);
  expect(stateCells).toBeGreaterThanOrEqual(5);
  await shot(page, 'hojadevida-lista-escritorio');
  await context.close();
});
