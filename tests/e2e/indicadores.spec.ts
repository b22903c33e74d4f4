// Fleet indicators (code 83, under Reportes) on the demo data: on an upright tablet (820×1180, touch) the screen opens
// from the menu, draws its trend and ranking charts (the chart library loaded apart) with no sideways scrolling, and a
// machine's bar in the cost ranking opens its hoja de vida; at desktop size (1366×800) the charts sit side by side.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MENU, ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.indicadores;
const ROLES = [MENU.reportes, MENU.indicadores, ROLE.hojaDeVida];

async function openIndicadores(page: Page, drawer: boolean): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.locator(`#menu-group-${MENU.reportes}`).getByRole('link', { name: L.menu, exact: true });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if (drawer && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const groupButton = nav.getByRole('button', { name: LABELS.menu.reportes });
  await groupButton.waitFor();
  if (!(await link.isVisible())) await groupButton.click();
  await link.click();
  await page.getByRole('heading', { name: L.title }).waitFor();
}

/** Charts drawn: every trend and both rankings hold an SVG surface with marks. */
async function chartsDrawn(page: Page): Promise<void> {
  for (const id of [
    'trend-disponibilidad',
    'trend-mtbf',
    'trend-mttr',
    'trend-cumplimiento',
    'trend-costo_hora',
    'rank-costo',
    'rank-disponibilidad',
  ]) {
    await page.getByTestId(id).locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
  }
  await page.getByTestId('trend-disponibilidad').locator('.recharts-line-curve').first().waitFor();
  await page.getByTestId('rank-costo').locator('.recharts-bar-rectangle').first().waitFor();
}

test('the charts draw on a tablet without sideways scrolling, and a bar opens the hoja de vida (820×1180)', async () => {
  const user = await ensureUser('e2e.indicadores', ROLES);
  const context = await newContext(browser, { width: 820, height: 1180 }, { hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openIndicadores(page, true);
  await chartsDrawn(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, 'indicadores-tableta');
  await page.getByTestId('rank-costo').scrollIntoViewIfNeeded();
  await shot(page, 'indicadores-tableta-ranking');
  await page.getByRole('region', { name: L.byMachine }).scrollIntoViewIfNeeded();
  await shot(page, 'indicadores-tableta-tabla');

  await page.getByTestId('rank-costo').locator('.recharts-bar-rectangle').first().click();
  await page.getByRole('heading', { name: /HOJA DE VIDA DE/ }).waitFor();
  await context.close();
});

test('the charts at desktop size (1366×800)', async () => {
  const user = await ensureUser('e2e.indicadores', ROLES);
  const context = await newContext(browser, { width: 1366, height: 800 });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openIndicadores(page, false);
  await chartsDrawn(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, 'indicadores-escritorio');
  await context.close();
});
