// Test helpers: a fresh app on a clone of the template database, login, and request shortcuts.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { usuarios } from '../../src/server/db/schema/index';
import type { LogDestination } from '../../src/server/lib/log-options';
import { hashPassword } from '../../src/server/lib/passwords';
import { signToken } from '../../src/server/lib/tokens';
import { TEST_JWT_SECRET, TEST_PASSWORD } from './constants';
import { dbUrl } from './global-setup';
import { RANGE_MONTHS, rangeFirstDay } from '../../src/shared/contract/ranges';
import { limaDate } from '../../src/shared/domain/dates';

export { TEST_PASSWORD };

/** The widest range a bounded list answers, ending `ffin` (today unless given): contract/ranges.ts. */
export function widest(resource: keyof typeof RANGE_MONTHS, ffin = limaDate()) {
  return { fini: rangeFirstDay(ffin, RANGE_MONTHS[resource]), ffin };
}

let counter = 0;

/** The running test file; empty outside Vitest (the benchmarks start their apps with these helpers too). */
function testPath(): string {
  try {
    return expect.getState().testPath ?? '';
  } catch {
    return '';
  }
}

/**
 * The DATA_DIR of this test file's apps (photos, exports, backups). Files run side by side in two processes, and one
 * process runs many files one after the other (the server project is not isolated), so the folder is named after both.
 */
function dataDir(): string {
  const file = createHash('sha1').update(testPath()).digest('hex').slice(0, 10);
  return `/tmp/maq-test-data-${process.pid}-${file}`;
}

/** The PostgreSQL address of each cloned database, so a second app can open its own pool on it (twinApp). */
const urls = new WeakMap<Database, string>();

async function cloneDatabase(): Promise<Database> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_PG_TEMPLATE;
  if (pgUrl && template) {
    // The random part keeps names apart when a file loads this module again (a mock's reload resets the counter).
    const name = `${template}_${process.pid}_${++counter}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const database = await openPostgres(dbUrl(pgUrl, name));
    urls.set(database, dbUrl(pgUrl, name));
    return database;
  }
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (!file) throw new Error('global-setup did not run');
  return openPglite(null, new Blob([readFileSync(file)]));
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A new app on its own copy of the migrated, base-seeded database (admin has every role). */
/** `logStream` turns request logging on (at LOG_LEVEL, 'silent' unless `env` says otherwise) and collects its lines. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { serveStatic?: boolean; logStream?: LogDestination; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const database = await cloneDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir(),
    JWT_SECRET: TEST_JWT_SECRET,
    DEFAULT_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, {
    database,
    logger: !!opts.logStream,
    logStream: opts.logStream,
    serveStatic: opts.serveStatic,
    onRoute: opts.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second server on the same database as `t` (its own Fastify instance and in-memory state; on PostgreSQL
 * also its own connection pool), as two processes behind a proxy would be. On PGlite both share the engine.
 */
export async function twinApp(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const url = urls.get(t.database);
  const database = url ? await openPostgres(url) : t.database;
  const config = loadConfig({
    DATA_DIR: dataDir(),
    JWT_SECRET: TEST_JWT_SECRET,
    DEFAULT_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (url) await database.close();
    },
  };
}

export async function login(app: FastifyInstance, username = 'admin', password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

/** Request with a bearer token and, for non-GET, a fresh Idempotency-Key unless one is given. */
export function call(app: FastifyInstance, token: string | null, opts: InjectOptions & { key?: string }) {
  const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.method && opts.method !== 'GET') headers['idempotency-key'] = opts.key ?? randomUUID();
  const { key: _key, ...rest } = opts;
  return app.inject({ ...rest, headers });
}

let userSeq = 0;
let testHash: Promise<string> | null = null;

export interface TestUser {
  id: number;
  username: string;
  token: string;
}

/** Inserts a user holding `roles` (password TEST_PASSWORD) and signs a session token for it without a login. */
export async function createUser(
  t: TestApp,
  roles: number[],
  opts: { username?: string; estado?: number; defaultPassword?: number } = {},
): Promise<TestUser> {
  const username = opts.username ?? `u${process.pid}_${++userSeq}`;
  const [u] = await t.database.db
    .insert(usuarios)
    .values({
      username,
      fullName: `Usuario ${username}`,
      passwordHash: await (testHash ??= hashPassword(TEST_PASSWORD)),
      defaultPassword: opts.defaultPassword ?? 0,
      estado: opts.estado ?? 1,
      roles,
    })
    .returning({ id: usuarios.id });
  const { token } = await signToken(TEST_JWT_SECRET, 3600, {
    user: { id: u.id, fullName: username, matchPassword: false },
    area: { id: 0, name: '' },
    roles,
  });
  return { id: u.id, username, token };
}

/** Lima wall time → ISO instant (Lima is UTC−5 all year), for rows written straight to the database. */
export const limaInstant = (d: string, hhmm = '00:00') => new Date(`${d}T${hhmm}:00-05:00`).toISOString();
