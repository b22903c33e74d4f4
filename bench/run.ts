// `npm run bench`: warehouse reads on generated data in a PGlite database, and on PostgreSQL when
// BENCH_DATABASE_URL is set (throw-away databases there, dropped after); then the Salidas screen with
// 10,000 rows in Chromium (exits-screen.ts). The databases and the app start the way the server tests
// start theirs (tests/server/global-setup.ts and helpers.ts).
import { ALL_CODES } from '@shared/auth/permissions';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import { runExitsScreen } from './exits-screen';
import { cases, exitsAgainstSql, generate, timeCases, type Result } from './warehouse';

/** Most the exits list may take against PostgreSQL building the same JSON by itself. */
const EXITS_RATIO_GOAL = 1.5;

async function runOn(label: string, databaseUrl: string | undefined): Promise<void> {
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
      print(await timeCases(t.app, token, await cases(t.database.db)));
      const r = await exitsAgainstSql(t.app, token, t.database.db);
      const verdict = r.ratio <= EXITS_RATIO_GOAL ? 'within' : 'ABOVE';
      console.log(
        `exits list, all 10,000: ${r.endpoint.toFixed(1)} ms against ${r.sql.toFixed(1)} ms for the same JSON built by SQL alone: ` +
          `${r.ratio.toFixed(2)}× (${verdict} the ${EXITS_RATIO_GOAL}× goal)`,
      );
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

async function main(): Promise<void> {
  await runOn('PGlite', undefined);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await runOn('PostgreSQL', url);
  if (!process.argv.includes('--server-only')) await runExitsScreen();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
