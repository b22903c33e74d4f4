// One-file logical backup of the whole database (every table of the public schema, photos included) and its
// restore into an empty database. The same file moves between PGlite and PostgreSQL: every value travels as
// PostgreSQL's own text form (`col::text`), which each type reads back exactly (numeric, bytea, jsonb,
// arrays, timestamps), so nothing depends on how a driver maps types to JavaScript.
//
// File: gzip of JSON lines — a header, then per table a {table, columns} line, its rows as arrays of
// strings/nulls and an {end, rows} line, then the sequences and a closing {done} line (a truncated file
// is refused).
import { copyFileSync, createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { MIGRATIONS_DIR, type Database, type RawQuery } from '../db/client';

export const BACKUP_FORMAT = 'maquinarias-respaldo';
const FORMAT_VERSION = 1;
/** Rows fetched per round trip; photos are the big rows, so this stays modest. */
const FETCH_ROWS = 200;
/** Rows per INSERT on restore, also bounded by the characters of the batch (photos). */
const INSERT_ROWS = 500;
const INSERT_CHARS = 8_000_000;

/**
 * Tables a backup leaves out: the server's own secrets (the session key several servers share). A backup file
 * can be downloaded from the Operations page; with the key in it, its reader could sign sessions. A restored
 * office simply gets a new key (everyone signs in again). The machines' meter summary and the fleet indicators'
 * monthly summary are derived from other tables: the restore rebuilds them (DERIVED), or the migration that creates
 * them backfills them for an older copy.
 */
const NOT_BACKED_UP = new Set(['servidor_estado', 'partes_diarios_medidor', 'indicadores_mes']);

/**
 * The change cursor (`version`, schema/common.ts) of every restored row: the restore's transaction. The backup's
 * values are transaction ids of the database it came from; kept, a list's delta in the new database (whose ids start
 * lower) would send those rows again on every sync until its ids passed them.
 */
const RESTORED_VERSION = 'pg_current_xact_id()::text::bigint';

/**
 * How a restore rebuilds each derived table once every row is loaded, in this order, when the backup's schema has it:
 * the statements the migrations that created them backfill with (0013, 0017), one pass over the whole office. The
 * meter summary's rows fire the indicators' trigger for their months; the refresh adds the rest of each month.
 */
const DERIVED: readonly [table: string, statement: string][] = [
  [
    'partes_diarios_medidor',
    `select partes_diarios_medidor_refresh(array_agg(k.maquinaria_id), array_agg(k.fecha))
     from (select distinct maquinaria_id, fecha from partes_diarios) k`,
  ],
  ['indicadores_mes', `select indicadores_mes_refresh(array(select id from maquinarias))`],
];

interface Header {
  format: string;
  version: number;
  created_at: string;
  source: Database['kind'];
  migrations: string[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

function journal(folder = MIGRATIONS_DIR): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of the application (public schema), in name order. */
async function tablesOf(q: RawQuery): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** Stored (not generated) columns of a table, in their order. */
async function columnsOf(q: RawQuery, table: string): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

/** The migrations applied to this database, as tags of the journal (Drizzle stores their hashes and times). */
async function appliedMigrations(q: RawQuery): Promise<string[]> {
  const [exists] = await q<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return [];
  const rows = await q<{ when: string }>(`select created_at::text as when from drizzle.__drizzle_migrations order by created_at`);
  const byWhen = new Map(journal().entries.map((e) => [String(e.when), e.tag]));
  return rows.map((r) => byWhen.get(r.when) ?? `desconocida:${r.when}`);
}

/** Writes the backup of `database` to `file` (gzip); answers the number of tables and rows. */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(JSON.stringify(value) + '\n')) await once(gzip, 'drain');
  };
  const summary: BackupSummary = { tables: 0, rows: 0 };
  try {
    await database.rawTransaction(
      async (q) => {
        // Timestamps are written in UTC, whatever the server's zone.
        await q(`set local timezone = 'UTC'`);
        const header: Header = {
          format: BACKUP_FORMAT,
          version: FORMAT_VERSION,
          created_at: new Date().toISOString(),
          source: database.kind,
          migrations: await appliedMigrations(q),
        };
        await write(header);
        for (const table of (await tablesOf(q)).filter((t) => !NOT_BACKED_UP.has(t))) {
          const columns = await columnsOf(q, table);
          await write({ table, columns });
          const select = columns.map((c, i) => `${ident(c)}::text as c${i}`).join(', ');
          // A cursor streams the table in slices inside the one snapshot.
          await q(`declare respaldo_cur no scroll cursor for select ${select} from public.${ident(table)}`);
          let count = 0;
          for (;;) {
            const rows = await q<Record<string, string | null>>(`fetch ${FETCH_ROWS} from respaldo_cur`);
            for (const r of rows) await write(columns.map((_, i) => r[`c${i}`] ?? null));
            count += rows.length;
            if (rows.length < FETCH_ROWS) break;
          }
          await q(`close respaldo_cur`);
          await write({ end: table, rows: count });
          summary.tables++;
          summary.rows += count;
        }
        const sequences = await q<{ name: string }>(
          `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
        );
        const values = [];
        for (const s of sequences) {
          const [v] = await q<{ last_value: string; is_called: boolean }>(
            `select last_value::text as last_value, is_called from public.${ident(s.name)}`,
          );
          values.push({ name: s.name, last_value: v.last_value, is_called: v.is_called });
        }
        await write({ sequences: values });
        await write({ done: true, ...summary });
      },
      { readOnly: true },
    );
    gzip.end();
    await once(out, 'close');
  } catch (err) {
    gzip.destroy();
    out.destroy();
    rmSync(file, { force: true });
    throw err;
  }
  return summary;
}

export class BackupError extends Error {}

async function* lines(file: string): AsyncGenerator<unknown> {
  const input = createReadStream(file).pipe(createGunzip());
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) if (line) yield JSON.parse(line);
}

/** Reads only the header of a backup file (checks it is one). */
export async function readHeader(file: string): Promise<Header> {
  for await (const first of lines(file)) {
    const h = first as Header;
    if (h?.format !== BACKUP_FORMAT) break;
    if (h.version > FORMAT_VERSION) throw new BackupError('La copia fue hecha por una versión más nueva del sistema.');
    return h;
  }
  throw new BackupError('El archivo no es una copia de seguridad del sistema de maquinarias.');
}

/** A migrations folder holding only the first `count` migrations of the code (the backup's schema version). */
function migrationsUpTo(tags: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'maq-restore-'));
  mkdirSync(join(dir, 'meta'));
  const all = journal();
  const entries = all.entries.slice(0, tags.length);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...all, entries }));
  for (const e of entries) copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

/** True when the database holds no application table yet (restore only goes into an empty one). */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  return database.rawTransaction(async (q) => (await tablesOf(q)).length === 0);
}

/**
 * Restores `file` into the empty `database`: its schema at the backup's version, every row, the sequences,
 * then the migrations the code has beyond the backup. One transaction for the data: all or nothing.
 */
export async function restoreBackup(database: Database, file: string): Promise<BackupSummary> {
  const header = await readHeader(file);
  const code = journal().entries.map((e) => e.tag);
  if (header.migrations.some((tag, i) => code[i] !== tag)) {
    throw new BackupError(
      'La copia es de una versión del sistema que este programa no conoce; actualice el programa antes de restaurarla.',
    );
  }
  if (!(await isEmptyDatabase(database))) {
    throw new BackupError('La base de datos de destino no está vacía; la restauración solo se hace en una base nueva.');
  }
  const folder = migrationsUpTo(header.migrations);
  try {
    await database.migrateFrom(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const summary = await database.rawTransaction(async (q) => {
    await q(`set local timezone = 'UTC'`);
    // Foreign keys come off during the load (rows arrive table by table, in name order) and go back on at
    // the end, which checks every reference of the restored data.
    const fks = await q<{ tbl: string; name: string; def: string }>(
      `select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`,
    );
    for (const fk of fks) await q(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);
    // The tables' own triggers are off during the load too: the rows come as they were written, and the summaries'
    // triggers, refreshing each loaded batch's machines against tables the planner
    // still takes for empty, cost seconds per statement (a 3-year fleet of 500 machines did not restore in 10
    // minutes). The summaries are rebuilt once at the end (DERIVED).
    const tables = await tablesOf(q);
    for (const name of tables) await q(`alter table public.${ident(name)} disable trigger user`);

    const result: BackupSummary = { tables: 0, rows: 0 };
    let table: string | null = null;
    let columns: string[] = [];
    let casts: string[] = [];
    let batch: (string | null)[][] = [];
    let chars = 0;
    let done = false;
    const flush = async () => {
      if (!batch.length || !table) return;
      const params: (string | null)[] = [];
      // Each value is sent as text and read by its column type's own input (the form it was written in); a change
      // cursor is the restore's own transaction (the one that wrote the row here, as the column's default says).
      const tuples = batch.map(
        (row) =>
          `(${row.map((v, i) => (columns[i] === 'version' ? RESTORED_VERSION : `$${params.push(v)}::text::${casts[i]}`)).join(', ')})`,
      );
      await q(`insert into public.${ident(table)} (${columns.map(ident).join(', ')}) values ${tuples.join(', ')}`, params);
      batch = [];
      chars = 0;
    };
    let first = true;
    for await (const item of lines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (Array.isArray(item)) {
        if (!table || item.length !== columns.length) throw new BackupError('La copia está dañada (fila fuera de su tabla).');
        batch.push(item as (string | null)[]);
        for (const v of item) chars += v === null ? 4 : (v as string).length;
        const maxRows = Math.min(INSERT_ROWS, Math.floor(60_000 / columns.length));
        if (batch.length >= maxRows || chars >= INSERT_CHARS) await flush();
        continue;
      }
      const line = item as Record<string, unknown>;
      if (typeof line.table === 'string') {
        table = line.table;
        columns = line.columns as string[];
        const [exists] = await q<{ t: string | null }>(`select to_regclass($1)::text as t`, [`public.${ident(table)}`]);
        if (!exists?.t) throw new BackupError(`La copia trae la tabla ${table}, que esta versión no tiene.`);
        const types = await q<{ name: string; type: string }>(
          `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
           where attrelid = $1::regclass and attnum > 0 and not attisdropped`,
          [`public.${ident(table)}`],
        );
        const typeOf = new Map(types.map((t) => [t.name, t.type]));
        casts = columns.map((c) => {
          const type = typeOf.get(c);
          if (!type) throw new BackupError(`La copia trae la columna ${table}.${c}, que esta versión no tiene.`);
          return type;
        });
      } else if (typeof line.end === 'string') {
        await flush();
        result.tables++;
        result.rows += line.rows as number;
        table = null;
      } else if (Array.isArray(line.sequences)) {
        for (const s of line.sequences as { name: string; last_value: string; is_called: boolean }[]) {
          await q(`select setval($1::regclass, $2::bigint, $3)`, [`public.${ident(s.name)}`, s.last_value, s.is_called]);
        }
      } else if (line.done === true) {
        if (line.rows !== result.rows) throw new BackupError('La copia está incompleta (faltan filas).');
        done = true;
      }
    }
    if (!done) throw new BackupError('La copia está incompleta (el archivo termina antes de tiempo).');
    for (const fk of fks) await q(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);
    for (const name of tables) await q(`alter table public.${ident(name)} enable trigger user`);
    // Statistics of what was loaded, so the rebuild (and the first days of work) are planned for the real sizes.
    await q('analyze');
    for (const [table, statement] of DERIVED) if (tables.includes(table)) await q(statement);
    return result;
  });
  // The schema changes the code has beyond the backup's version (none when both are the same).
  await database.migrate();
  return summary;
}
