// Cost per machine on an upright tablet (820×1180), reached from the menu (Reportes): the demo's machines with the
// plate, the total and the cost per hour in view, the totals under the table, and a plate that opens the machine's
// hoja de vida; then Parámetros (Configuración): a fuel checkbox saved and read back.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ParametrosDetail } from '@shared/contract/parametros';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const C = LABELS.costosmaquina;
const P = LABELS.parametros;
const TABLET = { width: 820, height: 1180 };

test('Costo por maquinaria keeps plate, total and cost per hour in view and opens the hoja de vida; Parámetros saves a fuel', async () => {
  const user = await ensureUser('e2e.costos', [MENU.reportes, MENU.costosMaquinaria, ROLE.hojaDeVida, MENU.configuracion, MENU.parametros]);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);

  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await nav.getByRole('button', { name: LABELS.menu.reportes }).click();
  await nav.getByRole('link', { name: C.menu, exact: true }).click();
  await page.getByRole('heading', { name: C.title }).waitFor();

  const table = page.getByRole('table', { name: C.title });
  const first = table.locator('tbody tr').first();
  await first.getByRole('button').filter({ hasText: /\S/ }).first().waitFor();
  for (const header of [C.plate, C.total, C.perHour])
    await expect.poll(() => table.getByRole('columnheader', { name: header }).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.getByRole('definition').first().waitFor();
  await shot(page, 'costosmaquina-tableta');

  const plate = first.getByRole('button', { name: /Abrir|hoja/i }).first();
  const placa = (await plate.textContent())?.trim() ?? '';
  await plate.click();
  await page.getByRole('heading', { name: LABELS.hojadevida.title(placa) }).waitFor();

  // Parámetros: mark the first supply as fuel, save, read it back.
  const token = await admin();
  const before = (await api<ParametrosDetail>(token, 'GET', '/api/parametros')).data;
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await nav.getByRole('button', { name: LABELS.menu.configuracion }).click();
  await nav.getByRole('link', { name: P.menu, exact: true }).click();
  await page.getByRole('heading', { name: P.title }).waitFor();
  const box = page.getByRole('checkbox', { name: new RegExp(`^${P.fuel}:`) }).first();
  await box.waitFor();
  const wasChecked = (await box.getAttribute('aria-checked')) === 'true';
  await box.click();
  await page.getByRole('button', { name: P.save }).click();
  await toastWith(page, MSG.saved);
  const after = (await api<ParametrosDetail>(token, 'GET', '/api/parametros')).data;
  expect(after.combustibles.length).toBe(before.combustibles.length + (wasChecked ? -1 : 1));
  await shot(page, 'parametros-tableta');
  await context.close();
});
