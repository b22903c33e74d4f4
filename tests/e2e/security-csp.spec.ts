// The built app under its Content-Security-Policy (docs/security.md): no inline script in index.html, and a
// session that logs in, opens several screens and dialogs, exports a PDF and an Excel file in the export worker
// and opens a server PDF in a new tab without a single CSP violation. The same listener does see an inline
// script the page tries to run (the check can fail).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ALL_CODES, MENU } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records every `securitypolicyviolation` of every page of the context (popups included) and CSP console errors. */
async function watchCsp(context: BrowserContext): Promise<{ violations: (page?: Page) => Promise<Violation[]>; console: string[] }> {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  const console: string[] = [];
  const listen = (p: Page) =>
    p.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) console.push(`${p.url()}: ${m.text()}`);
    });
  context.on('page', listen);
  return {
    console,
    violations: async (page?: Page) => {
      const pages = page ? [page] : context.pages();
      const all = await Promise.all(pages.map((p) => p.evaluate(() => window.__cspViolations ?? []).catch(() => [] as Violation[])));
      return all.flat();
    },
  };
}

async function openFromMenu(page: Page, group: string, entry: string, groupId: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: LABELS.menu.navigation });
  const link = nav.locator(`#menu-group-${groupId}`).getByRole('link', { name: entry, exact: true });
  const toggle = page.getByRole('button', { name: LABELS.menu.toggle });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  if (!(await link.isVisible())) await nav.getByRole('button', { name: group }).click();
  await link.click();
}

test('the built index.html runs no inline script and carries nothing that would need it', () => {
  const html = readFileSync('dist/client/index.html', 'utf8');
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\bsrc="\/[^"]+"/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no onload= / onclick= handlers
  expect(html).not.toMatch(/javascript:/i);
  // vite-plugin-pwa registers the service worker from the bundle (injectRegister: false): no registerSW.js.
  expect(html).not.toContain('registerSW');
});

test('log in, open screens and dialogs, export a PDF and an Excel file, open a server PDF: no CSP violation', async () => {
  const user = await ensureUser('e2e.csp', ALL_CODES);
  const context = await newContext(browser, { width: 820, height: 1180 });
  const csp = await watchCsp(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));

  const main = await page.goto('/');
  const header = main?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self'");
  expect(header).toContain("connect-src 'self'");
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('navigation', { name: LABELS.menu.navigation }).waitFor();

  // Actividades: the list, then both exports (built in the export worker).
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.actividades, MENU.administrativo);
  const activities = page.getByRole('table', { name: LABELS.actividades.title });
  await activities.locator('tbody tr').first().waitFor();
  for (const button of [LABELS.exportPdf, LABELS.exportExcel]) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
    expect(readFileSync((await file.path())!).length).toBeGreaterThan(500);
  }
  expect(workers.some((u) => /export-worker/.test(u))).toBe(true);

  // Salidas: the new-exit dialog (Radix dialog and its scroll lock) opened and closed.
  await openFromMenu(page, LABELS.menu.almacen, LABELS.menu.salidas, MENU.almacen);
  await page.getByRole('heading', { name: LABELS.salidas.title }).waitFor();
  await page.getByRole('button', { name: LABELS.newRecord, exact: true }).click();
  const exitForm = page.getByRole('dialog', { name: LABELS.salidas.create, exact: true });
  await exitForm.waitFor();
  await exitForm.getByRole('button', { name: LABELS.close, exact: true }).last().click();
  await exitForm.waitFor({ state: 'detached' });

  // Maquinarias: the list, and the wear PDF built by the server, opened in a new tab from a blob: address.
  await openFromMenu(page, LABELS.menu.administrativo, LABELS.menu.maquinarias, MENU.administrativo);
  const machines = page.getByRole('table', { name: LABELS.maquinarias.title });
  const firstRow = machines.locator('tbody tr').first();
  await firstRow.waitFor();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    firstRow.getByRole('button', { name: LABELS.maquinarias.wearPdf }).click(),
  ]);
  await expect.poll(() => tab.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await tab.waitForLoadState('load').catch(() => undefined);

  // Usuarios: a list and its permission dialog.
  await openFromMenu(page, LABELS.menu.configuracion, LABELS.menu.usuarios, MENU.configuracion);
  await page.getByRole('table').locator('tbody tr').first().waitFor();
  await page.waitForTimeout(500);

  expect(await csp.violations()).toEqual([]);
  expect(csp.console).toEqual([]);

  // The control: an inline script and a request to another origin are refused and seen by the same listener.
  const before = (await csp.violations(page)).length;
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
    await fetch('http://127.0.0.2:9/robado').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  const seen = (await csp.violations(page)).slice(before).map((v) => v.directive);
  expect(seen).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^connect-src/)]));
  await context.close();
}, 240_000);
