// Helpers of the chaos runs (docs/offline-chaos.md): a device's outbox filled the way the app's forms fill it (raw
// IndexedDB writes of OutboxItem rows, sent by the app's own engine), the outbox read back, the queue nudged and
// awaited, the server's copy counted, and the invariant "on the server exactly once, or rejected with its reason".
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FallaRow } from '@shared/contract/fallas';
import type { SalidaRow } from '@shared/contract/salidas';
import { MENU, ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { admin, api, ensureUser, USER_PASSWORD, widest } from './api';
import { baseUrl, loginAs } from './browser';

/** Roles of the chaos clerk: failures (with photos) and exits. */
export const CHAOS_ROLES = [
  MENU.mantenimientos,
  MENU.fallas,
  ROLE.fallaNuevo,
  ROLE.fallaEditar,
  MENU.almacen,
  MENU.salidas,
  ROLE.salidaNuevo,
];

export const chaosUser = (name: string) => ensureUser(name, CHAOS_ROLES);

/** A context whose pages are never controlled by the service worker, so page.route sees every API call. */
export function plainContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 820, height: 1180 },
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    serviceWorkers: 'block',
  });
}

/** Logs in on a page never controlled by the service worker and waits for the shell. */
export async function clerkPage(browser: Browser, user: string): Promise<Page> {
  const page = await (await plainContext(browser)).newPage();
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('navigation', { name: LABELS.menu.navigation }).waitFor();
  return page;
}

export interface SeedItem {
  resource: string;
  url: string;
  body: unknown;
  label: string;
  meta?: Record<string, unknown>;
}

export interface OutboxRow {
  id: string;
  seq: number;
  userId: number;
  status: 'pending' | 'sending' | 'retrying' | 'rejected';
  label: string;
  body: unknown;
  lastError: string | null;
  lastStatus: number | null;
  ackedAt: number | null;
}

/** Waits until the app opened its Dexie database (after login the engine reads the outbox). */
async function dbReady(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name === 'maquinarias' && (d.version ?? 0) >= 20));
}

/**
 * Writes POST items of the logged-in user into the device's outbox, as a form's save does while the device is offline
 * (same row shape as src/client/offline/db.ts OutboxItem); the app's engine sends them on its next flush.
 */
export async function seedOutbox(page: Page, items: SeedItem[]): Promise<string[]> {
  await dbReady(page);
  return page.evaluate(async (list) => {
    const token = localStorage.getItem('token');
    if (!token) throw new Error('no session');
    const b64 = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const user = (JSON.parse(decodeURIComponent(escape(atob(b64)))) as { user: { id: number; fullName: string } }).user;
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('maquinarias');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const tx = db.transaction('outbox', 'readwrite');
    const store = tx.objectStore('outbox');
    const existing = await new Promise<{ seq: number }[]>((ok) => {
      const r = store.getAll();
      r.onsuccess = () => ok(r.result as { seq: number }[]);
    });
    let seq = existing.reduce((m, i) => Math.max(m, i.seq), 0);
    const now = Date.now();
    const ids = list.map((it) => {
      const id = crypto.randomUUID();
      store.put({
        ...it,
        id,
        seq: ++seq,
        userId: user.id,
        userName: user.fullName,
        method: 'POST',
        meta: it.meta ?? {},
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        lastStatus: null,
        lastErrors: null,
        createdAt: now,
        updatedAt: now,
        upload: null,
        ackedAt: null,
        serverId: null,
      });
      return id;
    });
    await new Promise((ok, ko) => {
      tx.oncomplete = ok;
      tx.onerror = () => ko(tx.error);
    });
    db.close();
    return ids;
  }, items);
}

/** Every outbox row of the device (any user), in order. */
export async function outbox(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('maquinarias');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    const rows = await new Promise<OutboxRow[]>((ok) => {
      const r = db.transaction('outbox').objectStore('outbox').getAll();
      r.onsuccess = () => ok(r.result as OutboxRow[]);
    });
    db.close();
    return rows.sort((a, b) => a.seq - b.seq);
  });
}

/** The 'online' event: the engine flushes at once, even an item that is backing off. */
export const kick = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('online')));

/** Waits until the device has nothing left to send (only rejected rows, or none), nudging it now and then. */
export async function drained(page: Page, ms = 60_000): Promise<OutboxRow[]> {
  const end = Date.now() + ms;
  let last = 0;
  for (;;) {
    const rows = await outbox(page);
    if (rows.every((r) => r.status === 'rejected')) return rows;
    if (Date.now() > end) throw new Error(`outbox not drained: ${rows.map((r) => `${r.label}=${r.status}`).join(', ')}`);
    if (Date.now() - last > 1_500) {
      last = Date.now();
      await kick(page);
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

export interface Demo {
  token: string;
  machine: { id: number; placa: string; descripcion: string };
  dni: string;
  supply: { id: number; stock: number };
}

/** Ids of the demo data the items need: a machine, an operator, a supply with stock. */
export async function demo(): Promise<Demo> {
  const token = await admin();
  const machine = (await api<Demo['machine'][]>(token, 'GET', '/api/maquinarias')).data[0];
  const dni = (await api<{ dni: string }[]>(token, 'GET', '/api/operadores')).data[0].dni;
  const supplies = (await api<{ id: number; stock: number }[]>(token, 'GET', '/api/insumos')).data;
  const supply = supplies.find((s) => Number(s.stock) > 5) ?? supplies[0];
  return { token, machine, dni, supply };
}

/** A failure as the form puts it in the outbox; `descripcion` is its marker on the server. */
export function fallaItem(d: Demo, descripcion: string): SeedItem {
  return {
    resource: 'fallas',
    url: '/api/fallas',
    body: {
      falla_id: null,
      maquinaria_id: d.machine.id,
      descripcion,
      detalle: null,
      created_at: new Date().toISOString(),
      editorMode: 'crear',
    },
    label: `Falla ${descripcion}`,
    meta: { placa: d.machine.placa, maquinaria: d.machine.descripcion, nro_fotos: 0 },
  };
}

/** An exit as the form puts it in the outbox; a quantity above the stock makes the server refuse it. */
export function salidaItem(d: Demo, nroVale: string, cantidad: number): SeedItem {
  return {
    resource: 'salidas',
    url: '/api/salidas',
    body: {
      editorMode: 'crear',
      id: null,
      nro_vale: nroVale,
      fecha: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date()),
      maquinaria_id: d.machine.id,
      operador_dni: d.dni,
      salidas_det: [{ insumo_id: d.supply.id, cantidad }],
    },
    label: `Salida vale ${nroVale}`,
    meta: { id: null, maquinaria: d.machine.descripcion, placa: d.machine.placa },
  };
}

/** A fresh marker for one run's records. */
export const marker = (what: string) => `CAOS ${what} ${randomUUID().slice(0, 8)}`;

export async function fallasOnServer(token: string, prefix: string): Promise<FallaRow[]> {
  return (await api<FallaRow[]>(token, 'POST', '/api/fallas/list', widest('fallas'))).data.filter((r) => r.descripcion.startsWith(prefix));
}

export async function salidasOnServer(token: string, prefix: string): Promise<SalidaRow[]> {
  return (await api<SalidaRow[]>(token, 'POST', '/api/salidas/list', widest('salidas'))).data.filter((r) => r.nro_vale.startsWith(prefix));
}

/**
 * The invariant: every marker is on the server exactly once, or (only for those in `refused`) not on the server and
 * rejected on the device with a reason.
 */
export function expectExactlyOnce(markers: string[], onServer: string[], device: OutboxRow[], refused: string[] = []): void {
  for (const m of markers) {
    const n = onServer.filter((s) => s === m).length;
    const row = device.find((r) => JSON.stringify(r.body).includes(`"${m}"`));
    if (refused.includes(m)) {
      expect(n, `${m} on the server`).toBe(0);
      expect(row?.status, `${m} on the device`).toBe('rejected');
      expect(row?.lastError, `${m} reason`).toBeTruthy();
    } else {
      expect(n, `${m} on the server`).toBe(1);
      expect(row, `${m} still on the device`).toBeUndefined();
    }
  }
}

/** Opens the Sincronización panel from the top bar's badge and checks the rejected item shows its reason. */
export async function expectRejectedVisible(page: Page, row: OutboxRow): Promise<void> {
  await page.reload();
  await page.getByTestId('pending-badge').click();
  const item = page.getByTestId(`outbox-item-${row.id}`);
  await item.waitFor();
  await item.getByText(MSG.syncStateRejected, { exact: true }).waitFor();
  await item.getByText(MSG.syncReason(row.lastError ?? '')).waitFor();
}
