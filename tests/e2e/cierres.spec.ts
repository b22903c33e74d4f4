// Monthly close end to end: last month is closed through 'Cierre mensual de almacén' (after its '¿Está seguro…?'),
// then an exit dated in it is saved offline (the form warns from the device's list of closed months), and when the
// connection returns the server refuses it and Sincronización shows the reason. The month is reopened afterwards so
// the other specs on this server keep writing where they like.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { OperadorRow } from '@shared/contract/operadores';
import type { InsumoRow } from '@shared/contract/insumos';
import { periodoAnterior, periodoLabel, periodoOf } from '@shared/domain/cierres';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { MENU, ROLE } from '@shared/auth/permissions';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { fieldLabel, launch, loginAs, newContext, shot, toastWith } from './browser';

let browser: Browser;
const periodo = periodoAnterior(periodoOf(limaDate()));
const mes = periodoLabel(periodo);
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  const token = await admin();
  await api(token, 'POST', `/api/cierres/${periodo}/reabrir`, { motivo: 'Fin de la prueba de punta a punta' }, [409]);
});

const C = LABELS.cierres;
const S = LABELS.salidas;
const A = LABELS.almacen;
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

async function openMenu(page: Page, label: string, heading: string): Promise<void> {
  const link = page.getByRole('link', { name: label });
  if (!(await link.isVisible())) await page.getByRole('button', { name: LABELS.menu.almacen }).click();
  await link.click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

test('a month closed on screen refuses an exit saved offline in it, with the reason in Sincronización', async () => {
  const token = await admin();
  const machine = (await api<{ id: number; placa: string }[]>(token, 'GET', '/api/maquinarias')).data[0];
  const operator = (await api<OperadorRow[]>(token, 'GET', '/api/operadores')).data[0];
  const s = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.find((x) => x.stock >= 1) as InsumoRow;
  const user = await ensureUser('e2e.cierres', [MENU.almacen, MENU.salidas, ROLE.salidaNuevo, MENU.cierres, ROLE.cierreCerrar]);
  const context = await newContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await loginAs(page, user, USER_PASSWORD);

  // Close last month: the row's button, the confirmation naming the month, the toast, the row CERRADO.
  await openMenu(page, C.menu, C.title);
  const table = page.getByRole('table', { name: C.title });
  await table.getByRole('button', { name: `${C.cerrar}: ${mes}` }).click();
  const confirm = dialog(page, C.confirmTitle);
  await confirm.getByText(C.confirmCerrar(mes)).waitFor();
  await shot(page, 'cierres-confirm');
  await confirm.getByRole('button', { name: C.cerrar }).click();
  await toastWith(page, C.cerradoOk(mes));
  await table.getByRole('button', { name: `${C.reportPdf}: ${mes}` }).waitFor();
  await shot(page, 'cierres-list');

  // Offline: an exit dated in the closed month; the form says the server will refuse it, the device keeps it.
  await openMenu(page, LABELS.menu.salidas, S.title);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await context.setOffline(true);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = dialog(page, S.create);
  const nro = `E2E-CIE-${Date.now() % 1_000_000}`;
  await form.getByLabel(S.voucher).fill(nro);
  await form.getByLabel(fieldLabel(A.date)).fill(`${periodo}-15`);
  await form.getByText(MSG.mesCerrado(mes), { exact: false }).waitFor();
  await form.getByLabel(A.machine).selectOption(String(machine.id));
  await form.getByRole('combobox', { name: S.operatorDni }).fill(operator.dni);
  await expect.poll(() => form.getByLabel(S.operatorName).inputValue()).toBe(operator.nombres);
  await form.getByRole('combobox', { name: S.operatorDni }).press('Escape');
  await form.getByRole('button', { name: A.addItem }).click();
  const item = dialog(page, A.addItem);
  await item.getByRole('combobox', { name: A.supply }).fill(s.insumo_codigo);
  await page.getByRole('option').filter({ hasText: s.insumo_codigo }).first().click();
  await item.getByLabel(fieldLabel(A.quantity)).fill('1');
  await item.getByRole('button', { name: A.add, exact: true }).click();
  await item.waitFor({ state: 'detached' });
  await shot(page, 'cierres-salida-offline-warning');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.savedOffline);

  // Online again: the replay is refused (409) and the panel says why (the list shows this month, not the exit's).
  await page.getByTestId('pending-badge').click();
  await context.setOffline(false);
  const outboxItem = page.locator('[data-testid^="outbox-item-"]').filter({ hasText: S.outboxLabel(nro) });
  await outboxItem.getByText(MSG.syncStateRejected, { exact: true }).waitFor();
  await outboxItem.getByText(MSG.syncReason(MSG.mesCerrado(mes)), { exact: true }).waitFor();
  await shot(page, 'cierres-sync-rejected');
  const onServer = (await api<{ nro_vale: string }[]>(token, 'POST', '/api/salidas/list', widest('salidas'))).data.filter(
    (r) => r.nro_vale === nro,
  );
  expect(onServer).toHaveLength(0);
  await context.close();
}, 60_000);
