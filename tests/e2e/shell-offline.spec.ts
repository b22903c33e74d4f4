// Offline shell: once the service worker controls the page and the activities list was loaded, a reload
// without network still shows the top bar, the side menu and the device copy of the list with its notice.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { api, apiLogin, ensureUser, USER_PASSWORD } from './api';
import { baseUrl, launch, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.actividades;
const table = (page: Page) => page.getByRole('table', { name: L.title });

/** Logs in on /actividad, lets the service worker take control (one reload), and returns the page online. */
async function controlledActividades(user: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Deep link: the address stays /actividad, so reloads come back to the list.
  await page.goto('/actividad');
  await page.getByLabel(/usuario/i).fill(user);
  await page.getByLabel(/contraseña/i).fill(USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.shell.signIn }).click();
  await table(page).locator('tbody tr').filter({ hasText: name }).waitFor();
  // The worker installs on the first visit; it controls the page after a reload.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await table(page).locator('tbody tr').filter({ hasText: name }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

async function setup(username: string): Promise<{ user: string; name: string }> {
  const user = await ensureUser(username, [MENU.administrativo, MENU.actividades, ROLE.actividadNuevo]);
  const token = await apiLogin(user, USER_PASSWORD);
  const name = `E2E SHELL OFFLINE ${Date.now()}`;
  await api(token, 'POST', '/api/actividades', { activ_nombre: name, activ_estado: 1, editorMode: 'crear' });
  return { user, name };
}

test('a controlled page reloads offline with the shell and the cached activities list', async () => {
  const { user, name } = await setup('e2e.shell.offline');
  const { context, page } = await controlledActividades(user, name);
  const onlineRows = await table(page).locator('tbody tr').count();
  expect(await page.getByText(/^Copia sin conexión del /).count()).toBe(0);
  // The worker declared the API network-only at install (static routing): the controlled page's API requests skip
  // its fetch event, while the shell's files still come from it.
  const sources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerMatchedSourceType?: string })[])
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => e.workerMatchedSourceType),
  );
  expect(sources.length).toBeGreaterThan(0);
  expect(new Set(sources)).toEqual(new Set(['network']));

  await context.setOffline(true);
  await page.reload();
  const shell = page.getByRole('navigation', { name: LABELS.menu.navigation });
  await shell.waitFor();
  expect(await page.getByTestId('user-name').textContent()).toBe(`USUARIO ${user.toUpperCase()}`);
  await page.getByRole('heading', { name: L.title }).waitFor();
  await table(page).locator('tbody tr').filter({ hasText: name }).waitFor();
  expect(await table(page).locator('tbody tr').count()).toBe(onlineRows);
  const notice = page.getByRole('status').filter({ hasText: /^Copia sin conexión del / });
  await notice.waitFor();
  expect(await notice.textContent()).toMatch(new RegExp(`^${MSG.offlineCopy('').trim()} \\d`));
  await shot(page, 'shell-offline-list');
  // Still logged in: no login screen and the token kept.
  expect(await page.getByRole('heading', { name: LABELS.shell.loginTitle }).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('token') !== null)).toBe(true);

  // Back online, a reload answers from the server again and the notice goes away.
  await context.setOffline(false);
  await page.reload();
  await table(page).locator('tbody tr').filter({ hasText: name }).waitFor();
  expect(await page.getByText(/^Copia sin conexión del /).count()).toBe(0);
  await context.close();
});

test('offline, the shell keeps the office names the server gave online', async () => {
  const settings = (await (await fetch(`${baseUrl()}/api/ajustes`)).json()) as { officeName: string; shortName: string };
  const { user, name } = await setup('e2e.shell.offline.brand');
  const { context, page } = await controlledActividades(user, name);
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  await nav.getByText(settings.officeName, { exact: true }).waitFor();

  await context.setOffline(true);
  await page.reload();
  await table(page).locator('tbody tr').filter({ hasText: name }).waitFor();
  await shot(page, 'shell-offline-brand');
  const brand = (await nav.locator('p').allTextContents()).slice(0, 2);
  expect(brand).toEqual([settings.officeName, settings.shortName]);
  await context.close();
});

test('when the connection drops during the session, a list opens from its device copy and one never loaded says so', async () => {
  const user = await ensureUser('e2e.shell.offline.drop', [
    MENU.administrativo,
    MENU.actividades,
    ROLE.actividadNuevo,
    MENU.almacen,
    MENU.pedidos,
    MENU.ingresos,
  ]);
  const token = await apiLogin(user, USER_PASSWORD);
  const name = `E2E SHELL DROP ${Date.now()}`;
  await api(token, 'POST', '/api/actividades', { activ_nombre: name, activ_estado: 1, editorMode: 'crear' });
  const { context, page } = await controlledActividades(user, name);
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = (text: string) => nav.getByRole('link', { name: text });
  const openAlmacen = async (text: string) => {
    if (!(await link(text).isVisible())) await nav.getByRole('button', { name: LABELS.menu.almacen }).click();
    await link(text).click();
  };
  const pedidos = page.getByRole('table', { name: LABELS.pedidos.title });
  // Requests are loaded once online (the device keeps a copy), then the page is loaded afresh: only the device
  // copy (IndexedDB) survives, not the in-memory query cache.
  await openAlmacen(LABELS.menu.pedidos);
  await pedidos
    .locator('tbody tr')
    .filter({ hasText: /\d{4}-\d{2}-\d{2}/ })
    .first()
    .waitFor();
  const onlineRows = await pedidos.locator('tbody tr').allTextContents();
  expect(onlineRows.length).toBeGreaterThan(0);
  await link(LABELS.menu.inicio).click();
  await page.reload();
  await nav.waitFor();

  await context.setOffline(true);
  await openAlmacen(LABELS.menu.pedidos);
  await page
    .getByRole('status')
    .filter({ hasText: /^Copia sin conexión del / })
    .waitFor();
  expect(await pedidos.locator('tbody tr').allTextContents()).toEqual(onlineRows);

  await openAlmacen(LABELS.menu.ingresos);
  await page.getByRole('heading', { name: LABELS.ingresos.title }).waitFor();
  await page.getByRole('status').filter({ hasText: MSG.offlineNoCopy }).waitFor();
  await shot(page, 'shell-offline-no-copy');
  // The session stays: the spec's logout on a load without answer is for a server that is down, not for a
  // device that knows it is offline.
  expect(await page.getByRole('heading', { name: LABELS.shell.loginTitle }).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('token') !== null)).toBe(true);

  // Back online, the list on screen loads by itself and the notice goes.
  await context.setOffline(false);
  await page.getByRole('status').filter({ hasText: MSG.offlineNoCopy }).waitFor({ state: 'detached' });
  await page
    .getByRole('table', { name: LABELS.ingresos.title })
    .locator('tbody tr')
    .filter({ hasText: /\d{4}-\d{2}-\d{2}/ })
    .first()
    .waitFor();
  await context.close();
});

test('cutting the network shows the offline chip at once; back online the list opened offline refreshes by itself', async () => {
  const { user, name } = await setup('e2e.shell.offline.back');
  const { context, page } = await controlledActividades(user, name);
  const chip = page.getByTestId('offline-indicator');
  expect(await chip.count()).toBe(0);

  // No reload needed: the chip follows the connection.
  await context.setOffline(true);
  await chip.waitFor();
  expect(await chip.textContent()).toBe(MSG.offlineIndicator);

  // The list opened offline shows the device copy with its notice.
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: /^Copia sin conexión del / });
  await notice.waitFor();
  await chip.waitFor();
  await shot(page, 'shell-offline-chip');
  // Meanwhile somebody records an activity on the server.
  const later = `${name} LATER`;
  await api(await apiLogin(user, USER_PASSWORD), 'POST', '/api/actividades', { activ_nombre: later, activ_estado: 1, editorMode: 'crear' });

  // Back online: without a reload or a click the chip and the notice go, and the list shows the server's rows.
  await context.setOffline(false);
  await chip.waitFor({ state: 'detached' });
  await notice.waitFor({ state: 'detached' });
  await table(page).locator('tbody tr').filter({ hasText: later }).waitFor();
  await context.close();
});
