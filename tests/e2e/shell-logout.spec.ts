// Logout: the modal '¿Listo para salir?' from the user menu's Salir and the side menu's 'Cerrar sesión';
// Cancelar keeps the session, Salir removes the token, revokes it on the server and lands on login.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LABELS, MSG } from '@shared/messages';
import { MENU } from '@shared/auth/permissions';
import { api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const loginHeading = (page: Page) => page.getByRole('heading', { name: LABELS.shell.loginTitle });
const logoutDialog = (page: Page) => page.getByRole('dialog', { name: MSG.logoutTitle });

test('Salir asks for confirmation, ends the session on the server and returns to login', async () => {
  const user = await ensureUser('e2e.shell.logout', [MENU.administrativo, MENU.actividades]);
  const page = await (await newContext(browser)).newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  const welcome = page.getByText(LABELS.shell.welcome(`Usuario ${user}`));
  await welcome.waitFor();
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  expect(token.split('.')).toHaveLength(3);

  // User menu → Salir opens the modal with the spec's texts; Cancelar keeps everything.
  await page.getByRole('button', { name: `${LABELS.shell.userMenu}: USUARIO ${user.toUpperCase()}` }).click();
  await page.getByRole('menuitem', { name: LABELS.shell.exit }).click();
  const dialog = logoutDialog(page);
  await dialog.waitFor();
  expect(await dialog.getByText(MSG.logoutText, { exact: true }).isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: MSG.cancel }).isVisible()).toBe(true);
  expect(await dialog.getByRole('button', { name: MSG.exit, exact: true }).isVisible()).toBe(true);
  await shot(page, 'shell-logout-modal');
  await page.keyboard.press('Escape'); // static modal: Escape does nothing
  expect(await dialog.isVisible()).toBe(true);
  await dialog.getByRole('button', { name: MSG.cancel }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await welcome.isVisible()).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  expect((await api(token, 'GET', '/api/actividades')).status).toBe(200);

  // Side menu → Cerrar sesión opens the same modal; Salir ends the session.
  await page.getByRole('navigation', { name: LABELS.menu.navigation }).getByRole('button', { name: LABELS.menu.cerrarSesion }).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: MSG.exit, exact: true }).click();
  await loginHeading(page).waitFor();
  await shot(page, 'shell-logout-login');
  expect(await page.getByRole('navigation', { name: LABELS.menu.navigation }).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The token is revoked: the server refuses it, and the page has nothing to send.
  expect((await api(token, 'GET', '/api/actividades', undefined, [401])).status).toBe(401);
  expect(await page.evaluate(async () => (await fetch('/api/actividades')).status)).toBe(401);

  // A reload and a deep link both stay on login.
  await page.reload();
  await loginHeading(page).waitFor();
  await page.goto('/actividad');
  await loginHeading(page).waitFor();
  expect(await page.getByRole('heading', { name: LABELS.actividades.title }).count()).toBe(0);
  await page.context().close();
});
