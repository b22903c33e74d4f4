// `npm run bench`: warehouse reads on generated data in a PGlite database, and on PostgreSQL when
// BENCH_DATABASE_URL is set (throw-away databases there, dropped after); the PDF against pdfmake; then, on one
// built client and a server with 10,000 exits, the Salidas screen in Chromium against DataTables (exits-screen.ts),
// the login bundle, the warm offline start and the outbox replay (offline.ts), the login page's blocking time and time to
// interactive with the CPU slowed 4× on a LAN link (login-page.ts); the load run of bench/load.ts with
// BENCH_LOAD=1; the exits list over HTTP, plain and compressed, against PostgreSQL building its JSON (lists.ts); the valued kardex and a backdated exit on a supply of 200,000 movements (valuation.ts). Every figure, its goal and verdict go to one summary table and to a JSON file (BENCH_OUT, default
// bench/results/latest.json). The databases and the app start the way the server tests start theirs
// (tests/server/global-setup.ts and helpers.ts). The lists of a month and a year after 1, 10 (and 50) years of history on
// PostgreSQL (scale.ts); a large office's backup restored onto an empty PostgreSQL database (restore.ts). Parts:
// `--only=server,lists,valuation,pdf,screen,offline,login,load,scale,restore` (default all).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_CODES } from '@shared/auth/permissions';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import { runExitsScreen, startRig } from './exits-screen';
import { chromiumPath } from '../tests/e2e/chromium';
import { figure, machine, printSummary, writeResults, type Figure } from './figures';
import type { LoadFigures } from './load';
import { runLists } from './lists';
import { runLoginPage } from './login-page';
import { runOffline } from './offline';
import { runPdf } from './pdf';
import { runRestore } from './restore';
import { runScale } from './scale';
import { generateHojaDeVida, HOJA_BUDGET_MS, timeHojaDeVida } from './hojadevida';
import { generateIndicadores, INDICADORES_BUDGET_MS, timeIndicadores } from './indicadores';
import { generateMachinery, MACHINERY_BUDGET_MS, timeMachinery } from './machinery';
import { generatePlanes, PLANES_BUDGET_MS, timePlanes } from './planes';
import { generateValuation, timeValuation, VALUATION } from './valuation';
import { cases, exitsAgainstSql, generate, timeCases, type Result } from './warehouse';

/** Most the exits list may take against PostgreSQL building the same JSON by itself. */
const EXITS_RATIO_GOAL = 1.5;

async function runOn(label: string, databaseUrl: string | undefined): Promise<Figure[]> {
  const group = `server (${label})`;
  const figures: Figure[] = [];
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const teardown = await setupTemplate();
  try {
    const t = await createTestApp();
    try {
      const t0 = performance.now();
      const counts = await generate(t.database.db);
      const genMs = performance.now() - t0;
      console.log(
        `\n${label}: ${counts.supplies} supplies, ${counts.exits} exits, ${counts.movements} movements generated in ${(genMs / 1000).toFixed(1)} s`,
      );
      const { token } = await createUser(t, ALL_CODES);
      const timed = await timeCases(t.app, token, await cases(t.database.db));
      print(timed);
      for (const c of timed) figures.push(figure(group, c.name, c.median, 'ms', undefined, { rows: c.rows, p95: c.p95 }));
      const r = await exitsAgainstSql(t.app, token, t.database.db);
      figures.push(
        figure(
          group,
          'exits list against the same JSON built by SQL alone',
          r.ratio,
          '×',
          { op: '<=', value: EXITS_RATIO_GOAL },
          {
            endpointMs: r.endpoint,
            sqlMs: r.sql,
          },
        ),
      );
      const verdict = r.ratio <= EXITS_RATIO_GOAL ? 'within' : 'ABOVE';
      console.log(
        `exits list, all 10,000: ${r.endpoint.toFixed(1)} ms against ${r.sql.toFixed(1)} ms for the same JSON built by SQL alone: ` +
          `${r.ratio.toFixed(2)}× (${verdict} the ${EXITS_RATIO_GOAL}× goal)`,
      );
      const m0 = performance.now();
      const mc = await generateMachinery(t.database.db);
      console.log(
        `\n${label}: ${mc.machines} machines, ${mc.parts} part assignments, ${mc.reports} daily reports generated in ${((performance.now() - m0) / 1000).toFixed(1)} s`,
      );
      for (const x of await timeMachinery(t.app, token)) {
        const within = x.median <= MACHINERY_BUDGET_MS ? 'within' : 'ABOVE';
        console.log(
          `${x.name}: median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${x.bytes} bytes (${within} ${MACHINERY_BUDGET_MS} ms)`,
        );
        figures.push(
          figure(
            group,
            `${x.name} (${mc.machines} machines)`,
            x.median,
            'ms',
            { op: '<=', value: MACHINERY_BUDGET_MS },
            {
              p95: x.p95,
              bytes: x.bytes,
            },
          ),
        );
      }
      const p0 = performance.now();
      const pc = await generatePlanes(t.database.db);
      console.log(
        `\n${label}: ${pc.plans} plans, ${pc.tasks} tasks, ${pc.reports} daily reports (3 years) generated in ${((performance.now() - p0) / 1000).toFixed(1)} s`,
      );
      const pl = await timePlanes(t.app, token);
      console.log(
        `${pl.name}: ${pl.rows} rows, median ${pl.median.toFixed(1)} ms, p95 ${pl.p95.toFixed(1)} ms (${pl.median <= PLANES_BUDGET_MS ? 'within' : 'ABOVE'} ${PLANES_BUDGET_MS} ms)`,
      );
      figures.push(
        figure(
          group,
          `${pl.name} (${pc.tasks} tasks)`,
          pl.median,
          'ms',
          { op: '<=', value: PLANES_BUDGET_MS },
          { p95: pl.p95, rows: pl.rows },
        ),
      );
      // One machine with three years of history among that fleet: its record (hoja de vida).
      const h = await generateHojaDeVida(t.database.db);
      for (const x of await timeHojaDeVida(t.app, token, h.id)) {
        const within = x.median <= HOJA_BUDGET_MS ? 'within' : 'ABOVE';
        console.log(
          `${x.name}: median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${x.bytes} bytes (${within} ${HOJA_BUDGET_MS} ms)`,
        );
        figures.push(figure(group, x.name, x.median, 'ms', { op: '<=', value: HOJA_BUDGET_MS }, { p95: x.p95, bytes: x.bytes }));
      }
      // Three years of stops, failures, repairs and work orders on that fleet: the fleet indicators and their report.
      const i0 = performance.now();
      const ic = await generateIndicadores(t.database.db);
      console.log(
        `\n${label}: ${ic.intervals} state intervals, ${ic.failures} failures, ${ic.orders} work orders generated in ${((performance.now() - i0) / 1000).toFixed(1)} s`,
      );
      for (const x of await timeIndicadores(t.app, token)) {
        const pdf = x.name.includes('PDF');
        const within = pdf || x.median <= INDICADORES_BUDGET_MS ? 'within' : 'ABOVE';
        console.log(
          `${x.name}: median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, ${x.bytes} bytes${pdf ? '' : ` (${within} ${INDICADORES_BUDGET_MS} ms)`}`,
        );
        const goal = pdf ? undefined : ({ op: '<=', value: INDICADORES_BUDGET_MS } as const);
        figures.push(figure(group, x.name, x.median, 'ms', goal, { p95: x.p95, bytes: x.bytes }));
      }
    } finally {
      await t.close();
    }
  } finally {
    await teardown();
  }
  return figures;
}

/** The valued kardex of one supply with 200,000 movements and a backdated exit before 10,000 of them, on a fresh database. */
async function runValuationOn(label: string, databaseUrl: string | undefined): Promise<Figure[]> {
  const group = `valuation (${label})`;
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const teardown = await setupTemplate();
  try {
    const t = await createTestApp();
    try {
      const t0 = performance.now();
      const d = await generateValuation(t.database.db);
      console.log(
        `\n${label}: 1 supply with ${VALUATION.movements} movements generated in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
          `(valued from its first movement in ${(d.valueMs / 1000).toFixed(1)} s)`,
      );
      const { token } = await createUser(t, ALL_CODES);
      const figures: Figure[] = [];
      for (const x of await timeValuation(t.app, token, d)) {
        const within = x.median <= x.budget ? 'within' : 'ABOVE';
        console.log(`${x.name}: ${x.rows} rows, median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms (${within} ${x.budget} ms)`);
        figures.push(figure(group, x.name, x.median, 'ms', { op: '<=', value: x.budget }, { p95: x.p95, rows: x.rows }));
      }
      figures.push(figure(group, `valuing the ${VALUATION.movements} movements from the first`, d.valueMs, 'ms'));
      return figures;
    } finally {
      await t.close();
    }
  } finally {
    await teardown();
  }
}

function print(results: Result[]): void {
  const w = Math.max(...results.map((r) => r.name.length), 4);
  console.log(`${'name'.padEnd(w)} | ${'rows'.padStart(6)} | ${'median ms'.padStart(9)} | ${'p95 ms'.padStart(8)}`);
  console.log(`${'-'.repeat(w)}-|-${'-'.repeat(6)}-|-${'-'.repeat(9)}-|-${'-'.repeat(8)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(w)} | ${String(r.rows).padStart(6)} | ${r.median.toFixed(1).padStart(9)} | ${r.p95.toFixed(1).padStart(8)}`,
    );
  }
}

/** bench/load.ts (the load run, written apart) when it exists: it needs PostgreSQL and 60 s, so only with BENCH_LOAD=1. */
async function runLoadIfPresent(): Promise<Figure[]> {
  const path = fileURLToPath(new URL('./load.ts', import.meta.url));
  if (!existsSync(path)) {
    console.log('\nLoad: bench/load.ts is not there; skipped');
    return [];
  }
  if (process.env.BENCH_LOAD !== '1') {
    console.log('\nLoad: skipped (BENCH_LOAD=1 runs it: PostgreSQL and about 60 s)');
    return [];
  }
  const mod = (await import(pathToFileURL(path).href)) as { runLoad?: (opts: Record<string, unknown>) => Promise<LoadFigures> };
  if (typeof mod.runLoad !== 'function') throw new Error('bench/load.ts does not export runLoad');
  return loadFigures(await mod.runLoad({}));
}

/** The load run's figures (bench/load.ts's LoadFigures): latency and throughput, and its invariants as goals. */
function loadFigures(r: LoadFigures): Figure[] {
  const zero = { op: '==', value: 0 } as const;
  const scenario = (label: string, x: LoadFigures['reads']) => [
    figure('load', `${label}: p50`, x.p50Ms, 'ms', undefined, { connections: x.connections, requests: x.requests }),
    figure('load', `${label}: p95`, x.p95Ms, 'ms'),
    figure('load', `${label}: requests per second`, x.perSecond, 'count'),
  ];
  return [
    ...scenario(`${r.exits.connections} clerks posting exits`, r.exits),
    ...scenario(`${r.reads.connections} readers of lists`, r.reads),
    figure('load', 'answers other than 2xx or the expected stock refusal', r.unexpected.length, 'count', zero),
    figure('load', 'duplicated exits', r.reconcile.duplicated, 'count', zero),
    figure('load', 'accepted exits not stored', r.reconcile.missing, 'count', zero),
    figure('load', 'supplies whose stock and kardex disagree', r.reconcile.mismatches.length, 'count', zero),
    figure('load', 'supplies whose stock moved other than their stored exits', r.reconcile.unbalanced.length, 'count', zero),
  ];
}

type Part = 'server' | 'lists' | 'valuation' | 'pdf' | 'screen' | 'offline' | 'login' | 'load' | 'scale' | 'restore';

async function main(): Promise<void> {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const wants = (part: Part) =>
    only ? only.includes(part) : !(process.argv.includes('--server-only') && part !== 'server' && part !== 'pdf');
  const start = machine();
  console.log(`Machine: ${start.cpus} CPU, load average ${JSON.stringify(start.loadavg)}`);
  const figures: Figure[] = [];
  if (wants('server')) {
    figures.push(...(await runOn('PGlite', undefined)));
    const url = process.env.BENCH_DATABASE_URL;
    if (url) figures.push(...(await runOn('PostgreSQL', url)));
  }
  if (wants('lists')) figures.push(...(await runLists()));
  if (wants('valuation')) {
    figures.push(...(await runValuationOn('PGlite', undefined)));
    const url = process.env.BENCH_DATABASE_URL;
    if (url) figures.push(...(await runValuationOn('PostgreSQL', url)));
  }
  if (wants('pdf')) figures.push(...(await runPdf()));
  if (wants('screen') || wants('offline') || wants('login')) {
    const executablePath = chromiumPath();
    if (!executablePath)
      console.log('\nChromium not found (install the `chromium` package or set CHROMIUM_PATH): screen and offline skipped');
    else {
      const rig = await startRig(executablePath, { exits: wants('screen') || wants('offline') });
      try {
        if (wants('login')) figures.push(...(await runLoginPage(rig)));
        if (wants('screen')) figures.push(...(await runExitsScreen(rig)));
        if (wants('offline')) figures.push(...(await runOffline(rig)));
      } finally {
        await rig.close();
      }
    }
  }
  if (wants('load')) figures.push(...(await runLoadIfPresent()));
  // The years of history need PostgreSQL: by default only where BENCH_DATABASE_URL names one.
  if (only?.includes('scale') || (wants('scale') && process.env.BENCH_DATABASE_URL)) figures.push(...(await runScale()));
  // A large office's backup restored onto an empty PostgreSQL database (restore.ts), likewise.
  if (only?.includes('restore') || (wants('restore') && process.env.BENCH_DATABASE_URL)) figures.push(...(await runRestore()));
  printSummary(figures);
  writeResults(process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/latest.json', import.meta.url)), figures, start);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
