// Login screen end to end: wrong password, the forced change of the default password, and the route guard
// (a protected address opened while logged out goes to login and comes back after signing in).
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { ensureUser, USER_PASSWORD } from './api';
import { baseUrl, launch, loginAs, newContext, PASSWORD, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toaster = (page: Page) => page.getByTestId('toaster');
const loginHeading = (page: Page) => page.getByRole('heading', { name: LABELS.shell.loginTitle });

/** Decoded payload of the token the page stored under localStorage 'token' (null when absent). */
async function storedSession(page: Page): Promise<{ user: { fullName: string; matchPassword: boolean } } | null> {
  return page.evaluate(() => {
    const t = localStorage.getItem('token');
    if (!t) return null;
    const b64 = t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(decodeURIComponent(escape(atob(b64)))) as { user: { fullName: string; matchPassword: boolean } };
  });
}

test('a wrong password shows the toast "Credencial incorrecto" and keeps the login screen', async () => {
  const user = await ensureUser('e2e.shell.wrongpw', [MENU.administrativo, MENU.actividades]);
  const context = await newContext(browser);
  const page = await context.newPage();
  await loginAs(page, user, 'no-es-la-clave');
  const toast = toaster(page).getByRole('alert');
  await toast.getByText(MSG.loginFailed, { exact: true }).waitFor();
  expect(await toast.getByText(MSG.toastTitle, { exact: true }).isVisible()).toBe(true);
  await shot(page, 'shell-login-wrong-password');
  expect(await loginHeading(page).isVisible()).toBe(true);
  expect(await storedSession(page)).toBeNull();
  // The date line shows the city label and today's date in Spanish.
  expect(await page.getByTestId('login-date').textContent()).toMatch(/\d{1,2} de [a-záéíóú]+ de \d{4}/i);
  await context.close();
});

test('a user with the default password must change it, then signs in again with the new one', async () => {
  const user = await ensureUser('e2e.shell.forced', [MENU.administrativo, MENU.actividades], { keepDefault: true });
  const newPassword = 'NuevaClave2026!';
  const context = await newContext(browser);
  const page = await context.newPage();
  await loginAs(page, user, PASSWORD);

  const title = page.getByRole('heading', { name: LABELS.shell.forcedPasswordTitle });
  await title.waitFor();
  expect((await storedSession(page))?.user.matchPassword).toBe(true);
  expect(await page.getByText(`USUARIO ${user.toUpperCase()}`, { exact: true }).isVisible()).toBe(true);
  // The side menu is not there: the user cannot skip the change.
  expect(await page.getByRole('navigation', { name: LABELS.menu.navigation }).count()).toBe(0);
  await shot(page, 'shell-login-forced-change');

  // Mismatching confirmation is refused on the client.
  await page.getByLabel(LABELS.shell.newPassword).fill(newPassword);
  await page.getByLabel(LABELS.shell.confirmPassword).fill('OtraCosa2026!');
  await page.getByRole('button', { name: LABELS.shell.save }).click();
  await page.getByText(MSG.passwordsDontMatch).waitFor();
  expect(await title.isVisible()).toBe(true);

  // The default password again is refused with the server's reason (it looped back to this screen before).
  await page.getByLabel(LABELS.shell.newPassword).fill(PASSWORD);
  await page.getByLabel(LABELS.shell.confirmPassword).fill(PASSWORD);
  await page.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.passwordIsDefault);
  expect(await title.isVisible()).toBe(true);
  expect((await storedSession(page))?.user.matchPassword).toBe(true);

  await page.getByLabel(LABELS.shell.newPassword).fill(newPassword);
  await page.getByLabel(LABELS.shell.confirmPassword).fill(newPassword);
  await page.getByRole('button', { name: LABELS.shell.save }).click();
  await toaster(page).getByText(LABELS.shell.passwordChangedRelogin).waitFor();
  // The app closes the session and asks for a new sign-in with the new password.
  await loginHeading(page).waitFor();
  expect(await storedSession(page)).toBeNull();

  // The default password no longer opens the account.
  const old = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: PASSWORD }),
  });
  expect(old.status).toBe(401);

  await loginAs(page, user, newPassword);
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  expect((await storedSession(page))?.user.matchPassword).toBe(false);
  expect(await page.getByRole('navigation', { name: LABELS.menu.navigation }).isVisible()).toBe(true);
  await shot(page, 'shell-login-after-change');
  await context.close();
});

test('a protected address opened while logged out goes to login and returns there after signing in', async () => {
  const user = await ensureUser('e2e.shell.guard', [MENU.administrativo, MENU.actividades, ROLE.actividadNuevo]);
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/actividad');
  await loginHeading(page).waitFor();
  expect(await page.getByRole('heading', { name: LABELS.actividades.title }).count()).toBe(0);

  await page.getByLabel(/usuario/i).fill(user);
  await page.getByLabel(/contraseña/i).fill(USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.shell.signIn }).click();
  await page.getByRole('heading', { name: LABELS.actividades.title }).waitFor();
  // Memory history: the address bar keeps what was opened (spec: navigation never changes it).
  expect(new URL(page.url()).pathname).toBe('/actividad');

  // The login route is closed to a logged-in user: opening it lands on the welcome screen.
  await page.goto('/login');
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  expect(await loginHeading(page).count()).toBe(0);

  // A screen the user has no role for sends them to the welcome screen, not into the screen.
  await page.goto('/usuario');
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  expect(await page.getByRole('heading', { name: LABELS.usuarios.title }).count()).toBe(0);
  await context.close();
});
