// Builds one migrated, base-seeded template database per test run (PGlite dump, or a PostgreSQL
// template database when TEST_DATABASE_URL is set); each test file clones it (see helpers.ts).
// The benchmark (bench/run.ts) starts its databases the same way.
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { seedBase } from '../../src/server/db/seed/base';
import { TEST_PASSWORD } from './constants';

export function dbUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Clones of the PostgreSQL template are named `<template>_<n>`; this pattern finds them for the teardown. */
const clonesOf = (template: string) => `${template.replace(/_/g, '\\_')}\\_%`;

/** Builds the template and publishes it in TEST_PG_TEMPLATE / TEST_PGLITE_TEMPLATE; answers its teardown. */
export default async function setup(): Promise<() => Promise<void>> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openPostgres(dbUrl(pgUrl, name));
    await database.migrate();
    await seedBase(database.db, TEST_PASSWORD);
    await database.close();
    process.env.TEST_PG_TEMPLATE = name;
    return async () => {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname LIKE $1`, [clonesOf(name)]);
      const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [clonesOf(name)]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname}`);
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
      delete process.env.TEST_PG_TEMPLATE;
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'maq-test-'));
  const database = await openPglite(null);
  await database.migrate();
  await seedBase(database.db, TEST_PASSWORD);
  const client = (database as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client;
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.TEST_PGLITE_TEMPLATE = file;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.TEST_PGLITE_TEMPLATE;
  };
}
