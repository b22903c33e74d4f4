// Launches Debian's Chromium through playwright-core and offers small helpers for the e2e specs.
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { LABELS, MSG } from '@shared/messages';
import { CHROMIUM_ARGS, launchChromium, requireChromium } from './chromium';

export const PASSWORD = 'Maquinaria2026!';

export async function launch(): Promise<Browser> {
  return launchChromium();
}

/**
 * A browser on a profile folder (`userDataDir`): closing it and launching again on the same folder is a browser
 * restart that keeps IndexedDB, localStorage and the service worker, like a tablet that was switched off.
 */
export async function launchPersistent(userDataDir: string, viewport = { width: 820, height: 1180 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: requireChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl(),
    viewport,
    acceptDownloads: true,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
  });
}

export const baseUrl = () => inject('baseUrl');

/** A tablet-sized context (the warehouse clerks' device) with downloads allowed. */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  extra: { hasTouch?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport, acceptDownloads: true, locale: 'es-PE', timezoneId: 'America/Lima', ...extra });
}

/** Logs in through the login screen; handles nothing else (forced password change is tested separately). */
export async function loginAs(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/usuario/i).fill(username);
  await page.getByLabel(/contraseña/i).fill(password);
  await page.getByRole('button', { name: /ingresar|iniciar/i }).click();
}

/** Screenshot into test-results/ for humans to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
}

/** Waits for a toast with `message` and checks it is titled 'Aviso' (spec). */
export async function toastWith(page: Page, message: string): Promise<void> {
  const t = page.getByTestId('toaster').locator('[role=status],[role=alert]').filter({ hasText: message });
  await t.first().waitFor();
  expect(await t.first().getByText(MSG.toastTitle, { exact: true }).isVisible()).toBe(true);
}

/** A form field's accessible name: the label text, with the required mark ' *' when it has one. */
export const fieldLabel = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);

/** Answers '¿Descartar los cambios?' (a form closed while holding changes asks it) with Descartar. */
export async function discardChanges(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: MSG.discardTitle }).getByRole('button', { name: MSG.discard }).click();
}

/**
 * A row's action by its name ('Editar', 'Eliminar'...): the icon button with a mouse, or on a touch screen the item
 * of the row's 'Acciones' menu, which this opens.
 */
export async function rowAction(row: Locator, name: string): Promise<Locator> {
  const menu = row.getByRole('button', { name: LABELS.rowActions, exact: true });
  if ((await menu.count()) === 0) return row.getByRole('button', { name, exact: true });
  await menu.click();
  return row.page().getByRole('menu').getByRole('menuitem', { name, exact: true });
}

/** Names of a row's actions in their order: the menu's items on a touch screen (opened and closed again), else the icon buttons'. */
export async function rowActionNames(row: Locator): Promise<string[]> {
  const menu = row.getByRole('button', { name: LABELS.rowActions, exact: true });
  if ((await menu.count()) === 0)
    return row.locator('button[title]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  await menu.click();
  const items = row.page().getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  const names = (await items.allTextContents()).map((t) => t.trim());
  await row.page().keyboard.press('Escape');
  await row.page().getByRole('menu').waitFor({ state: 'detached' });
  return names;
}
