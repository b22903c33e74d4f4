// Preventive plans end to end on the tablet (820×1180): on 'Mantenimiento preventivo' (35) the Planes tab, a plan made
// for a machine with a task every 250 h or 30 days counted from 40 days ago, seen Vencida in the fleet's due list,
// marked done (it goes Al día), copied to a machine of the same kind; and the report of code 44 with its tasks buttons.
// Screenshots of the screens and modals.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import type { PlanRow, VencimientoRow } from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { addDays } from '@shared/domain/wear';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, rowAction, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.planes;
const TABLET = { width: 820, height: 1180 };
const POLL = { timeout: 20_000 };
const ROLES = [
  MENU.mantenimientos,
  MENU.mantenimientoPreventivo,
  ROLE.maquinariaDesgasteMantenimiento,
  ROLE.maquinariaCambiarInsumos,
  ROLE.planNuevo,
  ROLE.planEliminar,
  MENU.reportes,
  MENU.reporteMantenimiento,
  MENU.ordenesTrabajo,
  ROLE.ordenNueva,
];

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
/** A screenshot once the modals' and toasts' animations are over. */
const still = async (page: Page, name: string) => {
  await page.waitForTimeout(500);
  await shot(page, name);
};

async function openMenu(page: Page, groupId: number, group: string, entry: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.locator(`#menu-group-${groupId}`).getByRole('link', { name: entry, exact: true });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const groupButton = nav.getByRole('button', { name: group });
  await groupButton.waitFor();
  if (!(await link.isVisible())) await groupButton.click();
  await link.click();
}

test('create a plan for a machine, see its task due, mark it done, copy the plan; the report of code 44', async () => {
  const token = await admin();
  const stamp = Date.now() % 100_000;
  const newMachine = async (placa: string) =>
    (
      await api<MaquinariaRow>(token, 'POST', '/api/maquinarias', {
        placa,
        descripcion: 'COMPACTADORA E2E',
        marca: 'DYNAPAC',
        año_fabrica: 2020,
        horometro_inicial: 500,
      })
    ).data;
  const machine = await newMachine(`PLN-${stamp}`);
  const twin = await newMachine(`PLT-${stamp}`);
  const user = await ensureUser('e2e.planes', ROLES);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await openMenu(page, MENU.mantenimientos, LABELS.menu.mantenimientos, LABELS.menu.mantenimientoPreventivo);
  await page.getByRole('heading', { name: LABELS.maquinarias.title }).waitFor();
  await page.getByRole('tab', { name: L.tabPlans }).click();
  await page.getByRole('heading', { name: L.dueTitle }).waitFor();
  // The demo fleet's plans: overdue tasks first.
  const table = page.getByRole('table', { name: L.dueTitle });
  await table.locator('tbody tr').first().getByText(L.estado.vencida, { exact: true }).waitFor();
  await still(page, 'planes-due-tablet');

  // The machine's plans: none yet; 'Nuevo plan'.
  await page.getByLabel(L.machine, { exact: true }).selectOption(String(machine.id));
  await page.getByText(L.noPlans).waitFor();
  await page.getByRole('button', { name: L.newPlan }).click();
  const editor = dialog(page, L.planTitle(machine.placa));
  await editor.waitFor();
  await editor.getByLabel(L.name).fill('Plan de prueba E2E');
  await editor.getByRole('button', { name: L.addTask }).click();
  const task = dialog(page, L.newTask);
  await task.waitFor();
  await task.getByLabel(L.taskName).fill('Cambio de aceite');
  await task.getByLabel(L.everyMeter(L.hours)).fill('250');
  await task.getByLabel(L.everyDays).fill('30');
  await task.getByLabel(L.marginDays).fill('5');
  await task.getByLabel(L.baseDate).fill(addDays(limaDate(), -40));
  await task.getByRole('button', { name: L.addItem }).click();
  await task.getByLabel(`${L.checklistItem} 1`).fill('Drenar el aceite');
  await still(page, 'planes-tarea-tablet');
  await task.getByRole('button', { name: LABELS.almacen.add, exact: true }).click();
  await task.waitFor({ state: 'detached' });
  await editor.locator('tbody tr').filter({ hasText: 'Cambio de aceite' }).waitFor();
  await still(page, 'planes-editor-tablet');
  await editor.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await editor.waitFor({ state: 'detached' });

  // Due 10 days ago by date: Vencida in the due list.
  const row = table.locator('tbody tr').filter({ hasText: machine.placa }).filter({ hasText: 'Cambio de aceite' });
  await row.getByText(L.estado.vencida, { exact: true }).waitFor();
  await still(page, 'planes-vencida-tablet');
  const [due] = (await api<VencimientoRow[]>(token, 'POST', '/api/planes/vencimientos', { maquinaria_id: machine.id })).data;
  expect(due).toMatchObject({ estado: 'vencida', proximo_fecha: addDays(limaDate(), -10), proximo_medidor: 750 });

  // Marcar como hecha today: the fixed schedule moves the due to 20 days ahead, Al día.
  await row.getByRole('button', { name: L.markDone }).click();
  const done = dialog(page, L.markDoneTitle('Cambio de aceite'));
  await done.waitFor();
  expect(await done.getByLabel(new RegExp(L.doneMeter)).inputValue()).toBe('500');
  await still(page, 'planes-hecha-tablet');
  await done.getByRole('button', { name: L.markDone }).click();
  await toastWith(page, MSG.saved);
  await row.getByText(L.estado.al_dia, { exact: true }).waitFor();
  await expect
    .poll(
      async () =>
        (await api<VencimientoRow[]>(token, 'POST', '/api/planes/vencimientos', { maquinaria_id: machine.id })).data[0]?.proximo_fecha,
      POLL,
    )
    .toBe(addDays(limaDate(), 20));

  // Copy to the machine of the same kind.
  const chip = page.getByRole('region', { name: L.plansOf }).getByRole('listitem').filter({ hasText: 'Plan de prueba E2E' });
  await (await rowAction(chip, `${L.copy}: Plan de prueba E2E`)).click();
  const copy = dialog(page, L.copyTitle('Plan de prueba E2E'));
  await copy.waitFor();
  await copy.getByText(twin.placa).click();
  await still(page, 'planes-copiar-tablet');
  await copy.getByRole('button', { name: L.copy }).click();
  await toastWith(page, MSG.planCopied(1));
  const copied = (await api<PlanRow[]>(token, 'GET', `/api/planes?maquinaria_id=${twin.id}`)).data;
  expect(copied.map((p) => [p.nombre, p.tareas])).toEqual([['Plan de prueba E2E', 1]]);

  // The report of code 44: the part-change PDF and the tasks done and missed.
  await openMenu(page, MENU.reportes, LABELS.menu.reportes, LABELS.menu.reporteMantenimiento);
  await page.getByRole('heading', { name: LABELS.maquinarias.reportTitle }).waitFor();
  await page.getByRole('button', { name: L.reportExcel }).waitFor();
  await still(page, 'planes-reporte-tablet');

  // A work order for a due task, from its row: the orders screen opens its create dialog with the task.
  await openMenu(page, MENU.mantenimientos, LABELS.menu.mantenimientos, LABELS.menu.mantenimientoPreventivo);
  await page.getByRole('tab', { name: L.tabPlans }).click();
  const first = table.locator('tbody tr').first();
  await first.getByText(L.estado.vencida, { exact: true }).waitFor();
  const tarea = (await first.locator('td[data-col=tarea]').textContent())?.trim() ?? '';
  await first.getByRole('button', { name: LABELS.ordenes.createFromTask }).click();
  const create = dialog(page, LABELS.ordenes.create);
  await create.waitFor();
  await expect.poll(() => create.getByLabel(new RegExp(LABELS.ordenes.description)).inputValue(), POLL).toBe(tarea);
  await still(page, 'planes-orden-desde-tarea-tablet');
  await create.getByRole('button', { name: LABELS.close, exact: true }).click();

  // The due list on a desktop: the next due date and meter unfold. Last, so no menu is opened after the resize (a
  // drawer that was open across the switch from desktop to tablet kept moving and could not be clicked).
  await openMenu(page, MENU.mantenimientos, LABELS.menu.mantenimientos, LABELS.menu.mantenimientoPreventivo);
  await page.getByRole('tab', { name: L.tabPlans }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await table.getByRole('columnheader', { name: L.nextDate }).waitFor();
  await still(page, 'planes-due-desktop');

  await context.close();
});
