// PWA update: a new service worker build shows 'Nueva versión disponible'; 'Actualizar' activates it and reloads.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, shot } from './browser';

const swFile = join(process.env.STATIC_DIR ?? 'dist/client', 'sw.js');
let browser: Browser;
let original: string;

beforeAll(async () => {
  browser = await launch();
  original = readFileSync(swFile, 'utf8');
});
afterAll(async () => {
  writeFileSync(swFile, original);
  await browser?.close();
});

test('a new version waits for the user, then takes over after Actualizar', async () => {
  const page = await (await newContext(browser)).newPage();
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.getByText('Nueva versión disponible').count()).toBe(0);

  // A new deployment: the worker script changes byte-wise.
  appendFileSync(swFile, `\n// e2e build ${Date.now()}\n`);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
  });
  await page.getByText('Nueva versión disponible').waitFor({ timeout: 20_000 });
  await shot(page, 'pwa-update-prompt');
  // The old worker keeps control until the user agrees (registerType 'prompt').
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await page.getByRole('button', { name: /actualizar/i }).click();
  await reloaded;
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  await expect.poll(() => page.getByText('Nueva versión disponible').count()).toBe(0);
});
