// Chaos runs of the offline queue on the device (docs/offline-chaos.md): the session expiring with 20
// saves queued (they wait; another user on the device never sends them; the same user logs in again and they go as
// theirs), and the browser closed in the middle of a flush and reopened on the same profile with a full outbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AuditoriaRow } from '@shared/contract/auditoria';
import { LABELS, MSG } from '@shared/messages';
import { api, USER_PASSWORD, widest } from './api';
import { launch, launchPersistent, loginAs } from './browser';
import {
  chaosUser,
  clerkPage,
  demo,
  drained,
  expectExactlyOnce,
  fallaItem,
  fallasOnServer,
  kick,
  marker,
  outbox,
  seedOutbox,
} from './chaos-kit';

let browser: Browser;
const profiles: string[] = [];
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

const shell = (page: Page) => page.getByRole('navigation', { name: LABELS.menu.navigation });
const token = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token')))!;
const isFallaPost = (url: string, method: string) => method === 'POST' && /\/api\/fallas$/.test(new URL(url).pathname);

/**
 * The login screen's note on what waits. The rows were written straight into IndexedDB (seedOutbox), past Dexie's
 * live-query cache of this page, so the note is read on a fresh load of the login screen.
 */
async function waitingNote(page: Page): Promise<void> {
  await page.reload();
  await page.getByTestId('login-waiting').waitFor({ timeout: 40_000 });
}

async function userId(adminToken: string, username: string): Promise<number> {
  return (await api<{ id: number; username: string }[]>(adminToken, 'GET', '/api/usuarios')).data.find((u) => u.username === username)!.id;
}

/** Failures created by `user` according to the audit log, among those whose description starts with `prefix`. */
async function createdBy(adminToken: string, user: number, prefix: string): Promise<string[]> {
  const rows = (
    await api<AuditoriaRow[]>(adminToken, 'GET', `/api/auditoria?usuario_id=${user}&${new URLSearchParams(widest('auditoria'))}`)
  ).data;
  return rows
    .filter((r) => r.resource === 'fallas' && r.action === 'create')
    .map((r) => (r.after as { descripcion?: string } | null)?.descripcion ?? '')
    .filter((x) => x.startsWith(prefix));
}

test('the session expires with 20 saves queued: another user never sends them, the same user logs in and they go as theirs', async () => {
  const d = await demo();
  const [a, b] = [await chaosUser('e2e.chaos.sesion.a'), await chaosUser('e2e.chaos.sesion.b')];
  const page = await clerkPage(browser, a);
  const context = page.context();
  const prefix = marker('sesión');
  const fallas = Array.from({ length: 20 }, (_, i) => `${prefix} F${i}`);
  const sentWith: string[] = [];
  context.on('request', (r) => {
    if (isFallaPost(r.url(), r.method())) sentWith.push(r.headers().authorization ?? '');
  });

  // Saved offline; meanwhile the session ends on the server (expired or revoked).
  await context.setOffline(true);
  await seedOutbox(
    page,
    fallas.map((f) => fallaItem(d, f)),
  );
  const tokenA = await token(page);
  await api(tokenA, 'POST', '/api/logout');
  // The signal returns: the first send is refused (401), the queue pauses and the login screen says what waits.
  await context.setOffline(false);
  await page.getByRole('heading', { name: LABELS.shell.loginTitle }).waitFor();
  await waitingNote(page);
  expect(await page.getByTestId('login-waiting').textContent()).toBe(MSG.syncLoginWaiting(20, `Usuario ${a}`));
  expect(await fallasOnServer(d.token, prefix)).toEqual([]);
  expect(sentWith.every((h) => h === `Bearer ${tokenA}`)).toBe(true);

  // Another user logs in on this tablet: the saves are not theirs and never go with their token.
  await loginAs(page, b, USER_PASSWORD);
  await shell(page).waitFor();
  const tokenB = await token(page);
  for (let i = 0; i < 3; i++) {
    await kick(page);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  expect(sentWith.filter((h) => h === `Bearer ${tokenB}`)).toEqual([]);
  expect(await fallasOnServer(d.token, prefix)).toEqual([]);
  const waiting = await outbox(page);
  expect(waiting.filter((r) => r.status !== 'rejected')).toHaveLength(20);

  // B leaves; A logs in again: the 20 go, once each, as A's.
  await page.getByRole('button', { name: `${LABELS.shell.userMenu}: USUARIO ${b.toUpperCase()}` }).click();
  await page.getByRole('menuitem', { name: LABELS.shell.exit }).click();
  await page.getByRole('dialog', { name: MSG.logoutTitle }).getByRole('button', { name: MSG.exit, exact: true }).click();
  // The login screen again, still saying whose 20 records wait (B's session never took them).
  await page.getByRole('heading', { name: LABELS.shell.loginTitle }).waitFor();
  await waitingNote(page);
  expect(await page.getByTestId('login-waiting').textContent()).toBe(MSG.syncLoginWaiting(20, `Usuario ${a}`));
  await loginAs(page, a, USER_PASSWORD);
  await shell(page).waitFor();
  const device = await drained(page);
  expectExactlyOnce(
    fallas,
    (await fallasOnServer(d.token, prefix)).map((r) => r.descripcion),
    device,
  );
  expect((await createdBy(d.token, await userId(d.token, a), prefix)).sort()).toEqual([...fallas].sort());
  expect(await createdBy(d.token, await userId(d.token, b), prefix)).toEqual([]);
  expect(sentWith.filter((h) => h === `Bearer ${tokenB}`)).toEqual([]);
  await context.close();
});

test('the browser is closed in the middle of a flush and reopened with a full outbox: each save reaches the server once', async () => {
  const d = await demo();
  const user = await chaosUser('e2e.chaos.reinicio');
  const profile = mkdtempSync(join(tmpdir(), 'maq-e2e-chaos-'));
  profiles.push(profile);
  let context: BrowserContext = await launchPersistent(profile);
  let page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await loginAs(page, user, USER_PASSWORD);
  await shell(page).waitFor();
  const prefix = marker('reinicio');
  const fallas = Array.from({ length: 15 }, (_, i) => `${prefix} F${i}`);
  await context.setOffline(true);
  await seedOutbox(
    page,
    fallas.map((f) => fallaItem(d, f)),
  );

  // A slow link: the browser is closed while the queue is being sent (a request may be in flight).
  let started = 0;
  await page.route(/\/api\/fallas$/, async (route) => {
    if (route.request().method() === 'POST') started++;
    await new Promise((r) => setTimeout(r, 400));
    return route.continue().catch(() => undefined);
  });
  await context.setOffline(false);
  await expect.poll(() => started, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  await context.close();
  const before = (await fallasOnServer(d.token, prefix)).length;
  expect(before).toBeLessThan(15);

  // Switched on again, same profile, still logged in: the rest goes, nothing twice.
  context = await launchPersistent(profile);
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  await page.goto('/');
  await shell(page).waitFor();
  expect((await outbox(page)).length).toBeGreaterThan(0);
  const device = await drained(page);
  expectExactlyOnce(
    fallas,
    (await fallasOnServer(d.token, prefix)).map((r) => r.descripcion),
    device,
  );
  await context.close();
});
