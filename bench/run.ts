// `npm run bench`: warehouse reads on generated data in a PGlite temp database, and on PostgreSQL
// when BENCH_DATABASE_URL is set (a throw-away database is created there and dropped after); then the
// Salidas screen with 10,000 rows in Chromium (exits-screen.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ALL_CODES } from '@shared/auth/permissions';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { seedBase } from '../src/server/db/seed/base';
import { signToken } from '../src/server/lib/tokens';
import { runExitsScreen } from './exits-screen';
import { cases, generate, timeCases, type Result } from './warehouse';

const SECRET = 'bench-secret-bench-secret-bench-secret';

async function runOn(label: string, database: Database, dataDir: string): Promise<void> {
  await database.migrate();
  await seedBase(database.db, 'Bench-clave-1');
  const t0 = performance.now();
  const counts = await generate(database.db);
  const genMs = performance.now() - t0;
  console.log(
    `\n${label}: ${counts.supplies} supplies, ${counts.exits} exits, ${counts.movements} movements generated in ${(genMs / 1000).toFixed(1)} s`,
  );
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', SEED: 'none' });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const { token } = await signToken(SECRET, 3600, {
    user: { id: 1, fullName: 'admin', matchPassword: false },
    area: { id: 1, name: 'bench' },
    roles: ALL_CODES,
  });
  print(await timeCases(app, token, await cases(database.db)));
  await app.close();
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
  const dir = mkdtempSync(join(tmpdir(), 'maq-bench-'));
  try {
    const lite = await openPglite(null);
    try {
      await runOn('PGlite (in memory)', lite, dir);
    } finally {
      await lite.close();
    }
    const url = process.env.BENCH_DATABASE_URL;
    if (url) {
      const name = `bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const database = await openPostgres(u.toString());
      try {
        await runOn('PostgreSQL', database, dir);
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await runExitsScreen();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
