// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Database or transaction handle (a transaction is a PgDatabase too). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** One SQL statement with $n parameters on the connection of a raw transaction; rows come back as objects. */
export type RawQuery = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Applies the migrations of another folder (a restore stops at the backup's own schema version first). */
  migrateFrom(folder: string): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection, outside Drizzle (backup and restore move every table
   * generically). On PGlite this holds the engine's lock, so the app's own queries wait for it.
   */
  rawTransaction<T>(work: (query: RawQuery) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T>;
  /**
   * Runs `work` holding the database's start-up lock, so servers that start together on one PostgreSQL migrate
   * and seed one after the other (db/prepare.ts). PGlite has one process per folder (ops/data-dir-lock.ts).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Key of the PostgreSQL advisory lock taken while a server gets the database ready ('maq-init'). */
const STARTUP_LOCK = 0x6d61_7131;

export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (dataDir) {
    mkdirSync(resolve(dataDir), { recursive: true });
    dir = join(resolve(dataDir), 'pglite');
  }
  // Options form: `new PGlite(undefined, { loadDataDir })` ignores the dump and opens an empty database.
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    migrateFrom: (folder) => migrate(db, { migrationsFolder: folder }),
    // PGlite runs one statement at a time, so its transaction is already a consistent snapshot.
    rawTransaction: (work) => client.transaction((tx) => work(async (text, params) => (await tx.query(text, params)).rows as never)),
    exclusive: (work) => work(),
    close: () => client.close(),
    // exposed for the test template
    ...({ client } as object),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // JIT off for the whole pool: this app's statements are short, and PostgreSQL's JIT spent seconds compiling the
  // fleet indicators' and the cost per machine's aggregates that run in a fraction of that without it (docs/costs.md).
  const pool = new pg.default.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle connection the server closes (PostgreSQL restarted, the database dropped) is an 'error' on the pool;
  // without a listener it would end the process. The pool drops that connection and opens another for the next
  // query, so there is nothing to do but say it.
  pool.on('error', (err) => process.emitWarning(`Conexión a PostgreSQL cerrada por el servidor: ${err.message}`));
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    migrateFrom: (folder) => migrate(db, { migrationsFolder: folder }),
    rawTransaction: async (work, opts) => {
      const conn = await pool.connect();
      try {
        // Repeatable read: a backup sees every table at the same instant while the office keeps working.
        await conn.query(opts?.readOnly ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
        const result = await work(async (text, params) => (await conn.query(text, params)).rows);
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    exclusive: async (work) => {
      // A session lock on a connection of its own: the work itself runs on the pool's other connections.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work();
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(cfg: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return cfg.DATABASE_URL ? openPostgres(cfg.DATABASE_URL) : openPglite(cfg.DATA_DIR);
}
