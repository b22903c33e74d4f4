// A restore of a large office onto an empty PostgreSQL database: the machinery, plans and indicators benches' fleet
// (500 machines, 3 years of daily reports, state intervals, failures, repairs, work orders; about 1.5 million rows),
// backed up with the Operations page's own code (ops/backup.ts) and restored into a new database. Run alone:
// `BENCH_DATABASE_URL=postgres://… npx tsx bench/restore.ts`, or `npm run bench -- --only=restore`.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client';
import { restoreBackup, writeBackup } from '../src/server/ops/backup';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp } from '../tests/server/helpers';
import { figure, type Figure } from './figures';
import { generateIndicadores } from './indicadores';
import { generateMachinery } from './machinery';
import { generatePlanes } from './planes';

/** Goal for the restore of that office, s: an office back at work within a couple of minutes of choosing the file. */
export const RESTORE_GOAL_S = 120;

const seconds = (t0: number) => (performance.now() - t0) / 1000;

export async function runRestore(): Promise<Figure[]> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_DATABASE_URL = url;
  const dir = mkdtempSync(join(tmpdir(), 'maq-bench-restore-'));
  const file = join(dir, 'respaldo.jsonl.gz');
  const name = `bench_restore_${process.pid}`;
  const teardown = await setupTemplate();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const t = await createTestApp();
    let backup: { rows: number; seconds: number };
    try {
      const t0 = performance.now();
      await generateMachinery(t.database.db);
      await generatePlanes(t.database.db);
      await generateIndicadores(t.database.db);
      console.log(`\nrestore: the office generated in ${seconds(t0).toFixed(1)} s`);
      const t1 = performance.now();
      const s = await writeBackup(t.database, file);
      backup = { rows: s.rows, seconds: seconds(t1) };
      console.log(
        `backup: ${s.tables} tables, ${s.rows} rows, ${(statSync(file).size / 1e6).toFixed(1)} MB in ${backup.seconds.toFixed(1)} s`,
      );
    } finally {
      await t.close();
    }
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const target = await openPostgres(url.replace(/\/[^/]*$/, `/${name}`));
    let restored: number;
    try {
      const t2 = performance.now();
      await restoreBackup(target, file);
      restored = seconds(t2);
    } finally {
      await target.close();
    }
    console.log(`restore: ${backup.rows} rows onto an empty database in ${restored.toFixed(1)} s (goal ≤ ${RESTORE_GOAL_S} s)`);
    return [
      figure('restore (PostgreSQL)', `backup of ${backup.rows} rows`, backup.seconds, 's'),
      figure('restore (PostgreSQL)', `restore of ${backup.rows} rows onto an empty database`, restored, 's', {
        op: '<=',
        value: RESTORE_GOAL_S,
      }),
    ];
  } finally {
    await admin.query(`drop database if exists ${name}`).catch(() => undefined);
    await admin.end();
    await teardown();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRestore().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
