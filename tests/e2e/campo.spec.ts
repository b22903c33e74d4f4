// Field work end to end: on an upright tablet a supervisor reports a failure with a photo without a
// connection, the browser is restarted (same profile), the failure and its photo reach the server exactly once when
// the connection returns and the photo shows in the list; a repair against a service order closes it (REPARADO).
// Also the operators screen's identity lookup, and screenshots of every screen and modal at tablet and desktop size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FallaDetail, FallaRow } from '@shared/contract/fallas';
import type { FotoRow } from '@shared/contract/fotos';
import type { OperadorRow } from '@shared/contract/operadores';
import type { ReparacionRow } from '@shared/contract/reparaciones';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { discardChanges, launch, launchPersistent, loginAs, newContext, shot, toastWith } from './browser';

let browser: Browser;
const profiles: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

const F = LABELS.fallas;
const R = LABELS.reparaciones;
const O = LABELS.operadores;
const A = LABELS.almacen;
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1366, height: 900 };
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const pendingBadge = (page: Page) => page.getByTestId('pending-badge');

/** Opens a screen from the side menu (its group opens first when closed). */
async function openMenu(page: Page, group: string, entry: string, heading: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.getByRole('link', { name: entry, exact: true });
  // Narrower than 1280 px (an upright tablet) the menu is a drawer: the top bar's button opens it.
  if ((await nav.evaluate((el) => el.closest('[inert]') !== null)) === true)
    await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  if (!(await link.isVisible())) await nav.getByRole('button', { name: group }).click();
  await link.click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

const openFallas = (page: Page) => openMenu(page, LABELS.menu.mantenimientos, LABELS.menu.fallas, F.title);

/** A camera-sized JPEG (2400×1800) drawn by the browser itself, so the device has to make it small. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 2400;
    c.height = 1800;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    for (let y = 0; y < 1800; y += 60)
      for (let x = 0; x < 2400; x += 60) {
        ctx.fillStyle = `hsl(${(x * 7 + y * 3) % 360} 70% ${30 + ((x + y) % 40)}%)`;
        ctx.fillRect(x, y, 60, 60);
      }
    ctx.fillStyle = '#000';
    ctx.font = 'bold 160px sans-serif';
    ctx.fillText('MANGUERA', 500, 950);
    return c.toDataURL('image/jpeg', 0.98).split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

async function serverFallas(token: string, descripcion: string): Promise<FallaRow[]> {
  return (await api<FallaRow[]>(token, 'POST', '/api/fallas/list', widest('fallas'))).data.filter((r) => r.descripcion === descripcion);
}

let reported: { descripcion: string; placa: string } | null = null;

test('a failure with a photo saved offline survives a browser restart and reaches the server once with its photo', async () => {
  const token = await admin();
  const user = await ensureUser('e2e.campo.supervisor', [MENU.mantenimientos, MENU.fallas, ROLE.fallaNuevo, ROLE.fallaEditar]);
  const machine = (await api<{ id: number; placa: string; descripcion: string }[]>(token, 'GET', '/api/maquinarias')).data[0];
  const descripcion = `E2E manguera hidráulica reventada ${Date.now() % 1_000_000}`;
  const profile = mkdtempSync(join(tmpdir(), 'maq-e2e-tablet-'));
  profiles.push(profile);

  let context: BrowserContext = await launchPersistent(profile, TABLET);
  let page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openFallas(page);
  // The worker installs on the first visit and controls the page after a reload: then the app opens offline.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await openFallas(page);
  await page.locator('tbody tr').first().waitFor();
  await shot(page, 'campo-fallas-list-tablet');

  // No signal at the quarry: the failure is reported with a photo from the camera.
  await context.setOffline(true);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, F.create);
  await form.waitFor();
  expect(await form.getByLabel(label(A.state)).isDisabled()).toBe(true);
  await form.getByLabel(label(A.machine)).selectOption(String(machine.id));
  await form.getByLabel(label(F.shortDescription)).fill(descripcion);
  await form.getByLabel(F.detailedDescription).fill('Se reventó la manguera del brazo; pérdida de aceite hidráulico.');
  await form.getByTestId('photo-camera').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
  const thumb = form.getByRole('button', { name: F.openPhoto(1) });
  await thumb.locator('img').waitFor();
  await shot(page, 'campo-falla-form-tablet');
  await thumb.click();
  const viewer = dialog(page, F.photoOf(1, 1));
  await viewer.locator('img').waitFor();
  await shot(page, 'campo-falla-photo-enlarged-tablet');
  await viewer.getByRole('button', { name: LABELS.close }).click();
  await viewer.waitFor({ state: 'detached' });
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.savedOffline);
  await form.waitFor({ state: 'detached' });
  const row = () => page.getByRole('table', { name: F.title }).locator('tbody tr').filter({ hasText: descripcion }).first();
  // At 820 px the photos column folds into the row's detail: open it and look there.
  const detailImg = async () => {
    const toggle = row().getByRole('button', { name: LABELS.showDetail });
    if (await toggle.count()) await toggle.click();
    return row().locator('xpath=following-sibling::tr[1]').locator('img').first();
  };
  await row().getByText(MSG.syncBadgePending, { exact: true }).waitFor();
  await (await detailImg()).waitFor();
  await shot(page, 'campo-falla-offline-pending-tablet');
  expect(await serverFallas(token, descripcion)).toHaveLength(0);

  // The tablet is switched off and on again, still without signal: the failure and its photo are still there.
  await context.close();
  context = await launchPersistent(profile, TABLET);
  await context.setOffline(true);
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await page.goto('/');
  await openFallas(page);
  await row().getByText(MSG.syncBadgePending, { exact: true }).waitFor();
  await (await detailImg()).waitFor();
  expect(await serverFallas(token, descripcion)).toHaveLength(0);

  // The connection returns: sent once, the photo after it, and the list shows the saved failure with its photo.
  await context.setOffline(false);
  await pendingBadge(page).waitFor({ state: 'detached', timeout: 30_000 });
  await expect.poll(async () => (await serverFallas(token, descripcion))[0]?.nro_fotos ?? -1, { timeout: 30_000 }).toBe(1);
  const saved = await serverFallas(token, descripcion);
  expect(saved).toHaveLength(1);
  expect(saved[0].estado).toBe(0);
  await row().getByText(String(saved[0].falla_id), { exact: true }).waitFor();
  expect(await row().getByText(MSG.syncBadgePending, { exact: true }).count()).toBe(0);
  await shot(page, 'campo-falla-sent-tablet');
  // Made small on the device: at most 1600 px and about 300 KB.
  const fotos = (await api<FotoRow[]>(token, 'GET', `/api/fallas/${saved[0].falla_id}/fotos`)).data;
  expect(fotos).toHaveLength(1);
  expect(Math.max(fotos[0].width ?? 0, fotos[0].height ?? 0)).toBeLessThanOrEqual(1600);
  expect(fotos[0].size).toBeLessThanOrEqual(330 * 1024);
  // Another start sends nothing again.
  await page.reload();
  await openFallas(page);
  await row().waitFor();
  expect(await serverFallas(token, descripcion)).toHaveLength(1);
  expect((await api<FallaDetail>(token, 'GET', `/api/fallas/${saved[0].falla_id}`)).data.fotos).toHaveLength(1);
  reported = { descripcion, placa: machine.placa };

  // Edit at desktop size: the saved photo shows in the modal.
  await page.setViewportSize(DESKTOP);
  await row().getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, F.edit);
  await edit
    .getByRole('button', { name: F.openPhoto(1) })
    .locator('img')
    .waitFor();
  await shot(page, 'campo-falla-edit-desktop');
  await edit.getByRole('button', { name: MSG.cancel }).click();
  await shot(page, 'campo-fallas-list-desktop');
  await context.close();
}, 240_000);

test('a repair against a service order closes the failure (REPARADO); the history report is read-only', async () => {
  const token = await admin();
  expect(reported).not.toBeNull();
  const { descripcion, placa } = reported as { descripcion: string; placa: string };
  const falla = (await serverFallas(token, descripcion))[0];
  // An item of a service order pays for one repair: take an order of the demo repairs that has an item still free.
  const repairs = (await api<ReparacionRow[]>(token, 'POST', '/api/reparaciones/list', widest('reparaciones'))).data;
  const used = new Set(repairs.map((r) => `${r.anio}-${r.nro_orden}-${r.ordendet_item}`));
  let order: ReparacionRow | undefined;
  let freeItem = 0;
  for (const r of repairs.filter((x) => x.nro_orden && x.anio)) {
    const { items } = (
      await api<{ items: { ordendet_item: number }[] }>(token, 'POST', '/api/reparaciones/getinforden', {
        nro_orden: r.nro_orden,
        anio: r.anio,
      })
    ).data;
    const free = items.find((i) => !used.has(`${r.anio}-${r.nro_orden}-${i.ordendet_item}`));
    if (free) {
      order = r;
      freeItem = free.ordendet_item;
      break;
    }
  }
  expect(order).toBeDefined();
  const user = await ensureUser('e2e.campo.jefe', [
    MENU.mantenimientos,
    MENU.fallas,
    MENU.reparaciones,
    ROLE.reparacionNuevo,
    ROLE.reparacionEditar,
    ROLE.reparacionEliminar,
    MENU.reportes,
    MENU.reporteReparaciones,
  ]);
  const context = await newContext(browser, DESKTOP);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMenu(page, LABELS.menu.mantenimientos, LABELS.menu.reparaciones, R.title);
  await page.locator('tbody tr').first().waitFor();
  await shot(page, 'campo-reparaciones-list-desktop');

  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, R.create);
  await form.waitFor();
  await form.getByLabel(label(A.plate)).selectOption(String(falla.maquinaria_id));
  // The machine has pending failures: the selector appears and is required.
  const failure = form.getByLabel(label(R.failure));
  await failure.waitFor();
  expect(await form.getByRole('button', { name: LABELS.shell.save }).isDisabled()).toBe(true);
  await failure.selectOption(String(falla.falla_id));
  await form.getByLabel(R.orderNumber).fill(order?.nro_orden ?? '');
  await form.getByLabel(R.year).selectOption(String(order?.anio));
  await form.getByRole('button', { name: R.search, exact: true }).click();
  const services = form.getByLabel(label(R.relatedServices));
  await expect.poll(async () => (await services.count()) > 0 || (await form.getByLabel(R.provider).inputValue()) !== '').toBe(true);
  if (await services.count()) await services.selectOption(String(freeItem));
  await expect.poll(() => form.getByLabel(R.provider).inputValue()).not.toBe('');
  if ((await form.getByLabel(label(R.service)).inputValue()) === '') await form.getByLabel(label(R.service)).fill('Cambio de manguera');
  await form.getByLabel(R.detail).fill('Manguera reemplazada y aceite repuesto.');
  await shot(page, 'campo-reparacion-form-desktop');
  await page.setViewportSize(TABLET);
  await shot(page, 'campo-reparacion-form-tablet');
  await page.setViewportSize(DESKTOP);
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await form.waitFor({ state: 'detached' });
  expect((await serverFallas(token, descripcion))[0].estado).toBe(1);

  // The failures list says REPARADO and offers no delete any more.
  await openMenu(page, LABELS.menu.mantenimientos, LABELS.menu.fallas, F.title);
  const row = page.getByRole('table', { name: F.title }).locator('tbody tr').filter({ hasText: descripcion });
  await row.getByText(LABELS.failureState[1], { exact: true }).waitFor();
  expect(await row.getByRole('button', { name: LABELS.remove }).count()).toBe(0);
  expect(await row.textContent()).toContain(placa);

  // The history report: the same list, no new button and no action column.
  await openMenu(page, LABELS.menu.reportes, LABELS.menu.reporteReparaciones, R.title);
  await page.locator('tbody tr').filter({ hasText: placa }).first().waitFor();
  expect(await page.getByRole('button', { name: LABELS.newRecord, exact: true }).count()).toBe(0);
  expect(await page.getByRole('columnheader', { name: LABELS.actions }).count()).toBe(0);
  await shot(page, 'campo-reparaciones-report-desktop');
  await page.setViewportSize(TABLET);
  // The menu left open on the desktop is a drawer on the tablet: close it to see the list.
  if ((await page.getByRole('navigation', { name: LABELS.menu.navigation }).evaluate((el) => el.closest('[inert]') === null)) === true)
    await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  await page.waitForTimeout(300);
  await shot(page, 'campo-reparaciones-report-tablet');
  await context.close();
}, 150_000);

test('operators: the DNI lookup fills and locks what the registry gave; a duplicate and an unknown DNI say so', async () => {
  const token = await admin();
  const operators = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data;
  const known = operators[0];
  const user = await ensureUser('e2e.campo.operadores', [
    MENU.administrativo,
    MENU.operadores,
    ROLE.operadorNuevo,
    ROLE.operadorEditar,
    ROLE.operadorEliminar,
  ]);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMenu(page, LABELS.menu.administrativo, LABELS.menu.operadores, O.title);
  await page.locator('tbody tr').filter({ hasText: known.dni }).waitFor();
  await shot(page, 'campo-operadores-list-tablet');

  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, O.create);
  await form.waitFor();
  expect(await form.getByLabel(label(O.name)).isDisabled()).toBe(true);
  expect(await form.getByLabel(O.email).isDisabled()).toBe(true);
  await shot(page, 'campo-operador-new-tablet');
  // An unknown DNI: 'Dni incorrecto', the rest stays disabled.
  await form.getByLabel(label(O.dni)).pressSequentially('00000001');
  await form.getByText(MSG.wrongDni, { exact: true }).waitFor();
  expect(await form.getByLabel(label(O.name)).isDisabled()).toBe(true);
  // A person of the registry (already an operator): names filled, the fields that came back are locked.
  await form.getByLabel(label(O.dni)).fill('');
  await form.getByLabel(label(O.dni)).pressSequentially(known.dni);
  await expect.poll(() => form.getByLabel(label(O.name)).inputValue()).not.toBe('');
  expect(await form.getByLabel(label(O.name)).isEnabled()).toBe(true);
  if (known.direccion) expect(await form.getByLabel(O.address).getAttribute('readonly')).not.toBeNull();
  await shot(page, 'campo-operador-found-tablet');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  // The refusal is told inside the form, which keeps what was typed.
  await form.getByRole('alert').filter({ hasText: MSG.duplicateOperator }).waitFor();
  await form.getByRole('button', { name: MSG.cancel }).click();
  await discardChanges(page);
  await form.waitFor({ state: 'detached' });

  // Edit: the DNI is locked.
  await page.setViewportSize(DESKTOP);
  const row = page.locator('tbody tr').filter({ hasText: known.dni });
  await row.getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, O.edit);
  await edit.waitFor();
  expect(await edit.getByLabel(label(O.dni)).isDisabled()).toBe(true);
  await shot(page, 'campo-operador-edit-desktop');
  await edit.getByRole('button', { name: MSG.cancel }).click();
  await edit.waitFor({ state: 'detached' });
  await shot(page, 'campo-operadores-list-desktop');
  await context.close();
}, 150_000);
