// Machinery end to end on the tablet (820×1180): a machine registered from the vehicle registry (a plate already
// registered is refused in the modal), a part assigned through ASIGNAR INSUMOS, a daily report moving it into
// Warning in the wear view with its forecast, the part changed (its counter restarts) and the wear PDF opened.
// Screenshots of every screen and modal at the tablet size and on a desktop.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CostoRow } from '@shared/contract/costos';
import type { MaquinariaInsumo, MaquinariaRow, SearchVehiculoAnswer } from '@shared/contract/maquinarias';
import type { OperadorRow } from '@shared/contract/operadores';
import type { InsumoRow } from '@shared/contract/insumos';
import type { InfoVenta } from '@shared/contract/valoriza';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD } from './api';
import { fieldLabel, launch, loginAs, newContext, rowAction, rowActionNames, shot, toastWith } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.maquinarias;
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1440, height: 900 };
/** Answers and PDFs may take a while on a busy machine. */
const POLL = { timeout: 20_000 };
const ROLES = [
  MENU.administrativo,
  MENU.maquinarias,
  ROLE.maquinariaNuevo,
  ROLE.maquinariaEditar,
  ROLE.maquinariaAsignarInsumos,
  ROLE.maquinariaDesgaste,
  ROLE.maquinariaPdf,
  MENU.mantenimientos,
  MENU.mantenimientoPreventivo,
  ROLE.maquinariaDesgasteMantenimiento,
  ROLE.maquinariaCambiarInsumos,
  MENU.reportes,
  MENU.reporteMaquinaria,
  MENU.reporteMantenimiento,
];

const table = (page: Page) => page.getByRole('table', { name: L.title });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const rowOf = (page: Page, placa: string) => table(page).locator('tbody tr').filter({ hasText: placa });

/** Through the side menu: on a tablet it is opened first with the top bar's button; a group stays open once opened. */
async function openFromMenu(page: Page, group: string, entry: string, heading: string, groupId: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  // The link is looked for in its group's list (an entry's name could repeat in another group).
  const link = nav.locator(`#menu-group-${groupId}`).getByRole('link', { name: entry, exact: true });
  const groupButton = nav.getByRole('button', { name: group });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await groupButton.waitFor();
  if (!(await link.isVisible())) await groupButton.click();
  await link.click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox').first().fill(text);
}

/** A plate of the vehicle registry that no machine has yet. */
async function freePlate(token: string): Promise<SearchVehiculoAnswer['items'][number]> {
  for (const term of ['EGC', 'EGL-9', 'ABD', 'W3F']) {
    const found = (await api<SearchVehiculoAnswer>(token, 'GET', `/api/maquinarias/searchvehiculo/${term}`)).data.items;
    const free = found.find((v) => v.maquinaria_id === null);
    if (free) return free;
  }
  throw new Error('no quedan placas libres en el registro vehicular de la demo');
}

/** A daily report of `horas` on the machine today, through the API (what a supervisor saves from the field). */
async function reportHours(token: string, maquinariaId: number, horas: number): Promise<void> {
  const costos = (await api<CostoRow[]>(token, 'GET', '/api/costos')).data;
  const line = costos.flatMap((c) => c.costos_det).find((d) => d.unidad === 'HORA' && d.estado === 1);
  const operador = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data[0];
  const actividad = (await api<{ id: number; activ_estado: number }[]>(token, 'GET', '/api/actividades')).data.find(
    (a) => a.activ_estado === 1,
  );
  if (!line || !operador || !actividad) throw new Error('faltan costos, operadores o actividades en la demo');
  await api(token, 'POST', '/api/partesdiarios', {
    nro_parte_interno: `E2E-${Date.now() % 1_000_000}`,
    fecha: limaDate(),
    maquinaria_id: maquinariaId,
    operador_id: operador.operador_id,
    actividad_id: actividad.id,
    partesdiarios_det: { costo_det_id: line.costo_det_id, cantid: horas },
  });
}

test('register a machine from the vehicle registry, assign a part, see it wear, change it and open the wear PDF', async () => {
  const token = await admin();
  const vehicle = await freePlate(token);
  const machines = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data;
  const registered = machines[0];
  const supply = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data[0];
  const user = await ensureUser('e2e.maquinaria', ROLES);
  // A touch tablet: a row's six actions are one 'Acciones' menu of labelled items.
  const context = await newContext(browser, TABLET, { hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.maquinarias, L.title, MENU.administrativo);
  await rowOf(page, registered.placa).waitFor();
  await shot(page, 'maquinaria-list-tablet');

  // New machine: only the plate is enabled; a registered plate is refused and the rest stays disabled.
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, L.create);
  await form.waitFor();
  const plate = form.getByRole('combobox', { name: L.plate });
  expect(await form.getByLabel(L.description).isDisabled()).toBe(true);
  await plate.fill(registered.placa.slice(0, 5));
  await page.getByRole('option').filter({ hasText: registered.placa }).first().click();
  await form.getByText(MSG.plateRegistered, { exact: true }).waitFor(); // the field's own error (Grabar's reason repeats it)
  expect(await form.getByLabel(L.description).isDisabled()).toBe(true);
  expect(await form.getByRole('button', { name: LABELS.shell.save }).isDisabled()).toBe(true);
  await shot(page, 'maquinaria-create-duplicate');

  // A free plate of the registry fills brand, model, year and description and enables the form.
  await plate.fill(vehicle.veh_placa.slice(0, 5));
  await page.getByRole('option').filter({ hasText: vehicle.veh_placa }).first().click();
  await expect.poll(() => form.getByLabel(L.brand).inputValue(), POLL).toBe(vehicle.marca ?? '');
  expect(await form.getByLabel(L.description).inputValue()).toBe(vehicle.descripcion ?? '');
  expect(await form.getByLabel(L.year).inputValue()).toBe(String(vehicle.anio ?? ''));
  expect(await form.getByLabel(L.meterType).inputValue()).toBe('true');
  await form.getByLabel(L.initialMeter).fill('120');
  await shot(page, 'maquinaria-create-filled');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await form.waitFor({ state: 'detached' });
  await searchList(page, vehicle.veh_placa);
  const row = rowOf(page, vehicle.veh_placa);
  await row.waitFor();
  // At 820 px the meter column folds into the row's detail.
  await row.getByRole('button', { name: LABELS.showDetail }).click();
  expect(await row.locator('xpath=following-sibling::tr[1]').textContent()).toContain('120');
  await row.getByRole('button', { name: LABELS.hideDetail }).click();
  const created = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data.find((m) => m.placa === vehicle.veh_placa)!;
  expect(created.horometro_inicial).toBe(120);

  // ASIGNAR INSUMOS: the typeahead fills the default hours; the part is saved with small hours for the test.
  expect(await rowActionNames(row)).toEqual([LABELS.edit, L.assign, L.wear, L.wearPdf, L.maintenancePdf, LABELS.remove]);
  await (await rowAction(row, L.assign)).click();
  const assign = dialog(page, L.assignTitle);
  await assign.waitFor();
  expect(await assign.getByRole('button', { name: LABELS.shell.save }).isDisabled()).toBe(true);
  await assign.getByRole('combobox', { name: L.supply }).fill(supply.insumo_codigo);
  await page.getByRole('option').filter({ hasText: supply.insumo_codigo }).first().click();
  // The supply's default hours arrive (search_horas), then the clerk types smaller ones for the test.
  await expect.poll(() => assign.getByLabel(L.limitHours).inputValue(), POLL).not.toBe('');
  await assign.getByLabel(L.warningHours).fill('5');
  await assign.getByLabel(L.alertHours).fill('8');
  await assign.getByLabel(L.limitHours).fill('10');
  await assign.getByRole('button', { name: LABELS.add, exact: true }).click();
  await shot(page, 'maquinaria-asignar');
  await assign.locator('tbody tr').filter({ hasText: supply.insumo_codigo }).first().waitFor();
  await assign.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await assign.waitFor({ state: 'detached' });
  // Opened again: the part the machine now has is not offered, and the disabled Añadir says why.
  await (await rowAction(row, L.assign)).click();
  await assign.waitFor();
  await assign.getByText(L.addPartHint).waitFor();
  await assign.getByRole('combobox', { name: L.supply }).fill(supply.insumo_codigo);
  await page.waitForTimeout(1200);
  expect(await page.getByRole('option').filter({ hasText: supply.insumo_codigo }).count()).toBe(0);
  await shot(page, 'maquinaria-asignar-assigned');
  await assign.getByRole('button', { name: MSG.cancel }).click();
  await assign.waitFor({ state: 'detached' });
  const parts = (await api<MaquinariaInsumo[]>(token, 'GET', `/api/maquinarias/insumosbymaquinaria/${created.id}`)).data;
  expect(parts.map((p) => [p.insumo_id, p.horas_alerta.hour_warning, p.horas_alerta.hour_critical, p.horas_limite])).toEqual([
    [supply.id, 5, 8, 10],
  ]);

  // A supervisor's daily report of 6 hours: the part is in Warning, with a forecast date for its limit.
  await reportHours(token, created.id, 6);
  // A new load of the list (the address bar keeps '/', so back through the menu).
  await page.reload();
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.maquinarias, L.title, MENU.administrativo);
  await searchList(page, vehicle.veh_placa);
  await row.getByText(L.partBadge(supply.insumo_name, 'warning')).waitFor();
  await (await rowAction(row, L.wear)).click();
  const wear = dialog(page, L.wearTitle(created.descripcion, created.placa));
  await wear.waitFor();
  const bar = wear.getByRole('meter');
  await expect.poll(() => bar.getAttribute('data-band'), POLL).toBe('warning');
  expect(await bar.getAttribute('aria-valuetext')).toBe('60 %');
  expect(await wear.getByTestId('forecast').textContent()).toContain(L.forecast);
  await shot(page, 'maquinaria-wear-tablet');

  // Cambiar Insumos (37): shown once a part is checked; confirmation; the counter restarts.
  expect(await wear.getByRole('button', { name: L.changeParts }).count()).toBe(0);
  await wear.getByRole('checkbox', { name: supply.insumo_name }).click();
  await wear.getByRole('button', { name: L.changeParts }).click();
  const change = dialog(page, L.changeTitle(1));
  await change.waitFor();
  expect(await change.getByLabel(L.previousMeter).inputValue()).toBe('126');
  await change.getByLabel(L.machineMeter).fill('127');
  await change.getByLabel(L.observation).fill('Cambio preventivo de prueba');
  await shot(page, 'maquinaria-cambiar');
  await change.getByRole('button', { name: LABELS.shell.save }).click();
  const confirm = dialog(page, L.changeParts);
  await confirm.getByText(MSG.changePartConfirm).waitFor();
  // A part change deletes nothing: the confirmation is not styled as a delete.
  const confirmButton = confirm.getByRole('button', { name: L.confirm });
  expect(await confirmButton.getAttribute('class')).not.toContain('bg-destructive');
  await shot(page, 'maquinaria-cambiar-confirm');
  await confirmButton.click();
  // The report is dated today, the change today: its 6 hours belong to the part taken out.
  await toastWith(page, L.changedHours('6'));
  await change.waitFor({ state: 'detached' });
  await expect.poll(() => bar.getAttribute('data-band'), POLL).toBe('info');
  expect(await bar.getAttribute('aria-valuetext')).toBe('0 %');
  expect(await wear.getByRole('checkbox', { name: supply.insumo_name }).getAttribute('data-state')).toBe('unchecked');
  await wear.getByRole('button', { name: LABELS.close, exact: true }).last().click();
  await wear.waitFor({ state: 'detached' });

  // The machine's wear PDF opens in a new tab.
  const [popup] = await Promise.all([context.waitForEvent('page'), rowAction(row, L.wearPdf).then((item) => item.click())]);
  await expect.poll(() => popup.url(), POLL).toMatch(/^blob:/);
  await popup.close();

  // The date-range report: 'Generar' disabled while the range is inverted.
  await (await rowAction(row, L.maintenancePdf)).click();
  const range = dialog(page, L.rangeTitle);
  await range.waitFor();
  await range.getByLabel(LABELS.startDate).fill('2099-01-01');
  await range.getByText(LABELS.dateRangeInvalid).waitFor();
  expect(await range.getByRole('button', { name: L.generate }).isDisabled()).toBe(true);
  await range.getByLabel(LABELS.startDate).fill(limaDate());
  await shot(page, 'maquinaria-range');
  const [report] = await Promise.all([context.waitForEvent('page'), range.getByRole('button', { name: L.generate }).click()]);
  await expect.poll(() => report.url(), POLL).toMatch(/^blob:/);
  await report.close();
  await context.close();
}, 300_000);

test('preventive maintenance, the control report and the maintenance report screens, on a tablet and a desktop', async () => {
  const token = await admin();
  const machines = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data;
  const worn = machines.find((m) => m.insumos.some((p) => p.nivel !== 'info')) ?? machines[0];
  const user = await ensureUser('e2e.maquinaria', ROLES);
  for (const [size, viewport] of [
    ['tablet', TABLET],
    ['desktop', DESKTOP],
  ] as const) {
    const context = await newContext(browser, viewport, { hasTouch: size === 'tablet' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await loginAs(page, user, USER_PASSWORD);

    await openFromMenu(page, LABELS.menu.mantenimientos, LABELS.menu.mantenimientoPreventivo, L.title, MENU.mantenimientos);
    await rowOf(page, worn.placa).first().waitFor();
    // Maintenance type: wear view only, no registry buttons.
    expect(await page.getByRole('button', { name: LABELS.newRecord, exact: true }).count()).toBe(0);
    expect(await rowActionNames(rowOf(page, worn.placa).first())).toEqual([L.wear, L.maintenancePdf]);
    await shot(page, `maquinaria-mantenimiento-${size}`);
    await searchList(page, worn.placa);
    await (await rowAction(rowOf(page, worn.placa).first(), L.wear)).click();
    const wear = dialog(page, L.wearTitle(worn.descripcion, worn.placa));
    await wear.getByRole('meter').first().waitFor();
    expect(await wear.getByRole('meter').count()).toBe(worn.insumos.length);
    await shot(page, `maquinaria-wear-${size}`);
    await wear.getByRole('button', { name: LABELS.close, exact: true }).last().click();

    await openFromMenu(page, LABELS.menu.reportes, LABELS.menu.reporteMaquinaria, L.title, MENU.reportes);
    await rowOf(page, worn.placa).first().waitFor();
    expect(await rowActionNames(rowOf(page, worn.placa).first())).toEqual([L.wearPdf, L.maintenancePdf]);
    // 'Generar PDF' of two selected machines.
    await table(page).getByRole('checkbox', { name: LABELS.selectRow }).nth(0).click();
    await table(page).getByRole('checkbox', { name: LABELS.selectRow }).nth(1).click();
    await page.getByRole('button', { name: `${L.generatePdf} (2)` }).waitFor();
    await shot(page, `maquinaria-reporte-${size}`);

    await openFromMenu(page, LABELS.menu.reportes, LABELS.menu.reporteMantenimiento, L.reportTitle, MENU.reportes);
    await page.getByRole('checkbox', { name: L.allMachines }).waitFor();
    await shot(page, `maquinaria-rep-mantenimiento-${size}`);
    const [pdf] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: L.generateReport }).click()]);
    await expect.poll(() => pdf.url(), POLL).toMatch(/^blob:/);
    await pdf.close();
    await context.close();
  }
}, 300_000);

test('offline, a daily report saved on the tablet raises the machine meter in the list; once sent it is counted once', async () => {
  const P = LABELS.partes;
  const token = await admin();
  const info = (await api<InfoVenta>(token, 'GET', '/api/valoriza/infoventa')).data;
  const operador = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data[0];
  const price = info.precios.find((p) => p.unidad === 'HORA');
  const target = info.maquinarias.filter((m) => m.horometro).at(-1);
  const activity = info.actividades[0];
  if (!price || !target || !activity || !operador) throw new Error('faltan costos por hora, maquinarias u operadores en la demo');
  const user = await ensureUser('e2e.maquinaria.parte', [
    ...ROLES,
    MENU.valorizaciones,
    MENU.registrarValorizaciones,
    ROLE.parteDiarioNuevo,
  ]);
  const context = await newContext(browser, TABLET);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  // Online once: the app is installed (service worker) and the list kept on the device.
  await openFromMenu(page, LABELS.menu.valorizaciones, P.menu, P.title, MENU.valorizaciones);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.maquinarias, L.title, MENU.administrativo);
  await searchList(page, target.placa);
  await rowOf(page, target.placa).waitFor();
  const before = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data.find((m) => m.id === target.id)!;
  const meterText = (n: number) => `${n.toLocaleString('es-PE', { maximumFractionDigits: 2 })} ${L.hoursUnit}`;

  await context.setOffline(true);
  await openFromMenu(page, LABELS.menu.valorizaciones, P.menu, P.title, MENU.valorizaciones);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, P.create);
  await form.waitFor();
  await form.getByLabel(fieldLabel(P.number)).fill(`PD-M${Date.now() % 1_000_000}`);
  const pick = async (name: string, typed: string, option: string) => {
    const box = form.getByRole('combobox', { name: fieldLabel(name) });
    await box.click();
    await box.fill(typed);
    await page
      .getByRole('option', { name: new RegExp(option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
  };
  await pick(P.machine, target.placa, target.placa);
  await form.getByRole('combobox', { name: LABELS.salidas.operatorDni }).fill(operador.dni);
  await expect.poll(() => form.getByLabel(LABELS.salidas.operatorName).inputValue(), POLL).toBe(operador.nombres);
  await form.getByRole('combobox', { name: LABELS.salidas.operatorDni }).press('Escape');
  await pick(P.activity, activity.activ_nombre.slice(0, 6), activity.activ_nombre);
  await pick(P.service, price.descripcion, price.descripcion);
  await form.getByLabel(new RegExp(`^${P.quantity}`)).fill('7.5');
  // The readings say it worked 7.5 h (what moves the meter, whatever the billing unit).
  const start = 60_000 + (Date.now() % 10_000);
  await form.getByLabel(fieldLabel(P.readingInitial(true))).fill(String(start));
  await form.getByLabel(fieldLabel(P.readingFinal(true))).fill(String(start + 7.5));
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.savedOffline);
  await form.waitFor({ state: 'detached' });

  // Still offline: the machinery list (device copy) shows the meter with the pending report.
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.maquinarias, L.title, MENU.administrativo);
  await searchList(page, target.placa);
  const row = rowOf(page, target.placa);
  await row.waitFor();
  // At 820 px the meter folds into the row's detail.
  const unfold = async () => {
    const more = row.getByRole('button', { name: LABELS.showDetail });
    if (await more.count()) await more.click();
  };
  await unfold();
  const pending = table(page).getByTestId('pending-meter');
  await pending.waitFor();
  expect(
    await table(page)
      .getByText(meterText(before.horometro_actual + 7.5), { exact: true })
      .count(),
  ).toBe(1);
  await shot(page, 'maquinaria-pending-report-tablet');

  // Back online the report is sent and the list fetched again: the server's meter, the report counted once.
  await context.setOffline(false);
  await pending.waitFor({ state: 'detached', timeout: 30_000 });
  await expect
    .poll(
      async () => (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data.find((m) => m.id === target.id)!.horometro_actual,
      POLL,
    )
    .toBe(before.horometro_actual + 7.5);
  await unfold();
  await table(page)
    .getByText(meterText(before.horometro_actual + 7.5), { exact: true })
    .waitFor();
  await context.close();
}, 300_000);
