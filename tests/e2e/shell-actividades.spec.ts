// LISTADO DE ACTIVIDADES end to end: create, edit and delete through the modals with the spec's toasts, the
// server's list checked after every step, and the buttons hidden without their role codes.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { api, apiLogin, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.actividades;
interface Row {
  id: number;
  activ_nombre: string;
  activ_estado: number;
  created_at: string;
}

async function openActividades(user: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.administrativo }).click();
  await page.getByRole('link', { name: LABELS.menu.actividades }).click();
  await page.getByRole('heading', { name: L.title }).waitFor();
  await table(page).locator('tbody tr').first().waitFor();
  return page;
}

const table = (page: Page) => page.getByRole('table', { name: L.title });
const rowOf = (page: Page, name: string) => table(page).locator('tbody tr').filter({ hasText: name });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Waits for a toast with title 'Aviso' and `message`. */
async function serverList(token: string): Promise<Row[]> {
  return (await api<Row[]>(token, 'GET', '/api/actividades')).data;
}

test('create, edit and delete an activity through the modals; the server list follows each step', async () => {
  const user = await ensureUser('e2e.shell.act', [
    MENU.administrativo,
    MENU.actividades,
    ROLE.actividadNuevo,
    ROLE.actividadEditar,
    ROLE.actividadEliminar,
  ]);
  const token = await apiLogin(user, USER_PASSWORD);
  const name = `E2E SHELL ACTIVIDAD ${Date.now()}`;
  const page = await openActividades(user);

  // Create.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const create = dialog(page, L.create);
  await create.waitFor();
  const save = create.getByRole('button', { name: LABELS.shell.save });
  expect(await save.isDisabled()).toBe(true); // name is required
  expect(await create.getByLabel(L.state).inputValue()).toBe('1'); // ACTIVO by default
  // Static backdrop: Escape does not close the modal.
  await page.keyboard.press('Escape');
  expect(await create.isVisible()).toBe(true);
  await create.getByLabel(L.name).fill(name);
  await shot(page, 'shell-actividades-create');
  await save.click();
  await toastWith(page, MSG.operationOk);
  await create.waitFor({ state: 'detached' });
  await rowOf(page, name).waitFor();
  // Default sort: newest created first.
  expect(await table(page).locator('tbody tr').first().textContent()).toContain(name);
  expect(await rowOf(page, name).getByText(LABELS.activeState[1], { exact: true }).count()).toBe(1);
  await shot(page, 'shell-actividades-created');
  const created = (await serverList(token)).find((r) => r.activ_nombre === name);
  expect(created).toMatchObject({ activ_nombre: name, activ_estado: 1 });

  // Edit.
  const edited = `${name} EDITADA`;
  await rowOf(page, name).getByRole('button', { name: LABELS.edit }).click();
  const edit = dialog(page, L.edit);
  await edit.waitFor();
  expect(await edit.getByLabel(L.name).inputValue()).toBe(name);
  await edit.getByLabel(L.name).fill(edited);
  await edit.getByLabel(L.state).selectOption({ label: LABELS.activeState[0] });
  await edit.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.operationOk);
  await edit.waitFor({ state: 'detached' });
  await rowOf(page, edited).waitFor();
  expect(await rowOf(page, edited).getByText(LABELS.activeState[0], { exact: true }).count()).toBe(1);
  const afterEdit = await serverList(token);
  expect(afterEdit.find((r) => r.id === created!.id)).toMatchObject({ activ_nombre: edited, activ_estado: 0 });
  expect(afterEdit.filter((r) => r.activ_nombre === name)).toHaveLength(0);

  // Delete: Cancelar keeps the row, Eliminar removes it.
  await rowOf(page, edited).getByRole('button', { name: LABELS.remove }).click();
  const confirm = dialog(page, LABELS.remove);
  await confirm.getByText(MSG.deleteConfirm, { exact: true }).waitFor();
  await shot(page, 'shell-actividades-delete-confirm');
  await confirm.getByRole('button', { name: MSG.cancel }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await rowOf(page, edited).count()).toBe(1);
  expect((await serverList(token)).some((r) => r.id === created!.id)).toBe(true);

  await rowOf(page, edited).getByRole('button', { name: LABELS.remove }).click();
  await confirm.getByRole('button', { name: LABELS.remove }).click();
  await toastWith(page, MSG.deleted);
  await confirm.waitFor({ state: 'detached' });
  await rowOf(page, edited).waitFor({ state: 'detached' });
  expect((await serverList(token)).some((r) => r.id === created!.id)).toBe(false);
  await page.context().close();
});

test('without the codes 14, 15 and 16 the list has no Nuevo, edit or delete buttons', async () => {
  const user = await ensureUser('e2e.shell.act.read', [MENU.administrativo, MENU.actividades]);
  const page = await openActividades(user);
  expect(await table(page).locator('tbody tr').count()).toBeGreaterThan(0);
  expect(await page.getByRole('button', { name: LABELS.newRecord, exact: true }).count()).toBe(0);
  expect(await table(page).getByRole('button', { name: LABELS.edit }).count()).toBe(0);
  expect(await table(page).getByRole('button', { name: LABELS.remove }).count()).toBe(0);
  // Exports are on every list.
  expect(await page.getByRole('button', { name: LABELS.exportExcel }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: LABELS.exportPdf }).isVisible()).toBe(true);
  await page.context().close();
});
