// The back gesture of a tablet (the browser's back) inside the app: the address bar never changes, going back
// closes the open modal first (the innermost when one is stacked on another), then returns to the previous screen,
// and only from the first screen leaves the app.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LABELS, MSG } from '@shared/messages';
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

const S = LABELS.salidas;
const A = LABELS.almacen;
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

test('back closes the innermost modal, then the form, then returns to the previous screen, then leaves', async () => {
  const user = await ensureUser('e2e.shell.back', [MENU.almacen, MENU.salidas, ROLE.salidaNuevo]);
  const context = await newContext(browser, { width: 820, height: 1180 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('about:blank');
  await loginAs(page, user, USER_PASSWORD);
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  const address = page.url();

  // Welcome → Salidas (the side menu is a drawer at tablet width).
  const link = page.getByRole('link', { name: LABELS.menu.salidas });
  if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await link.click();
  await page.getByRole('heading', { name: S.title }).waitFor();

  // The exit form, and its supply sub-modal on top of it.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await dialog(page, S.create).waitFor();
  await dialog(page, S.create).getByRole('button', { name: A.addItem }).click();
  await dialog(page, A.addItem).waitFor();
  await shot(page, 'shell-back-two-modals');

  await page.goBack();
  await dialog(page, A.addItem).waitFor({ state: 'detached' });
  expect(await dialog(page, S.create).isVisible()).toBe(true);

  await page.goBack();
  await dialog(page, S.create).waitFor({ state: 'detached' });
  expect(await page.getByRole('heading', { name: S.title }).isVisible()).toBe(true);

  // A modal closed by its own button leaves no entry behind: one back still returns to the welcome screen.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await dialog(page, S.create).getByRole('button', { name: MSG.cancel }).click();
  await dialog(page, S.create).waitFor({ state: 'detached' });
  expect(page.url()).toBe(address);

  await page.goBack();
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  expect(page.url()).toBe(address);

  // From the first screen, back leaves the app.
  await page.goBack();
  await expect.poll(() => page.url()).toBe('about:blank');
  await context.close();
});

test('a long user name wraps in the top bar instead of being cut off (upright tablet)', async () => {
  const user = await ensureUser('e2e.shell.nombre.largo.de.una.persona.del.almacen.central', [MENU.almacen, MENU.salidas]);
  const context = await newContext(browser, { width: 820, height: 1180 });
  const page = await context.newPage();
  await loginAs(page, user, USER_PASSWORD);
  const name = page.getByTestId('user-name');
  await name.waitFor();
  await shot(page, 'shell-long-user-name');
  expect(await name.textContent()).toBe(`USUARIO ${user.toUpperCase()}`);
  // Nothing hidden: the text fits its box (no ellipsis, no overflow) and the box is on screen.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
  const box = (await name.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(820);
  await context.close();
});

test('on an upright tablet, back closes the open side menu first; a screen chosen in it still goes back as usual', async () => {
  const user = await ensureUser('e2e.shell.back.menu', [MENU.almacen, MENU.salidas, MENU.pedidos]);
  const context = await newContext(browser, { width: 820, height: 1180 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('about:blank');
  await loginAs(page, user, USER_PASSWORD);
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  const open = () => toggle.getAttribute('aria-expanded');
  const openScreen = async (name: string) => {
    await toggle.click();
    const link = page.getByRole('link', { name });
    if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.almacen }).click();
    await link.click();
    await expect.poll(open).toBe('false');
  };

  await openScreen(LABELS.menu.salidas);
  await page.getByRole('heading', { name: S.title }).waitFor();
  await openScreen(LABELS.menu.pedidos);
  await page.getByRole('heading', { name: LABELS.pedidos.title }).waitFor();

  // The menu is open over Pedidos: back closes it and Pedidos stays.
  await toggle.click();
  await expect.poll(open).toBe('true');
  await shot(page, 'shell-back-menu-open');
  await page.goBack();
  await expect.poll(open).toBe('false');
  expect(await page.getByRole('heading', { name: LABELS.pedidos.title }).isVisible()).toBe(true);

  // A menu closed by a tap beside it leaves no entry behind: the next back returns to Salidas, then the welcome.
  await toggle.click();
  await expect.poll(open).toBe('true');
  await page.mouse.click(700, 700);
  await expect.poll(open).toBe('false');
  await page.goBack();
  await page.getByRole('heading', { name: S.title }).waitFor();
  await page.goBack();
  await page.getByText(LABELS.shell.welcome(`Usuario ${user}`)).waitFor();
  await context.close();
});
