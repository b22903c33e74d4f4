// Salidas screen benchmark: 10,000 exits of the current month in a temp PGlite, the built PWA served by the real app,
// Debian Chromium (playwright-core) timing the first rows, 'Mostrar todo', search keystrokes, sorting and long tasks.
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { LABELS } from '@shared/messages';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, type Db } from '../src/server/db/client';
import { seedBase } from '../src/server/db/seed/base';

const EXITS = 10_000;
const PASSWORD = 'Bench-pantalla-1';
const SECRET = 'bench-screen-secret-bench-screen-secret';
/** Budgets of the verdict: a step slower than this, or a main-thread task longer than that, is 'slow'. */
const STEP_BUDGET_MS = 1000;
const TASK_BUDGET_MS = 200;

/** Today in Lima (the client's default date filter is the first of this month to today). */
export function limaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** EXITS exits spread over the current month so far, two lines each, on 20 machines and 50 operators. */
async function generateExits(db: Db): Promise<number> {
  const today = limaToday();
  const first = `${today.slice(0, 8)}01`;
  const days = Number(today.slice(8, 10));
  await db.execute(sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
    select 'B' || lpad(g::text, 5, '0'), 'Insumo de prueba ' || g, 'b' || lpad(g::text, 5, '0') || ' insumo de prueba ' || g,
      (select min(unimed_id) from unimeds)
    from generate_series(1, 300) g`);
  await db.execute(sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica)
    select 'MAQUINA ' || g, 'CATERPILLAR', '950H', 'BN-' || lpad(g::text, 3, '0'), 2015 from generate_series(1, 20) g`);
  await db.execute(sql`insert into operadores (dni, nombres)
    select (50000000 + g)::text, 'OPERADOR ' || g from generate_series(1, 50) g`);
  await db.execute(sql`insert into salidas (nro_vale, fecha, maquinaria_id, operador_id)
    select 'V-' || lpad(g::text, 6, '0'), ${first}::date + (g % ${days}), mq.m + (g % 20), op.m + (g % 50)
    from generate_series(1, ${EXITS}) g, (select min(id) m from maquinarias) mq, (select min(operador_id) m from operadores) op`);
  await db.execute(sql`insert into salidas_det (salida_id, insumo_id, cantidad)
    select sa.id, b.m + ((sa.id * 7 + k) % 300), 1 + k from salidas sa, generate_series(0, 1) k, (select min(id) m from insumos) b`);
  // An admin with every role whose password is no longer the default one (no forced change screen).
  await db.execute(sql`update usuarios set default_password = 0 where username = 'admin'`);
  await db.execute(sql`analyze`);
  const r = (await db.execute(sql`select count(*)::int as n from salidas where fecha between ${first} and ${today}`)) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0].n;
}

function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim() || null;
  } catch {
    return null;
  }
}

/** Runs in the page before the app: long-task log, and the `__name` helper tsx adds to functions sent to evaluate. */
const INIT_SCRIPT = `
window.__name = (f) => f;
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch {}
`;

/** What a step does in the page, and what must be on screen for it to be done. */
type Act =
  { kind: 'click'; selector: string; text: string } | { kind: 'select' | 'type'; selector: string; value: string } | { kind: 'scrollEnd' };
interface Until {
  /** Exact text of the 'Mostrando X a Y de Z registros' line (prefix). */
  info?: string;
  /** First data row's voucher (2nd cell) starts with this. */
  firstVale?: string;
  /** A row with this data-index is rendered. */
  rowIndex?: number;
}
interface StepResult {
  ms: number;
  longestTask: number;
  maxFrameGap: number;
  info: string;
}

/** In the page: does `act`, then checks `until` on every animation frame; times it and its long tasks. */
async function pageStep(arg: { act: Act; until: Until; timeoutMs: number }): Promise<StepResult> {
  const { act, until, timeoutMs } = arg;
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  const infoText = () => document.querySelector('[data-testid="table-info"]')?.textContent?.trim() ?? '';
  const met = () => {
    if (until.info !== undefined && !infoText().startsWith(until.info)) return false;
    if (until.firstVale !== undefined) {
      const row = document.querySelector('table tbody tr:not([aria-hidden])');
      if (!row?.children[1]?.textContent?.startsWith(until.firstVale)) return false;
    }
    if (until.rowIndex !== undefined && !document.querySelector(`table tbody tr[data-index="${until.rowIndex}"]`)) return false;
    return true;
  };
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  await frame();
  const t0 = performance.now();
  if (act.kind === 'click') {
    const el = [...document.querySelectorAll<HTMLElement>(act.selector)].find((e) => e.textContent?.trim() === act.text);
    if (!el) throw new Error(`no ${act.selector} '${act.text}'`);
    el.click();
  } else if (act.kind === 'scrollEnd') {
    const box = document.querySelector<HTMLElement>('[data-testid="table-scroll"]');
    if (!box) throw new Error('no table-scroll');
    box.scrollTop = box.scrollHeight;
  } else {
    const el = document.querySelector<HTMLInputElement | HTMLSelectElement>(act.selector);
    if (!el) throw new Error(`no ${act.selector}`);
    const proto = act.kind === 'select' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, act.value);
    el.dispatchEvent(new Event(act.kind === 'select' ? 'change' : 'input', { bubbles: true }));
  }
  let last = t0;
  let maxFrameGap = 0;
  for (;;) {
    const now = await frame();
    maxFrameGap = Math.max(maxFrameGap, now - last);
    last = now;
    if (met()) break;
    if (now - t0 > timeoutMs) throw new Error(`timeout; table info: '${infoText()}'`);
  }
  const t1 = performance.now();
  // Two more frames: the paint of the final state, and late long-task entries.
  for (let i = 0; i < 2; i++) {
    const now = await frame();
    maxFrameGap = Math.max(maxFrameGap, now - last);
    last = now;
  }
  await new Promise((r) => setTimeout(r, 30));
  const longestTask = w.__longTasks
    .filter((e) => e.start + e.duration >= t0 && e.start <= last)
    .reduce((m, e) => Math.max(m, e.duration), 0);
  return { ms: t1 - t0, longestTask, maxFrameGap, info: infoText() };
}

interface ScreenResult extends StepResult {
  name: string;
  rows: number;
}
interface ListCall {
  ms: number;
  ttfb: number;
  kb: number;
}

/** The first POST /api/salidas/list the page made (resource timing): total, time to first byte, size. */
async function firstListCall(page: Page): Promise<ListCall | null> {
  return page.evaluate(() => {
    const r = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/salidas/list')) as
      PerformanceResourceTiming | undefined;
    return r ? { ms: r.responseEnd - r.startTime, ttfb: r.responseStart - r.startTime, kb: r.encodedBodySize / 1024 } : null;
  });
}

async function measure(page: Page, n: number): Promise<{ results: ScreenResult[]; list: ListCall | null }> {
  const info = (from: number, to: number, total: number) => ({ info: LABELS.tableInfo(from, to, total) });
  const pageSize = (value: string): Act => ({ kind: 'select', selector: `select[aria-label="${LABELS.show}"]`, value });
  const search = (value: string): Act => ({ kind: 'type', selector: 'input[type="search"]', value });
  const sortVale: Act = { kind: 'click', selector: 'table thead th button', text: LABELS.salidas.voucher };
  // 'V-0012' typed one key at a time: V, V-, V-0 match all, V-00 all but V-010000, V-001 1,000, V-0012 100.
  const query = 'V-0012';
  const hits = [n, n, n, n - 1, 1000, 100];
  const steps: [string, number, Act, Until][] = [
    ['open Salidas from the menu (page of 10)', 10, { kind: 'click', selector: 'nav a', text: LABELS.menu.salidas }, info(1, 10, n)],
    ["page size 'Mostrar todo'", n, pageSize('-1'), info(1, n, n)],
    ['scroll to the last row', n, { kind: 'scrollEnd' }, { rowIndex: n - 1 }],
    ...hits.map((h, i): [string, number, Act, Until] => [
      `search keystroke '${query.slice(0, i + 1)}'`,
      h,
      search(query.slice(0, i + 1)),
      info(1, h, h),
    ]),
    ['clear the search', n, search(''), info(1, n, n)],
    [`sort by '${LABELS.salidas.voucher}' ascending`, n, sortVale, { firstVale: 'V-000001' }],
    [`sort by '${LABELS.salidas.voucher}' descending`, n, sortVale, { firstVale: `V-${String(EXITS).padStart(6, '0')}` }],
    ['page size 10 again', 10, pageSize('10'), info(1, 10, n)],
  ];
  // Log in (admin, non-default password), wait for the welcome screen, open the Almacen group of the side menu.
  await page.goto('/');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: LABELS.shell.signIn, exact: true }).click();
  await page.getByText(LABELS.shell.welcome('Administrador del Sistema')).waitFor({ timeout: 30_000 });
  const group = page.getByRole('navigation', { name: LABELS.menu.navigation }).getByRole('button', { name: LABELS.menu.almacen });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  const results: ScreenResult[] = [];
  for (const [name, rows, act, until] of steps) {
    results.push({ name, rows, ...(await page.evaluate(pageStep, { act, until, timeoutMs: 60_000 })) });
  }
  return { results, list: await firstListCall(page) };
}

function print({ results, list }: { results: ScreenResult[]; list: ListCall | null }): void {
  const w = Math.max(...results.map((r) => r.name.length), 4);
  const head = `${'name'.padEnd(w)} | ${'rows'.padStart(6)} | ${'ms'.padStart(7)} | ${'long task ms'.padStart(12)} | ${'frame gap ms'.padStart(12)}`;
  console.log(head);
  console.log(head.replace(/[^|]/g, '-'));
  for (const r of results) {
    const cols = [r.ms.toFixed(0).padStart(7), r.longestTask.toFixed(0).padStart(12), r.maxFrameGap.toFixed(0).padStart(12)];
    console.log(`${r.name.padEnd(w)} | ${String(r.rows).padStart(6)} | ${cols.join(' | ')}`);
  }
  const api = list
    ? `POST /api/salidas/list answered in ${list.ms.toFixed(0)} ms (first byte ${list.ttfb.toFixed(0)} ms, ${list.kb.toFixed(0)} kB)`
    : '';
  if (list) console.log(`first load: ${api}; the rest is the client (lazy screen chunk, JSON, device cache, render)`);
  const slow = results.filter((r) => r.ms > STEP_BUDGET_MS || r.longestTask > TASK_BUDGET_MS);
  const worst = results.reduce((a, b) => (b.longestTask > a.longestTask ? b : a));
  const detail = (r: ScreenResult) =>
    `${r.name}: ${r.ms.toFixed(0)} ms, long task ${r.longestTask.toFixed(0)} ms${r === results[0] && list ? ` (${api})` : ''}`;
  console.log(
    slow.length === 0
      ? `Verdict: RESPONSIVE — every step under ${STEP_BUDGET_MS} ms, longest main-thread task ${worst.longestTask.toFixed(0)} ms (${worst.name}).`
      : `Verdict: SLOW — ${slow.map(detail).join('; ')} (budgets ${STEP_BUDGET_MS} ms per step, ${TASK_BUDGET_MS} ms per task).`,
  );
}

/** The whole screen benchmark; prints its table and verdict (skipped with a note when Chromium is missing). */
export async function runExitsScreen(): Promise<void> {
  const executablePath = chromiumPath();
  console.log(`\nSalidas screen in Chromium (PGlite, ${EXITS} exits dated this month):`);
  if (!executablePath) {
    console.log('skipped: Chromium not found (install the `chromium` package or set CHROMIUM_PATH)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'maq-bench-screen-'));
  const staticDir = join(dir, 'client');
  const database = await openPglite(null);
  try {
    let t0 = performance.now();
    const build = spawnSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`vite build failed (${build.status})`);
    console.log(`client built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await database.migrate();
    await seedBase(database.db, PASSWORD);
    t0 = performance.now();
    const n = await generateExits(database.db);
    console.log(`${n} exits generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', SEED: 'none', STATIC_DIR: staticDir });
    const app = await buildApp(config, { database, logger: false, serveStatic: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
        viewport: { width: 1280, height: 800 },
        locale: 'es-PE',
        timezoneId: 'America/Lima',
        // The service worker's precache download would run during the steps; the screen is what is measured.
        serviceWorkers: 'block',
      });
      await context.addInitScript({ content: INIT_SCRIPT });
      print(await measure(await context.newPage(), n));
    } finally {
      await browser.close();
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
