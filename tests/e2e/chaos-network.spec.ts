// Chaos runs of the offline queue against the network and the server (docs/offline-chaos.md): a network
// cut in the middle of a flush, the server dying between its commit and its answer, two tabs flushing at once, and a
// failure whose photo upload is cut half way. Each ends with the invariant: every save is on the server exactly
// once, or rejected on the device with its reason.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { FotoRow } from '@shared/contract/fotos';
import { LABELS, MSG } from '@shared/messages';
import { api } from './api';
import { launch, toastWith } from './browser';
import {
  chaosUser,
  clerkPage,
  demo,
  drained,
  expectExactlyOnce,
  expectRejectedVisible,
  fallaItem,
  fallasOnServer,
  kick,
  marker,
  salidaItem,
  salidasOnServer,
  seedOutbox,
} from './chaos-kit';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CHAOS_DROP_HEADER = 'x-chaos-drop-after-commit';
const writes = (url: URL) => /\/api\/(fallas|salidas)$/.test(url.pathname);
const keyOf = (route: Route) => route.request().headers()['idempotency-key'] ?? '';

/** Counts the answers the server gave from its idempotency store. */
function countReplays(page: Page): () => number {
  let replays = 0;
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && res.headers()['idempotency-replayed'] === 'true') replays++;
  });
  return () => replays;
}

test('a network cut in the middle of a flush: every save is on the server once, the refused exit shows its reason', async () => {
  const d = await demo();
  const page = await clerkPage(browser, await chaosUser('e2e.chaos.cut'));
  const replays = countReplays(page);
  const prefix = marker('corte');
  const fallas = Array.from({ length: 10 }, (_, i) => `${prefix} F${i}`);
  const [ok, over] = [`${prefix} V1`, `${prefix} V2`];
  let n = 0;
  await page.route(writes, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    n++;
    if (n % 4 === 1) return route.abort('connectionreset'); // never reached the server
    if (n % 4 === 2) {
      await route.fetch(); // reached the server and committed; the answer is lost on the way back
      return route.abort('connectionreset');
    }
    if (n === 7) {
      // The tablet loses its signal for a moment, mid-request.
      await page.context().setOffline(true);
      await route.abort('internetdisconnected');
      // The page may be gone by then (the test already ended): nothing left to bring back online.
      setTimeout(
        () =>
          void page
            .context()
            .setOffline(false)
            .catch(() => undefined),
        1_500,
      );
      return;
    }
    return route.continue();
  });
  await seedOutbox(page, [
    ...fallas.slice(0, 5).map((f) => fallaItem(d, f)),
    salidaItem(d, ok, 0.01),
    salidaItem(d, over, Number(d.supply.stock) + 1000),
    ...fallas.slice(5).map((f) => fallaItem(d, f)),
  ]);
  await kick(page);
  const device = await drained(page);
  const onServer = [
    ...(await fallasOnServer(d.token, prefix)).map((r) => r.descripcion),
    ...(await salidasOnServer(d.token, prefix)).map((r) => r.nro_vale),
  ];
  expectExactlyOnce([...fallas, ok, over], onServer, device, [over]);
  expect(n).toBeGreaterThan(12);
  expect(replays()).toBeGreaterThan(0); // an answer lost after the commit was answered again from the store
  const refused = device.find((r) => r.label.includes(over));
  expect(refused?.lastStatus).toBeGreaterThanOrEqual(400);
  await expectRejectedVisible(page, refused!);
  await page.context().close();
});

test('the server dies after its commit and before its answer: the replay gets the stored answer, nothing twice', async () => {
  const d = await demo();
  const page = await clerkPage(browser, await chaosUser('e2e.chaos.drop'));
  const replays = countReplays(page);
  const prefix = marker('commit');
  const fallas = Array.from({ length: 8 }, (_, i) => `${prefix} F${i}`);
  const dropped = new Set<string>();
  const seen = new Set<string>();
  await page.route(writes, async (route) => {
    const key = keyOf(route);
    if (route.request().method() === 'POST' && !seen.has(key)) seen.add(key);
    else return route.continue();
    // Every other save loses the server's answer the first time it is sent (the test-only server hook).
    if (seen.size % 2 === 1) {
      dropped.add(key);
      return route.continue({ headers: { ...route.request().headers(), [CHAOS_DROP_HEADER]: '1' } });
    }
    return route.continue();
  });
  await seedOutbox(
    page,
    fallas.map((f) => fallaItem(d, f)),
  );
  await kick(page);
  const device = await drained(page);
  const onServer = (await fallasOnServer(d.token, prefix)).map((r) => r.descripcion);
  expectExactlyOnce(fallas, onServer, device);
  expect(dropped.size).toBeGreaterThan(0);
  expect(replays()).toBe(dropped.size);
  await page.context().close();
});

test('two tabs flushing at once send each save once; a tab closed mid-send is taken over without a duplicate', async () => {
  const d = await demo();
  const first = await clerkPage(browser, await chaosUser('e2e.chaos.tabs'));
  const context = first.context();
  const second = await context.newPage();
  second.setDefaultTimeout(20_000);
  await second.goto('/');
  await second.getByRole('navigation', { name: LABELS.menu.navigation }).waitFor();
  const prefix = marker('pestañas');
  const fallas = Array.from({ length: 12 }, (_, i) => `${prefix} F${i}`);
  const sent = new Map<string, number>();
  await context.route(writes, async (route) => {
    if (route.request().method() === 'POST') sent.set(keyOf(route), (sent.get(keyOf(route)) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 250)); // a slow link widens the window where both tabs want to send
    return route.continue().catch(() => undefined); // the page may be gone
  });
  await seedOutbox(
    first,
    fallas.map((f) => fallaItem(d, f)),
  );
  await Promise.all([kick(first), kick(second), kick(first), kick(second)]);
  // Half way, the sending tab is closed (perhaps with a request in flight); the other one goes on.
  await expect.poll(() => sent.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  await first.close();
  const device = await drained(second);
  const onServer = (await fallasOnServer(d.token, prefix)).map((r) => r.descripcion);
  expectExactlyOnce(fallas, onServer, device);
  expect(sent.size).toBe(12);
  // Only the request cut by the closing tab may have gone twice (same key: the server replays it).
  expect([...sent.values()].filter((c) => c > 1).length).toBeLessThanOrEqual(1);
  await context.close();
});

const JPEG = readFileSync(new URL('../server/images/foto-40x30.jpg', import.meta.url));

test('a failure with photos whose upload is cut half way: the failure once, every photo once, none partial', async () => {
  const d = await demo();
  const page = await clerkPage(browser, await chaosUser('e2e.chaos.fotos'));
  const descripcion = marker('fotos');
  const uploads: { status: number | 'cut' }[] = [];
  let n = 0;
  await page.route(/\/api\/fallas\/\d+\/fotos$/, async (route) => {
    n++;
    if (n === 2) {
      // Half of the multipart body reaches the server, then the connection breaks.
      const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
      const res = await route.fetch({ postData: body.subarray(0, Math.floor(body.length / 2)) }).catch(() => null);
      uploads.push({ status: res ? res.status() : 'cut' });
      return route.abort('connectionreset');
    }
    if (n === 4) {
      await page.context().setOffline(true);
      uploads.push({ status: 'cut' });
      await route.abort('internetdisconnected');
      // The page may be gone by then (the test already ended): nothing left to bring back online.
      setTimeout(
        () =>
          void page
            .context()
            .setOffline(false)
            .catch(() => undefined),
        1_500,
      );
      return;
    }
    const res = await route.fetch();
    uploads.push({ status: res.status() });
    return route.fulfill({ response: res });
  });
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  if (!(await nav.getByRole('link', { name: LABELS.menu.fallas, exact: true }).isVisible())) {
    if ((await nav.evaluate((el) => el.closest('[inert]') !== null)) === true)
      await page.getByRole('button', { name: LABELS.menu.toggle }).click();
    await nav.getByRole('button', { name: LABELS.menu.mantenimientos }).click();
  }
  await nav.getByRole('link', { name: LABELS.menu.fallas, exact: true }).click();
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const form = page.getByRole('dialog', { name: LABELS.fallas.create, exact: true });
  const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  await form.getByLabel(label(LABELS.almacen.machine)).selectOption(String(d.machine.id));
  await form.getByLabel(label(LABELS.fallas.shortDescription)).fill(descripcion);
  await form
    .getByTestId('photo-gallery')
    .setInputFiles([1, 2, 3].map((i) => ({ name: `caos-${i}.jpg`, mimeType: 'image/jpeg', buffer: JPEG })));
  await form
    .getByRole('button', { name: LABELS.fallas.openPhoto(3) })
    .locator('img')
    .waitFor();
  await form.getByRole('button', { name: LABELS.shell.save }).click();
  await toastWith(page, MSG.saved);
  await form.waitFor({ state: 'detached' });
  const device = await drained(page);
  expect(device).toEqual([]);
  const saved = await fallasOnServer(d.token, descripcion);
  expect(saved).toHaveLength(1);
  const fotos = (await api<FotoRow[]>(d.token, 'GET', `/api/fallas/${saved[0].falla_id}/fotos`)).data;
  expect(fotos).toHaveLength(3);
  // The half upload stored nothing: every photo on the server is a whole image.
  for (const f of fotos) expect([f.width, f.height]).toEqual([fotos[0].width, fotos[0].height]);
  expect(uploads.filter((u) => u.status === 201)).toHaveLength(3);
  expect(uploads.some((u) => u.status !== 201)).toBe(true);
  await page.context().close();
});
