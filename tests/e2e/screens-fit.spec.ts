// Every screen of the side menu, on an upright tablet (820×1180) and on a desktop: it opens from the menu, shows
// its title, and neither the page, its tables nor its 'Nuevo' form scroll sideways (a clerk must reach every
// field and button without it). Screenshots of each go to test-results/ for a person to look at.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ALL_CODES } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { MENU_GROUPS } from '../../src/client/app/menu';
import { ensureUser, USER_PASSWORD } from './api';
import { discardChanges, launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The tablet is a touch screen (a coarse pointer): there every control must be at least 44×44 CSS px.
const VIEWPORTS = [
  { name: 'tableta', width: 820, height: 1180, touch: true },
  { name: 'escritorio', width: 1366, height: 800, touch: false },
];

/** Visible controls smaller than 44×44 px (on a touch screen), named by their role and text. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const sel =
      'a[href], button, select, textarea, input:not([type=hidden]), [role=button], [role=checkbox], [role=combobox], [role=menuitem], [role=option], [role=tab], [role=switch]';
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const style = getComputedStyle(el);
      // Links inside a sentence are text, not targets; hidden and inert things are not tapped.
      if (style.display === 'inline' || style.visibility === 'hidden' || el.closest('[inert], [aria-hidden=true]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Fields and rows of a list are as wide as their box; what counts for them is the height.
      const wide = el.matches('input, select, textarea, [role=combobox], [role=option], [role=menuitem], a[href]');
      if (r.height < 43.5 || (!wide && r.width < 43.5)) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.getAttribute('role') ?? el.tagName.toLowerCase()} «${name}» ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  });
}

/** Opens a menu entry; on a tablet the menu is a drawer that starts closed (inert). */
async function openEntry(page: Page, group: string, entry: string): Promise<void> {
  const groupButton = page.getByRole('button', { name: group, exact: true });
  if (await groupButton.evaluate((el) => el.closest('[inert]') !== null))
    await page.getByRole('button', { name: LABELS.menu.toggle }).click();
  // Look inside this group's list (an entry's name could repeat in another group).
  const listId = await groupButton.getAttribute('aria-controls');
  const link = page.locator(`[id="${listId}"]`).getByRole('link', { name: entry, exact: true });
  if (!(await link.isVisible())) await groupButton.click();
  await link.click();
}

/** Widths that overflow: the document, every table scroller and an open dialog (their content vs their box). */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) out.push(`página ${doc.scrollWidth} > ${window.innerWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid=table-scroll]')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`tabla ${el.scrollWidth} > ${el.clientWidth}`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[role=dialog]')) {
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 || box.left < -1) out.push(`diálogo fuera de la pantalla (${box.left}–${box.right})`);
      for (const inner of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(inner);
        if (!/(auto|scroll)/.test(style.overflowX)) continue;
        // The line tables of a form scroll inside themselves like the lists (their scroller is checked above).
        if (inner.dataset.testid === 'table-scroll') continue;
        if (inner.scrollWidth > inner.clientWidth + 1) out.push(`diálogo ${inner.scrollWidth} > ${inner.clientWidth}`);
      }
    }
    return out;
  });
}

const entries = MENU_GROUPS.flatMap((g) => g.entries.map((e) => ({ group: g.label, entry: e.label, screen: e.screen })));

for (const viewport of VIEWPORTS) {
  test(`every menu screen fits a ${viewport.name} (${viewport.width}×${viewport.height}), its 'Nuevo' form too`, async () => {
    const user = await ensureUser('pantallas_todas', ALL_CODES);
    const context = await newContext(browser, { width: viewport.width, height: viewport.height }, { hasTouch: viewport.touch });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginAs(page, user, USER_PASSWORD);
    await page.getByRole('navigation', { name: LABELS.menu.navigation }).waitFor({ state: 'attached' });
    const problems: string[] = [];
    const main = page.locator('main');
    const title = () => main.locator('h1, h2').first().textContent();
    for (const { group, entry, screen } of entries) {
      const before = await title();
      await openEntry(page, group, entry);
      // Every screen has its own title: wait until the one of the previous screen has gone.
      await expect.poll(title, { timeout: 20_000 }).not.toBe(before);
      // Lists show rows or their empty line before the check (a list still loading has nothing to measure).
      await page.waitForFunction(() => !document.querySelector('main [aria-busy=true]'));
      const name = `pantalla-${viewport.name}-${screen}-${entry.replace(/\W+/g, '_')}`;
      await shot(page, name);
      for (const p of await overflows(page)) problems.push(`${entry}: ${p}`);
      if (viewport.touch) for (const p of await smallTargets(page)) problems.push(`${entry}: ${p}`);
      const create = main.getByRole('button', { name: LABELS.newRecord, exact: true });
      if ((await create.count()) > 0 && (await create.first().isEnabled())) {
        await create.first().click();
        const dialog = page.getByRole('dialog');
        await dialog.first().waitFor();
        await page.waitForTimeout(300); // the dialog's open animation
        await shot(page, `${name}-nuevo`);
        for (const p of await overflows(page)) problems.push(`${entry} (Nuevo): ${p}`);
        if (viewport.touch) for (const p of await smallTargets(page)) problems.push(`${entry} (Nuevo): ${p}`);
        // The spec's modals ignore Escape: close with the header's ✕.
        await dialog.first().getByRole('button', { name: LABELS.close, exact: true }).click();
        if (await page.getByRole('dialog', { name: MSG.discardTitle }).isVisible()) await discardChanges(page);
        await dialog.first().waitFor({ state: 'detached' });
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
