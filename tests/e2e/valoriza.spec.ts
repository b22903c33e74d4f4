// Valuations end to end on a tablet (820×1180): a field supervisor (codes 17 and 23–25, without 18) writes a daily
// report without connection, reloads, restarts the browser, reconnects, and it reaches the server exactly once; an office clerk bills it in a valuation (picked from the
// unbilled reports), whose totals are the shared function's, and opens its PDF. Then every screen and modal of
// the issue is photographed at tablet and desktop size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import type { OperadorRow } from '@shared/contract/operadores';
import type { ParteRow } from '@shared/contract/partesdiarios';
import type { InfoVenta, ValorizaDetail, ValorizaRow } from '@shared/contract/valoriza';
import { MENU, ROLE } from '@shared/auth/permissions';
import { formatAmount } from '@shared/domain/money';
import { formatNumber } from '@shared/domain/numbers';
import { lineTotal, valorizaTotals } from '@shared/domain/valoriza';
import { LABELS, MSG } from '@shared/messages';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { baseUrl, discardChanges, launch, launchPersistent, loginAs, newContext, rowAction, shot, toastWith } from './browser';

/** An amount as the screens print it (es-PE: 1,350.00). */
const money = (n: number) => formatNumber(n, 'amount');

let browser: Browser;
const profiles: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1366, height: 900 };
const P = LABELS.partes;
const V = LABELS.valoriza;
const C = LABELS.costos;
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const pendingBadge = (page: Page) => page.getByTestId('pending-badge');

// A supervisor who writes reports but does not register valuations (no 18): 'Partes diarios' opens with 23.
const SUPERVISOR_ROLES = [MENU.valorizaciones, ROLE.parteDiarioNuevo, ROLE.parteDiarioEditar, ROLE.parteDiarioEliminar];
const OFFICE_ROLES = [
  ...SUPERVISOR_ROLES,
  MENU.registrarValorizaciones,
  MENU.costos,
  ROLE.valorizaNuevo,
  ROLE.valorizaEditar,
  ROLE.valorizaPdf,
  ROLE.valorizaEliminar,
  ROLE.costoNuevo,
  ROLE.costoEditar,
  ROLE.costoEliminar,
];

interface Ctx {
  token: string;
  info: InfoVenta;
  operator: OperadorRow;
}

async function setup(): Promise<Ctx> {
  const token = await admin();
  const info = (await api<InfoVenta>(token, 'GET', '/api/valoriza/infoventa')).data;
  const operator = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data[0];
  return { token, info, operator };
}

/** The machine's current meter (its registration reading plus what its reports worked). */
async function machineMeter(token: string, id: number): Promise<number> {
  const rows = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data;
  return rows.find((m) => m.id === id)!.horometro_actual;
}

async function serverPartes(token: string, nro: string): Promise<ParteRow[]> {
  return (await api<ParteRow[]>(token, 'POST', '/api/partesdiarios/list', widest('partesdiarios'))).data.filter(
    (r) => r.nro_parte_interno === nro,
  );
}

async function open(username: string, roles: number[], viewport = TABLET): Promise<{ context: BrowserContext; page: Page }> {
  const user = await ensureUser(username, roles);
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.toggle }).waitFor();
  return { context, page };
}

/** Opens a screen of the Valorizaciones group from the side menu (on a tablet the menu is a drawer). */
async function menu(page: Page, entry: string, title: string): Promise<void> {
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const nav = page.locator('aside');
  const link = nav.getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: LABELS.menu.valorizaciones }).click();
  await link.click();
  await page.getByRole('heading', { name: title }).waitFor();
}

/** Chooses an option of a searchable select by typing part of its label. */
async function choose(page: Page, scope: ReturnType<typeof dialog>, name: string | RegExp, typed: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

// The machine runs several builds at once: these walks get more time than the default 90 s.
const SLOW = { timeout: 240_000 };

async function fillParte(
  page: Page,
  ctx: Ctx,
  nro: string,
  qty: string,
  price = ctx.info.precios[0],
): Promise<{ pretot: number; machineId: number; worked: number }> {
  const machine = ctx.info.maquinarias[0];
  const activity = ctx.info.actividades[0];
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, P.create);
  await form.waitFor();
  await form.getByLabel(label(P.number)).fill(nro);
  await choose(page, form, label(P.machine), machine.placa, new RegExp(machine.placa));
  await form.getByRole('combobox', { name: LABELS.salidas.operatorDni }).fill(ctx.operator.dni);
  await expect.poll(() => form.getByLabel(LABELS.salidas.operatorName).inputValue()).toBe(ctx.operator.nombres);
  await form.getByRole('combobox', { name: LABELS.salidas.operatorDni }).press('Escape');
  await choose(page, form, label(P.activity), activity.activ_nombre.slice(0, 6), activity.activ_nombre);
  await choose(page, form, label(P.service), price.descripcion, new RegExp(price.descripcion.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(await form.getByLabel(P.unitPrice).inputValue()).toBe(formatAmount(price.precio));
  // Letters never get into the quantity (numeric input); an empty quantity says 'Ingrese solo numeros'.
  const qtyBox = form.getByLabel(new RegExp(`^${P.quantity}`));
  await qtyBox.pressSequentially('ab');
  expect(await qtyBox.inputValue()).toBe('');
  await qtyBox.fill('1');
  await qtyBox.fill('');
  await form.getByText(MSG.onlyNumbers, { exact: true }).waitFor();
  await qtyBox.fill(qty);
  const pretot = lineTotal(qty, price.precio);
  expect(await form.getByLabel(P.total).inputValue()).toBe(money(pretot));
  // The meter readings, named by the machine's meter; a start above any reading the demo has, so they fit its reports.
  // The meter worked is what the readings say (7.5), whatever the line bills (a day, here).
  const start = 50_000 + (Date.now() % 10_000);
  const worked = 7.5;
  await form.getByLabel(label(P.readingInitial(machine.horometro))).fill(String(start));
  await form.getByLabel(label(P.readingFinal(machine.horometro))).fill(String(start + worked));
  return { pretot, machineId: machine.id, worked };
}

test(
  'a supervisor writes a daily report offline on a tablet; after a reload, a browser restart and the connection back it is sent once',
  SLOW,
  async () => {
    const ctx = await setup();
    const nro = `PD-${Date.now() % 1_000_000}`;
    const user = await ensureUser('e2e.supervisor', SUPERVISOR_ROLES);
    const profile = mkdtempSync(join(tmpdir(), 'maq-e2e-partes-'));
    profiles.push(profile);
    let context: BrowserContext = await launchPersistent(profile, TABLET);
    let page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(20_000);
    await loginAs(page, user, USER_PASSWORD);
    await page.getByRole('button', { name: LABELS.menu.toggle }).waitFor();
    await menu(page, P.menu, P.title);
    // Without 18 the valuations list is not offered; the reports screen is.
    expect(await page.locator('aside').getByRole('link', { name: LABELS.menu.registrarValorizaciones, exact: true }).count()).toBe(0);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);

    // A machine rented by the day ('jornada de 8 horas', billed per DIA): before readings it wore nothing.
    const perDay = ctx.info.precios.find((p) => p.unidad === 'DIA');
    expect(perDay).toBeDefined();
    const meterBefore = await machineMeter(ctx.token, ctx.info.maquinarias[0].id);
    await context.setOffline(true);
    const { pretot, machineId, worked } = await fillParte(page, ctx, nro, '1', perDay);
    await shot(page, 'valoriza-parte-form-tablet');
    await dialog(page, P.create).getByRole('button', { name: LABELS.shell.save }).click();
    await toastWith(page, MSG.savedOffline);
    await dialog(page, P.create).waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: P.title });
    const row = table.locator('tbody tr').filter({ hasText: nro }).first();
    await row.getByText(MSG.syncBadgePending, { exact: true }).waitFor();
    // At 820 px the amount folds into the row's detail.
    await row.getByRole('button', { name: LABELS.showDetail }).click();
    expect(await row.locator('xpath=following-sibling::tr[1]').textContent()).toContain(money(pretot));
    await row.getByRole('button', { name: LABELS.hideDetail }).click();
    expect(await pendingBadge(page).textContent()).toBe('1');
    await shot(page, 'valoriza-partes-pending-tablet');
    expect(await serverPartes(ctx.token, nro)).toHaveLength(0);

    // Still offline, a reload (the service worker serves the app) keeps the report on the device.
    await page.reload();
    await page.getByRole('button', { name: LABELS.menu.toggle }).waitFor();
    await menu(page, P.menu, P.title);
    await table.locator('tbody tr').filter({ hasText: nro }).getByText(MSG.syncBadgePending, { exact: true }).waitFor();
    expect(await serverPartes(ctx.token, nro)).toHaveLength(0);

    // The tablet is switched off and on again, still without signal: the report is still there, pending.
    await context.close();
    context = await launchPersistent(profile, TABLET);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.getByRole('button', { name: LABELS.menu.toggle }).waitFor();
    await menu(page, P.menu, P.title);
    const table2 = page.getByRole('table', { name: P.title });
    await table2.locator('tbody tr').filter({ hasText: nro }).getByText(MSG.syncBadgePending, { exact: true }).waitFor();
    expect(await serverPartes(ctx.token, nro)).toHaveLength(0);

    // Back online the outbox sends it by itself: one report on the server, unbilled, with the shared total.
    await context.setOffline(false);
    await pendingBadge(page).waitFor({ state: 'detached' });
    await table2.locator('tbody tr').filter({ hasText: nro }).getByText(P.unbilled).waitFor();
    await page.reload();
    await page.getByRole('button', { name: LABELS.menu.toggle }).waitFor();
    await menu(page, P.menu, P.title);
    await table2.locator('tbody tr').filter({ hasText: nro }).waitFor();
    const saved = await serverPartes(ctx.token, nro);
    expect(saved).toHaveLength(1);
    expect(saved[0].pretot).toBe(pretot);
    expect(saved[0].valoriza_id).toBeNull();
    // The day billed wore the machine by its readings: its meter moved by final − initial.
    expect(await machineMeter(ctx.token, machineId)).toBeCloseTo(meterBefore + worked, 2);
    await shot(page, 'valoriza-partes-sent-tablet');
    await context.close();
  },
);

test('a valuation picks an unbilled report, shows the shared totals, saves, and its PDF opens in a new tab', SLOW, async () => {
  const ctx = await setup();
  const token = ctx.token;
  // A report saved from the field (through the API here), and a known taxpayer from a seeded valuation.
  const nro = `PV-${Date.now() % 1_000_000}`;
  const price = ctx.info.precios[0];
  await api(token, 'POST', '/api/partesdiarios', {
    nro_parte_interno: nro,
    maquinaria_id: ctx.info.maquinarias[0].id,
    dni: ctx.operator.dni,
    actividad_id: ctx.info.actividades[0].id,
    partesdiarios_det: { costo_det_id: price.costo_det_id, cantid: 10 },
  });
  const [report] = await serverPartes(token, nro);
  const customer = (await api<ValorizaRow[]>(token, 'POST', '/api/valoriza/list', widest('valoriza'))).data.find((v) => v.tipo_doc === 2)!;

  const { context, page } = await open('e2e.oficina', OFFICE_ROLES);
  await menu(page, LABELS.menu.registrarValorizaciones, V.title);
  await shot(page, 'valoriza-list-tablet');
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, V.create);
  await form.waitFor();
  expect(await form.getByLabel(V.rubro).inputValue()).toBe('1');
  expect(await form.getByLabel(V.tipoDoc).inputValue()).toBe('2');
  // Just opened: nothing is marked, the observation of the other tab is not said to be missing.
  expect(await form.getByLabel(label('RUC')).getAttribute('aria-invalid')).toBeNull();
  expect(await form.getByText(V.obsMissing).count()).toBe(0);
  await form.getByLabel(label('RUC')).fill(customer.ndoc);
  await expect.poll(() => form.getByLabel(V.rsocial).inputValue()).toBe(customer.rsocial);

  await form.getByRole('button', { name: V.pickReports }).click();
  const pick = dialog(page, V.pickTitle);
  await pick.waitFor();
  const line = pick.locator('tbody tr').filter({ hasText: nro });
  await line.waitFor();
  await shot(page, 'valoriza-pick-tablet');
  // The text narrows the list to the report; 'Seleccionar todo' takes the rows shown.
  await pick.getByLabel(V.pickSearch).fill(nro);
  await expect.poll(() => pick.locator('tbody tr').count()).toBe(1);
  await pick.getByText(V.pickAll(1)).click();
  expect(await line.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
  await shot(page, 'valoriza-pick-filtered-tablet');
  await pick.getByRole('button', { name: V.pickAdd(1) }).click();
  await pick.waitFor({ state: 'detached' });
  await form.locator('tbody tr').filter({ hasText: nro }).waitFor();

  const expected = valorizaTotals({ montos: [report.monto], rubro: 1, tasa: 10 });
  const totals = form.getByTestId('valoriza-totals');
  expect(await totals.textContent()).toContain(money(expected.monto));
  expect(await totals.textContent()).toContain(money(expected.monto_deposito));
  await shot(page, 'valoriza-form-general-tablet');

  await form.getByRole('tab', { name: V.tabDetails }).click();
  await form.getByLabel(label(V.observation)).fill('Alquiler de maquinaria, prueba e2e');
  await page.waitForTimeout(300);
  await shot(page, 'valoriza-form-details-tablet');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await form.waitFor({ state: 'detached' });

  const billed = (await serverPartes(token, nro))[0];
  expect(billed.valoriza_id).not.toBeNull();
  const v = (await api<ValorizaDetail>(token, 'GET', `/api/valoriza/${billed.valoriza_id}`)).data;
  expect([v.subtotal, v.monto, v.monto_detraccion, v.monto_deposito]).toEqual([
    expected.subtotal,
    expected.monto,
    expected.monto_detraccion,
    expected.monto_deposito,
  ]);

  // The row's PDF button opens the server's PDF in a new tab (fetched with the token, shown from a blob).
  const row = page
    .getByRole('table', { name: V.title })
    .locator('tbody tr')
    // By its number's cell (which also holds the fold-out toggle): the client's name may fold on a tablet.
    .filter({ has: page.locator('td[data-col=valoriza_id]').filter({ hasText: new RegExp(`(^|\\D)${v.valoriza_id}$`) }) });
  await row.first().waitFor();
  const [tab] = await Promise.all([context.waitForEvent('page'), row.first().getByRole('button', { name: V.pdf }).click()]);
  await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
  // The tab shows the blob of the PDF the server built for this valuation (landscape A4).
  const pdf = await fetch(`${baseUrl()}/api/valoriza/viewpdfvaloriza?id=${v.valoriza_id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.headers.get('content-type')).toContain('application/pdf');
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  await tab.close();

  // Edit mode starts locked; the 'Editar' checkbox unlocks it.
  await (await rowAction(row.first(), LABELS.edit)).click();
  const edit = dialog(page, new RegExp(`^${V.edit}`));
  await edit.waitFor();
  expect(await edit.getByLabel(V.rubro).isDisabled()).toBe(true);
  expect(await edit.getByRole('button', { name: LABELS.shell.save }).isDisabled()).toBe(true);
  await shot(page, 'valoriza-form-locked-tablet');
  await edit.getByRole('checkbox', { name: V.unlock }).click();
  expect(await edit.getByLabel(V.rubro).isDisabled()).toBe(false);
  await edit.getByRole('button', { name: MSG.cancel }).click();
  await context.close();
});

for (const [size, viewport] of [
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const)
  test(`screens and modals at ${size} size`, SLOW, async () => {
    const ctx = await setup();
    const { context, page } = await open('e2e.oficina', OFFICE_ROLES, viewport);
    await menu(page, LABELS.menu.costos, C.title);
    await shot(page, `valoriza-costos-${size}`);
    await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
    const cost = dialog(page, C.create);
    await cost.waitFor();
    await cost.getByRole('button', { name: C.addLine }).click();
    const line = dialog(page, C.addLine);
    await line.waitFor();
    await line.getByLabel(label(C.description)).fill('Servicio de prueba');
    await line.getByLabel(label(C.price)).fill('85.5');
    await line.getByLabel(C.unit).selectOption('DIA');
    await shot(page, `valoriza-costo-line-${size}`);
    await line.getByRole('button', { name: LABELS.almacen.add, exact: true }).click();
    await line.waitFor({ state: 'detached' });
    await cost.getByLabel(label(C.description)).fill('Tarifario de prueba');
    await page.waitForTimeout(300);
    await shot(page, `valoriza-costo-form-${size}`);
    await cost.getByRole('button', { name: MSG.cancel }).click();
    await discardChanges(page);

    await menu(page, P.menu, P.title);
    await shot(page, `valoriza-partes-${size}`);
    await fillParte(page, ctx, 'FOTO-1', '3');
    await shot(page, `valoriza-parte-form-${size}`);
    await dialog(page, P.create).getByRole('button', { name: MSG.cancel }).click();
    await discardChanges(page);

    await menu(page, LABELS.menu.registrarValorizaciones, V.title);
    await shot(page, `valoriza-list-${size}`);
    const row = page.getByRole('table', { name: V.title }).locator('tbody tr').first();
    await (await rowAction(row, LABELS.edit)).click();
    const edit = dialog(page, new RegExp(`^${V.edit}`));
    await edit.waitFor();
    await edit.getByRole('checkbox', { name: V.unlock }).click();
    await page.waitForTimeout(300);
    await shot(page, `valoriza-form-edit-${size}`);
    await edit.getByRole('button', { name: V.addReport }).click();
    await dialog(page, P.create).waitFor();
    await page.waitForTimeout(300);
    await shot(page, `valoriza-form-parte-${size}`);
    await dialog(page, P.create).getByRole('button', { name: MSG.cancel }).click();
    await edit.getByRole('tab', { name: V.tabDetails }).click();
    await page.waitForTimeout(300);
    await shot(page, `valoriza-form-details-${size}`);
    await context.close();
  });
