// Side menu and top bar by role: entries shown only for the role ids the user holds, the user menu with the
// full name in upper case, the messages menu only with role 4, and navigation that leaves the address alone.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { INICIO, LABELS } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const M = LABELS.menu;

/** Logs in and waits for the welcome screen of `user` (full name 'Usuario <user>'). */
async function enter(user: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await loginAs(page, user, USER_PASSWORD);
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  return page;
}

/** Opens every group of the side menu and returns the group labels and the entry labels, in order. */
async function menuContents(page: Page): Promise<{ groups: string[]; entries: string[] }> {
  const nav = page.getByRole('navigation', { name: M.navigation });
  const groupButtons = nav.locator('button[aria-controls^="menu-group-"]');
  const groups = (await groupButtons.allTextContents()).map((t) => t.trim());
  for (let i = 0; i < groups.length; i++) {
    const b = groupButtons.nth(i);
    if ((await b.getAttribute('aria-expanded')) !== 'true') await b.click();
  }
  const entries = (await nav.locator('ul[id^="menu-group-"] a').allTextContents()).map((t) => t.trim());
  return { groups, entries };
}

test('a warehouse clerk sees only the Almacen entries they hold; configuration needs its group id', async () => {
  // Almacen group + orders + exits; users (62) without its group Configuracion (61); no activities.
  const user = await ensureUser('e2e.shell.menu.clerk', [MENU.almacen, MENU.pedidos, MENU.salidas, MENU.usuarios]);
  const page = await enter(user);
  const { groups, entries } = await menuContents(page);
  await shot(page, 'shell-menu-clerk');
  expect(groups).toEqual([M.almacen]);
  expect(entries).toEqual([M.pedidos, M.salidas]);
  const nav = page.getByRole('navigation', { name: M.navigation });
  expect(await nav.getByRole('link', { name: M.inicio }).isVisible()).toBe(true);
  expect(await nav.getByRole('button', { name: M.cerrarSesion }).isVisible()).toBe(true);
  expect(await nav.getByText(/^Copyright ©/).isVisible()).toBe(true);

  // Top bar: the name in upper case, no messages menu without role 4, the notifications bell.
  expect(await page.getByTestId('user-name').textContent()).toBe(`USUARIO ${user.toUpperCase()}`);
  expect(await page.getByRole('button', { name: LABELS.shell.messages, exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: new RegExp(`^${LABELS.shell.notifications}`) }).click();
  await page.getByText(LABELS.shell.recentPosts).first().waitFor();
  await page.keyboard.press('Escape');

  // User menu: Perfil, Configuración, Sincronización, Salir; no Actividad Log without the audit code (61).
  await page.getByRole('button', { name: `${LABELS.shell.userMenu}: USUARIO ${user.toUpperCase()}` }).click();
  const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await shot(page, 'shell-menu-clerk-user-menu');
  expect(items).toEqual([LABELS.shell.profile, LABELS.shell.settings, LABELS.shell.sync, LABELS.shell.exit]);
  await page.keyboard.press('Escape');

  // Following an entry opens the screen without changing the address bar.
  const before = page.url();
  await page.getByRole('link', { name: M.salidas }).click();
  await page.getByRole('link', { name: M.salidas, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  expect(page.url()).toBe(before);
  await page.context().close();
});

test('an administrator-like user sees every built screen of the groups they hold, and the messages menu', async () => {
  const user = await ensureUser('e2e.shell.menu.boss', [
    MENU.administrativo,
    MENU.maquinarias,
    MENU.operadores,
    MENU.actividades,
    ROLE.mensajes,
    MENU.reportes,
    MENU.reporteInsumos,
    MENU.almacen,
    MENU.pedidos,
    MENU.ingresos,
    MENU.salidas,
    MENU.movimientos,
    MENU.configuracion,
    MENU.usuarios,
  ]);
  const page = await enter(user);
  const { groups, entries } = await menuContents(page);
  await shot(page, 'shell-menu-boss');
  expect(groups).toEqual([M.administrativo, M.reportes, M.almacen, M.configuracion]);
  expect(entries).toEqual([
    M.maquinarias,
    M.operadores,
    M.actividades,
    M.reporteInsumos,
    M.pedidos,
    M.ingresos,
    M.salidas,
    M.movimientos,
    M.usuarios,
  ]);

  expect(await page.getByTestId('user-name').textContent()).toBe(`USUARIO ${user.toUpperCase()}`);
  expect(await page.getByRole('button', { name: LABELS.shell.messages, exact: true }).isVisible()).toBe(true);
  await page.getByRole('button', { name: `${LABELS.shell.userMenu}: USUARIO ${user.toUpperCase()}` }).click();
  const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  expect(items).toEqual([
    LABELS.shell.profile,
    LABELS.shell.settings,
    LABELS.shell.activityLog,
    LABELS.shell.operations,
    LABELS.shell.sync,
    LABELS.shell.exit,
  ]);
  await page.keyboard.press('Escape');

  // The activities entry opens LISTADO DE ACTIVIDADES.
  await page.getByRole('link', { name: M.actividades }).click();
  await page.getByRole('heading', { name: LABELS.actividades.title }).waitFor();
  await page.context().close();
});

test('Inicio on the upright tablet starts at the top, and the day cards arriving later move nothing above them', async () => {
  const user = await ensureUser('e2e.shell.menu.inicio', [MENU.mantenimientos, MENU.fallas, MENU.almacen, MENU.pedidos]);
  const page = await (await newContext(browser, { width: 820, height: 1180 }, { hasTouch: true })).newPage();
  await loginAs(page, user, USER_PASSWORD);
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  const grid = page.locator('section[aria-labelledby="inicio-title"] > div.grid');
  const firstCard = async () => (await grid.locator(':scope > *').first().boundingBox())?.y;
  await grid.locator(':scope > *').first().waitFor();
  const early = await firstCard();
  await page.getByText(INICIO.failures).waitFor();
  await page.waitForLoadState('networkidle');
  // Under the top bar, with the page's padding only (centred, it started ~250 px lower).
  const card = await page.locator('#welcome-title').evaluate((h) => h.closest('div.rounded-xl')!.getBoundingClientRect().top);
  expect(card).toBeLessThan(140);
  expect(await firstCard()).toBe(early);
  await shot(page, 'inicio-tablet');
  await page.context().close();
});
