// Backups the server takes: the nightly one (once per Lima day, whichever server of the office claims it
// first) and the one asked from the Operations page; both go to DATA_DIR/backups, keep the newest
// BACKUP_KEEP files and leave a line in the audit log.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { auditLog, respaldos } from '../db/schema/index';
import { writeBackup } from './backup';
import { limaDate } from '@shared/domain/dates';

export const BACKUP_FILE_RE = /^respaldo-\d{4}-\d{2}-\d{2}_\d{6}(-\d+)?\.gz$/;

export const backupDir = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'backups');

/** Lima date (the office's one "today", limaDate) and hour (UTC-5, no daylight saving) of an instant. */
export function limaClock(now: Date): { day: string; hour: number } {
  return { day: limaDate(now), hour: new Date(now.getTime() - 5 * 3600_000).getUTCHours() };
}

/** A new file name in `dir`: the Lima time of the backup, so names sort by age. */
export function backupFileName(dir: string, now = new Date()): string {
  const lima = new Date(now.getTime() - 5 * 3600_000).toISOString();
  const base = `respaldo-${lima.slice(0, 10)}_${lima.slice(11, 19).replace(/:/g, '')}`;
  let name = `${base}.gz`;
  for (let n = 2; existsSync(join(dir, name)); n++) name = `${base}-${n}.gz`;
  return name;
}

/** Deletes the oldest backup files beyond `keep` (only files this system named). */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => BACKUP_FILE_RE.test(f))
    .sort()
    .reverse();
  const gone = files.slice(keep);
  for (const f of gone) rmSync(join(dir, f), { force: true });
  return gone;
}

export interface TakenBackup {
  id: number;
  archivo: string;
  bytes: number;
  filas: number;
}

export interface BackupContext {
  database: Database;
  config: Pick<Config, 'DATA_DIR' | 'BACKUP_KEEP'>;
}

/** A backup's row claimed in `respaldos` (en_curso) before its file is written. */
type BackupOpts = { tipo: 'nocturno' | 'manual'; dia?: string; now?: Date };

/**
 * Claims a backup's row (en_curso). A nightly one claims its Lima day (unique): when another server of the office
 * already claimed it, the answer is null and nothing is to be done.
 */
export async function claimBackup(db: Db, opts: BackupOpts): Promise<number | null> {
  const [claim] = await db
    .insert(respaldos)
    .values({ tipo: opts.tipo, dia: opts.dia ?? null, servidor: hostname(), estado: 'en_curso' })
    .onConflictDoNothing()
    .returning({ id: respaldos.id });
  return claim?.id ?? null;
}

export interface WrittenBackup {
  archivo: string;
  bytes: number;
  filas: number;
  tablas: number;
}

/** Writes the file of a claimed backup (outside any transaction of the app: on PGlite it holds the engine). */
export async function writeClaimedBackup(ctx: BackupContext, opts: BackupOpts): Promise<WrittenBackup> {
  const dir = backupDir(ctx.config);
  mkdirSync(dir, { recursive: true });
  const archivo = backupFileName(dir, opts.now);
  const summary = await writeBackup(ctx.database, join(dir, archivo));
  return { archivo, bytes: statSync(join(dir, archivo)).size, filas: summary.rows, tablas: summary.tables };
}

/** Marks a claimed backup done (in the caller's transaction) and answers its audit line's entry. */
export async function recordBackup(tx: Db, id: number, tipo: BackupOpts['tipo'], w: WrittenBackup) {
  await tx
    .update(respaldos)
    .set({ archivo: w.archivo, bytes: w.bytes, filas: w.filas, estado: 'ok', finished_at: sql`now()` })
    .where(eq(respaldos.id, id));
  return {
    action: 'backup',
    resource: 'respaldo',
    resource_id: w.archivo,
    after: { tipo, bytes: w.bytes, tablas: w.tablas, filas: w.filas, servidor: hostname() },
  };
}

/** A claimed backup that failed: its day is given back (dia null), so the next check retries the nightly backup. */
export async function backupFailed(db: Db, id: number, err: unknown): Promise<void> {
  await db
    .update(respaldos)
    .set({ estado: 'error', dia: null, error: String((err as Error)?.message ?? err).slice(0, 500), finished_at: sql`now()` })
    .where(eq(respaldos.id, id));
}

/**
 * Takes a backup now, outside a request (the nightly one, scripts). The Operations page's button goes through the
 * write path instead (modules/operaciones), with the same steps.
 */
export async function takeBackup(
  ctx: BackupContext,
  opts: BackupOpts & { user?: { id: number; username: string } | null },
): Promise<TakenBackup | null> {
  const db = ctx.database.db;
  const id = await claimBackup(db, opts);
  if (id == null) return null;
  try {
    const written = await writeClaimedBackup(ctx, opts);
    await db.transaction(async (tx) => {
      const entry = await recordBackup(tx as unknown as Db, id, opts.tipo, written);
      await tx.insert(auditLog).values({ user_id: opts.user?.id ?? null, username: opts.user?.username ?? null, ...entry });
    });
    pruneBackups(backupDir(ctx.config), ctx.config.BACKUP_KEEP);
    return { id, archivo: written.archivo, bytes: written.bytes, filas: written.filas };
  } catch (err) {
    await backupFailed(db, id, err);
    throw err;
  }
}

/** The nightly backup when it is due: at or after BACKUP_HOUR (Lima) and not yet taken today by any server. */
export async function nightlyBackupIfDue(
  ctx: BackupContext & { config: Pick<Config, 'BACKUP_HOUR'> },
  now = new Date(),
): Promise<TakenBackup | null> {
  const { day, hour } = limaClock(now);
  if (hour < ctx.config.BACKUP_HOUR) return null;
  return takeBackup(ctx, { tipo: 'nocturno', dia: day, now });
}

/**
 * Checks every 10 minutes whether tonight's backup is due. Checking (not a single timer at the hour) also
 * covers an office server that was switched off at night: it takes the day's backup when it comes back.
 */
export function startNightlyBackups(
  ctx: BackupContext & { config: Pick<Config, 'BACKUP_HOUR'> },
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void },
): () => void {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const taken = await nightlyBackupIfDue(ctx);
      if (taken) log.info({ archivo: taken.archivo, bytes: taken.bytes }, 'Copia de seguridad nocturna');
    } catch (err) {
      log.error({ err }, 'La copia de seguridad nocturna falló');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(check, 60_000);
  const timer = setInterval(check, 10 * 60_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
