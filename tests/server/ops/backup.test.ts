// Backups that restore: the demo office (every table filled, photos in bytea) goes to one file and comes back
// table for table on PGlite and — with TEST_DATABASE_URL — on PostgreSQL, from either engine to the other.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../../src/server/db/client';
import { auditLog, fallas, fotos, respaldos, usuarios } from '../../../src/server/db/schema/index';
import { seedDemo } from '../../../src/server/db/seed/demo';
import { readHeader, restoreBackup, writeBackup } from '../../../src/server/ops/backup';
import { nightlyBackupIfDue, pruneBackups, takeBackup } from '../../../src/server/ops/backups';
import { sharedJwtSecret } from '../../../src/server/db/shared-secret';
import { dbUrl } from '../global-setup';
import { createTestApp, type TestApp } from '../helpers';

type Snapshot = Record<string, string[][]>;

/** Every table and sequence of a database, each value in PostgreSQL's text form, rows sorted. */
async function snapshot(database: Database): Promise<Snapshot> {
  return database.rawTransaction(async (q) => {
    await q(`set local timezone = 'UTC'`);
    const out: Snapshot = {};
    const tables = await q<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    for (const { name } of tables) {
      const cols = await q<{ name: string }>(
        // Not a list row's change cursor (`version`): it is the id of the transaction that last wrote the row, and the
        // restore's own transaction writes them all (a restored database has another oid, so devices start afresh).
        `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
           and attname <> 'version' order by attnum`,
        [`public."${name}"`],
      );
      const list = cols.map((c, i) => `"${c.name}"::text as c${i}`).join(', ');
      const rows = await q<Record<string, string | null>>(`select ${list} from public."${name}"`);
      out[name] = rows.map((r) => cols.map((_, i) => r[`c${i}`] ?? '∅')).sort((a, b) => (a.join('\u0001') < b.join('\u0001') ? -1 : 1));
    }
    const seqs = await q<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
    );
    for (const { name } of seqs) {
      const [v] = await q<{ v: string; c: boolean }>(`select last_value::text as v, is_called as c from public."${name}"`);
      out[`seq:${name}`] = [[v.v, String(v.c)]];
    }
    return out;
  });
}

function expectSame(a: Snapshot, b: Snapshot) {
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  for (const table of Object.keys(a)) expect({ table, rows: b[table] }).toEqual({ table, rows: a[table] });
}

const pgUrl = process.env.TEST_DATABASE_URL;
const createdPg: string[] = [];
async function emptyPostgres(): Promise<Database> {
  const name = `restore_${process.pid}_${createdPg.length + 1}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  createdPg.push(name);
  return openPostgres(dbUrl(pgUrl!, name));
}

describe('backup and restore', () => {
  let t: TestApp;
  let dir: string;
  let original: Snapshot;
  let photo: Buffer;
  const open: Database[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'maq-backup-'));
    await seedDemo(t.database.db);
    // A photo with every byte value, and text that needs escaping, so the text forms are really exercised.
    photo = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
    const [f] = await t.database.db.select({ id: fallas.falla_id }).from(fallas).limit(1);
    await t.database.db.insert(fotos).values({
      falla_id: f.id,
      mime: 'image/jpeg',
      size: photo.length,
      sha256: createHash('sha256').update(photo).digest('hex'),
      data: photo,
    });
    await t.database.db.insert(auditLog).values({
      action: 'update',
      resource: 'prueba',
      after: { texto: 'Almacén «central»\n\t"comillas" \\ barra', n: 1.5, lista: [1, null, 'ñ'] },
    });
    original = await snapshot(t.database);
  });
  afterAll(async () => {
    for (const d of open) await d.close().catch(() => undefined);
    await t.close();
    rmSync(dir, { recursive: true, force: true });
    if (pgUrl && createdPg.length) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      for (const name of createdPg) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('the demo office fills every table it is compared on', () => {
    const filled = Object.entries(original).filter(([k, rows]) => !k.startsWith('seq:') && rows.length > 0);
    expect(filled.length).toBeGreaterThan(20);
    expect(original.fotos.length).toBeGreaterThan(0);
  });

  it(`round trip onto an empty PGlite: every table and sequence equal, the photo byte for byte`, async () => {
    const file = join(dir, 'a.gz');
    const summary = await writeBackup(t.database, file);
    // Every row but the meter summary's and the indicators' monthly summary's, which the restore rebuilds from the
    // reports, stops, failures, repairs and orders (compared below with the rest).
    const derived = (k: string) => k.startsWith('seq:') || k === 'partes_diarios_medidor' || k === 'indicadores_mes';
    expect(original.partes_diarios_medidor.length).toBeGreaterThan(0);
    expect(summary.rows).toBe(Object.entries(original).reduce((n, [k, r]) => n + (derived(k) ? 0 : r.length), 0));
    const copy = await openPglite(null);
    open.push(copy);
    const restored = await restoreBackup(copy, file);
    expect(restored).toEqual(summary);
    expectSame(original, await snapshot(copy));
    // Every change cursor is the restore's transaction: a device's first cursor in the copy is past them all, so its
    // next delta does not send the whole office again.
    const cursors = await copy.rawTransaction(async (q) => {
      const withVersion = await q<{ t: string }>(
        `select c.relname as t from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'version' and not a.attisdropped`,
      );
      const seen = new Set<string>();
      for (const { t: name } of withVersion)
        for (const r of await q<{ v: string }>(`select distinct version::text as v from public."${name}"`)) seen.add(r.v);
      const [now] = await q<{ v: string }>(`select pg_current_xact_id()::text as v`);
      return { seen: [...seen], now: now.v, tables: withVersion.length };
    });
    expect(cursors.tables).toBeGreaterThan(5);
    expect(cursors.seen).toHaveLength(1);
    expect(BigInt(cursors.seen[0])).toBeLessThan(BigInt(cursors.now));
    const [p] = await copy.db.select({ data: fotos.data }).from(fotos).orderBy(desc(fotos.id)).limit(1);
    expect(Buffer.from(p.data).equals(photo)).toBe(true);
    // The sequences go on where they were: a new user gets the next id, not a duplicate.
    const [u] = await copy.db
      .insert(usuarios)
      .values({ username: 'nuevo_tras_restaurar', fullName: 'Nuevo', passwordHash: 'x', roles: [] })
      .returning({ id: usuarios.id });
    const maxId = Math.max(...original.usuarios.map((r) => Number(r[0])));
    expect(u.id).toBeGreaterThan(maxId);
  });

  it.runIf(pgUrl)('PostgreSQL → PGlite → PostgreSQL (and PGlite → PostgreSQL): every table equal', async () => {
    const file = join(dir, 'b.gz');
    await writeBackup(t.database, file);
    const lite = await openPglite(null);
    open.push(lite);
    await restoreBackup(lite, file);
    expectSame(original, await snapshot(lite));
    const back = join(dir, 'c.gz');
    await writeBackup(lite, back);
    const pgCopy = await emptyPostgres();
    open.push(pgCopy);
    await restoreBackup(pgCopy, back);
    expectSame(original, await snapshot(pgCopy));
  });

  it('refuses a database that is not empty, and a truncated or foreign file, changing nothing', async () => {
    const file = join(dir, 'a.gz');
    await expect(restoreBackup(t.database, file)).rejects.toThrow('no está vacía');

    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const cut = join(dir, 'cut.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    const target = await openPglite(null);
    open.push(target);
    await expect(restoreBackup(target, cut)).rejects.toThrow('incompleta');
    // The data went in one transaction: nothing of the half file stayed.
    const [{ n }] = await target.rawTransaction((q) => q<{ n: number }>('select count(*)::int as n from usuarios'));
    expect(n).toBe(0);

    const foreign = join(dir, 'x.gz');
    writeFileSync(foreign, gzipSync('{"hola":1}\n'));
    await expect(restoreBackup(target, foreign)).rejects.toThrow('no es una copia');
  });

  it('the nightly backup is taken once per Lima day even when two servers ask at once, with its audit line', async () => {
    const ctx = { database: t.database, config: { DATA_DIR: dir, BACKUP_KEEP: 14, BACKUP_HOUR: 2 } };
    // 01:30 in Lima: not due yet.
    expect(await nightlyBackupIfDue(ctx, new Date('2026-03-10T06:30:00Z'))).toBeNull();
    const at = new Date('2026-03-10T07:15:00Z'); // 02:15 Lima
    const [a, b] = await Promise.all([nightlyBackupIfDue(ctx, at), nightlyBackupIfDue(ctx, at)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const taken = (a ?? b)!;
    expect(taken.archivo).toBe('respaldo-2026-03-10_021500.gz');
    expect(await nightlyBackupIfDue(ctx, new Date('2026-03-10T20:00:00Z'))).toBeNull();
    const rows = await t.database.db.select().from(respaldos).where(eq(respaldos.dia, '2026-03-10'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ estado: 'ok', tipo: 'nocturno', archivo: taken.archivo });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'backup' and ${auditLog.resource_id} = ${taken.archivo}`);
    expect(audit.after).toMatchObject({ tipo: 'nocturno', filas: taken.filas });
    // The file it wrote is a whole backup (the round trips above restore the same writer's files).
    const header = await readHeader(join(dir, 'backups', taken.archivo));
    expect(header.source).toBe(t.database.kind);
  });

  it('keeps only the newest BACKUP_KEEP files', async () => {
    const keep = join(dir, 'keep');
    const ctx = { database: t.database, config: { DATA_DIR: keep, BACKUP_KEEP: 2 } };
    for (const day of ['2026-04-01', '2026-04-02', '2026-04-03']) {
      await takeBackup(ctx, { tipo: 'manual', now: new Date(`${day}T15:00:00Z`) });
    }
    expect(readdirSync(join(keep, 'backups')).sort()).toEqual(['respaldo-2026-04-02_100000.gz', 'respaldo-2026-04-03_100000.gz']);
    writeFileSync(join(keep, 'backups', 'notas.txt'), 'no es una copia');
    expect(pruneBackups(join(keep, 'backups'), 1)).toEqual(['respaldo-2026-04-02_100000.gz']);
    expect(readdirSync(join(keep, 'backups')).sort()).toEqual(['notas.txt', 'respaldo-2026-04-03_100000.gz']);
  });

  it('leaves out the session key servers share, so a downloaded backup cannot sign sessions', async () => {
    const secret = 'clave-compartida-que-no-sale-en-copias';
    await sharedJwtSecret(t.database.db, secret);
    const file = join(dir, 'secret.gz');
    await writeBackup(t.database, file);
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('"table":"servidor_estado"');
  });
});
