// Work orders end to end on an upright tablet (820×1180): the office makes an order from a failure with the machine
// stopped and assigns it to a mechanic; the mechanic opens it once with signal, then without signal starts it, fills
// the checklist, takes two parts from the warehouse, types the closing reading, adds a photo and closes it; the
// tablet is switched off and on again; when the connection returns everything is on the server once: the order
// CERRADA with its photo, one warehouse exit, the stock fell by the parts, the failure REPARADO and the machine
// OPERATIVO again, the wear part changed at the reading. Screenshots of the list, the create dialog and the execution screen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { FallaDetail } from '@shared/contract/fallas';
import type { InsumoRow } from '@shared/contract/insumos';
import type { MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import type { OrdenDetail, OrdenRow } from '@shared/contract/ordenestrabajo';
import { LABELS, MSG } from '@shared/messages';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { launchPersistent, loginAs, shot, toastWith } from './browser';

const L = LABELS.ordenes;
const TABLET = { width: 820, height: 1180 };
const profiles: string[] = [];
afterAll(() => {
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

async function openOrdenes(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.getByRole('link', { name: LABELS.menu.ordenesTrabajo, exact: true });
  if ((await nav.evaluate((el) => el.closest('[inert]') !== null)) === true)
    await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  if (!(await link.isVisible())) await nav.getByRole('button', { name: LABELS.menu.mantenimientos }).click();
  await link.click();
  await page.getByRole('heading', { name: L.title }).waitFor();
}

/** A small PNG drawn by the browser (the device makes it a JPEG). */
async function photo(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 640;
    c.height = 480;
    const ctx = c.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#2a6';
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#000';
    ctx.font = 'bold 60px sans-serif';
    ctx.fillText('FILTRO', 200, 250);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

test('an order closed offline with a checklist, two parts and a photo reaches the server once', async () => {
  const token = await admin();
  const username = await ensureUser('e2e.ot.mecanico', [MENU.mantenimientos, MENU.ordenesTrabajo, ROLE.ordenEjecutar]);
  const mecanico = (await api<{ id: number; username: string }[]>(token, 'GET', '/api/usuarios')).data.find((u) => u.username === username);
  const machines = (await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data;
  const stockOf = new Map((await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data.map((i) => [i.id, i]));
  // A working machine with a wear part whose supply is in stock: the order changes it at the closing reading.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Lima' });
  const pick = machines
    .filter((m) => m.estado === 0)
    .flatMap((m) => m.insumos.map((p) => ({ m, p })))
    .find(({ p }) => (stockOf.get(p.insumo_id)?.stock ?? 0) >= 3 && (p.last_date_mantenimiento ?? '') < today);
  expect(pick).toBeDefined();
  const { m: machine, p: wear } = pick as NonNullable<typeof pick>;
  const other = [...stockOf.values()].find((i) => i.stock >= 3 && i.id !== wear.insumo_id) as InsumoRow;
  const supplies = [stockOf.get(wear.insumo_id) as InsumoRow, other];
  const falla = (
    await api<FallaDetail>(token, 'POST', '/api/fallas', {
      maquinaria_id: machine.id,
      descripcion: `E2E fuga en bomba ${Date.now() % 100000}`,
    })
  ).data;
  const uid = randomUUID();
  const created = await api<OrdenDetail>(token, 'POST', '/api/ordenestrabajo', {
    uid,
    origen: 'FALLA',
    falla_id: falla.falla_id,
    maquinaria_id: machine.id,
    descripcion: `Reparar ${falla.descripcion}`,
    prioridad: 'ALTA',
    asignados: [mecanico?.id],
    maquina_detenida: true,
    items_checklist: ['Revisar sellos de la bomba', 'Prueba de presión'],
  });
  const codigo = created.data.codigo;

  const profile = mkdtempSync(join(tmpdir(), 'maq-e2e-ot-'));
  profiles.push(profile);
  let context = await launchPersistent(profile, TABLET);
  let page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await loginAs(page, username, USER_PASSWORD);
  await openOrdenes(page);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await openOrdenes(page);
  const row = () => page.getByRole('table', { name: L.title }).locator('tbody tr').filter({ hasText: codigo }).first();
  await row().waitFor();
  await shot(page, 'ordenes-list-tablet');

  // Opened once with signal; then the signal goes.
  await row().getByRole('button', { name: L.open }).click();
  await page.getByRole('heading', { name: L.view(codigo) }).waitFor();
  await page.getByRole('button', { name: L.back }).click();
  await row().waitFor();
  await context.setOffline(true);
  await row().getByRole('button', { name: L.open }).click();
  await page.getByRole('heading', { name: L.view(codigo) }).waitFor();
  await page.getByRole('button', { name: L.startOrder }).click();
  await toastWith(page, MSG.savedOffline);

  for (const item of ['Revisar sellos de la bomba', 'Prueba de presión'])
    await page.getByRole('group', { name: item }).getByRole('button', { name: 'OK', exact: true }).click();
  for (const s of supplies) {
    const input = page.getByRole('combobox', { name: L.supply });
    await input.fill(s.insumo_codigo);
    await page.getByRole('option').filter({ hasText: s.insumo_codigo }).first().click();
    await page.getByRole('textbox', { name: L.quantity, exact: true }).fill('1');
    // The first one replaces the machine's wear part.
    if (s.id === wear.insumo_id) await page.getByRole('checkbox', { name: L.wearPart }).click();
    await page.getByRole('button', { name: L.addPart }).click();
  }
  await page.getByRole('textbox', { name: L.reading(machine.horometro ? 'horómetro' : 'kilometraje') }).fill('1234.5');
  await page.getByLabel(LABELS.fallas.takePhoto).setInputFiles({ name: 'filtro.png', mimeType: 'image/png', buffer: await photo(page) });
  await page.getByText(LABELS.fallas.photosCount(1, 10), { exact: false }).waitFor();
  await shot(page, 'orden-ejecucion-tablet');
  await page.getByRole('button', { name: L.close, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: L.close });
  await shot(page, 'orden-cerrar-confirm-tablet');
  await confirm.getByRole('button', { name: L.close, exact: true }).click();
  await toastWith(page, MSG.savedOffline);
  expect((await api<OrdenDetail>(token, 'GET', `/api/ordenestrabajo/${uid}`)).data.estado).toBe('ABIERTA');

  // Switched off and on again without signal: the saves wait on the device.
  await context.close();
  context = await launchPersistent(profile, TABLET);
  await context.setOffline(true);
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await page.goto('/');
  await openOrdenes(page);
  await row().getByText(MSG.syncBadgePending, { exact: true }).waitFor();
  await shot(page, 'ordenes-list-pending-tablet');
  // Opened again offline, the order shows its newest save still queued (closed, read only), not the older copy.
  await row().getByRole('button', { name: L.open }).click();
  await page.getByRole('heading', { name: L.view(codigo) }).waitFor();
  await page.locator('header').getByText('CERRADA', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: L.close, exact: true }).count()).toBe(0);
  await shot(page, 'orden-cerrada-offline-tablet');
  await page.getByRole('button', { name: L.back }).click();
  await row().waitFor();

  // The connection returns: start, then close with its parts, then the photo; each once.
  await context.setOffline(false);
  await page.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 30_000 });
  await expect
    .poll(async () => (await api<OrdenDetail>(token, 'GET', `/api/ordenestrabajo/${uid}`)).data.fotos.length, { timeout: 30_000 })
    .toBe(1);
  const o = (await api<OrdenDetail>(token, 'GET', `/api/ordenestrabajo/${uid}`)).data;
  expect(o).toMatchObject({ estado: 'CERRADA', horometro_cierre: 1234.5 });
  expect(o.checklist.map((c) => c.resultado)).toEqual(['OK', 'OK']);
  expect(o.repuestos.map((r) => r.insumo_id).sort()).toEqual(supplies.map((s) => s.id).sort());
  const after = (await api<InsumoRow[]>(token, 'GET', '/api/insumos')).data;
  for (const s of supplies) expect(after.find((i) => i.id === s.id)?.stock).toBe(s.stock - 1);
  expect((await api<FallaDetail>(token, 'GET', `/api/fallas/${falla.falla_id}`)).data.estado).toBe(1);
  expect((await api<MaquinariaRow[]>(token, 'GET', '/api/maquinarias')).data.find((m) => m.id === machine.id)?.estado).toBe(0);
  // The wear part was changed at the closing reading: its counter restarts today.
  expect(o.repuestos.find((r) => r.insumo_id === wear.insumo_id)?.insumo_maq_id).toBe(wear.insumo_maq_id);
  const parts = (await api<MaquinariaInsumo[]>(token, 'GET', `/api/maquinarias/insumosbymaquinaria/${machine.id}`)).data;
  expect(parts.find((p) => p.insumo_maq_id === wear.insumo_maq_id)?.last_date_mantenimiento).toBe(today);
  await page.reload();
  await openOrdenes(page);
  await row().waitFor();
  expect(await row().getByText(MSG.syncBadgePending, { exact: true }).count()).toBe(0);
  expect((await api<OrdenDetail>(token, 'GET', `/api/ordenestrabajo/${uid}`)).data.fotos).toHaveLength(1);
  await context.close();
}, 240_000);

test('the office creates an order by hand (screenshots of the dialog)', async () => {
  const username = await ensureUser('e2e.ot.jefe', [
    MENU.mantenimientos,
    MENU.ordenesTrabajo,
    ROLE.ordenNueva,
    ROLE.ordenEjecutar,
    ROLE.ordenAnular,
  ]);
  const profile = mkdtempSync(join(tmpdir(), 'maq-e2e-ot2-'));
  profiles.push(profile);
  const context = await launchPersistent(profile, TABLET);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await loginAs(page, username, USER_PASSWORD);
  await openOrdenes(page);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = page.getByRole('dialog', { name: L.create });
  await form.waitFor();
  await form.getByRole('combobox', { name: new RegExp(`^${L.machine}`) }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await form.getByLabel(new RegExp(`^${L.description}`)).fill('Cambio de aceite y filtros');
  await form.getByLabel(L.checklist).fill('Drenar aceite\nCambiar filtro\nLlenar aceite');
  await shot(page, 'orden-create-tablet');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  // The description folds on an upright tablet: the row is found by the number the server gave.
  const token = await admin();
  const mine = (await api<OrdenRow[]>(token, 'POST', '/api/ordenestrabajo/list', widest('ordenestrabajo'))).data.find(
    (o) => o.descripcion === 'Cambio de aceite y filtros',
  );
  expect(mine?.estado).toBe('ABIERTA');
  await page
    .getByRole('table', { name: L.title })
    .locator('tbody tr')
    .filter({ hasText: mine?.codigo ?? '?' })
    .first()
    .waitFor();
  await shot(page, 'ordenes-list-office-tablet');

  // Without signal: a new order, opened and started at once; back online, the create goes first, then the start.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await context.setOffline(true);
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  await form.waitFor();
  await form.getByRole('combobox', { name: new RegExp(`^${L.machine}`) }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  const offlineText = `Engrase sin señal ${Date.now() % 100000}`;
  await form.getByLabel(new RegExp(`^${L.description}`)).fill(offlineText);
  await form.getByLabel(L.checklist).fill('Engrasar pasadores');
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.savedOffline);
  const pending = page.getByRole('table', { name: L.title }).locator('tbody tr').filter({ hasText: MSG.syncBadgePending }).first();
  await pending.getByRole('button', { name: L.open }).click();
  await page.getByText(offlineText, { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Engrasar pasadores' }).getByRole('button', { name: 'OK', exact: true }).click();
  await page.getByRole('button', { name: L.startOrder }).click();
  await page.locator('header').getByText('EN CURSO', { exact: true }).waitFor();
  await shot(page, 'orden-nueva-offline-tablet');
  const onServer = async () =>
    (await api<OrdenRow[]>(token, 'POST', '/api/ordenestrabajo/list', widest('ordenestrabajo'))).data.filter(
      (o) => o.descripcion === offlineText,
    );
  expect(await onServer()).toHaveLength(0);
  await context.setOffline(false);
  await page.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 30_000 });
  await expect.poll(async () => (await onServer())[0]?.estado, { timeout: 30_000 }).toBe('EN CURSO');
  expect(await onServer()).toHaveLength(1);
  const sent = (await api<OrdenDetail>(token, 'GET', `/api/ordenestrabajo/${(await onServer())[0].uid}`)).data;
  expect(sent.checklist.map((c) => [c.descripcion, c.resultado])).toEqual([['Engrasar pasadores', 'OK']]);
  await context.close();
}, 120_000);
