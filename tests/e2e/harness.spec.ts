// Harness check: the api helpers create a user with a known password and it reaches the welcome screen.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

test('a user with a set password logs in to the welcome screen', async () => {
  const user = await ensureUser('e2e.harness', [2, 13]);
  const page = await (await newContext(browser)).newPage();
  await loginAs(page, user, USER_PASSWORD);
  await page
    .getByText(/bienvenid/i)
    .first()
    .waitFor();
  await shot(page, 'harness-welcome');
  expect(
    await page
      .getByText(/bienvenid/i)
      .first()
      .isVisible(),
  ).toBe(true);
});
