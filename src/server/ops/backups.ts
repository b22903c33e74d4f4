// Backups the server takes: the nightly one (once per Lima day, whichever server of the office claims it
// first) and the one asked from the Operations page; both go to DATA_DIR/backups, keep the newest
// BACKUP_KEEP files and leave a line in the audit log.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
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

/**
 * Takes a backup now. A nightly one first claims its Lima day in `respaldos` (unique): when another server
 * of the office already claimed it, nothing is done and the answer is null.
 */
export async function takeBackup(
  ctx: BackupContext,
  opts: { tipo: 'nocturno' | 'manual'; dia?: string; user?: { id: number; username: string } | null; now?: Date },
): Promise<TakenBackup | null> {
  const db = ctx.database.db;
  const [claim] = await db
    .insert(respaldos)
    .values({ tipo: opts.tipo, dia: opts.dia ?? null, servidor: hostname(), estado: 'en_curso' })
    .onConflictDoNothing()
    .returning({ id: respaldos.id });
  if (!claim) return null;
  const dir = backupDir(ctx.config);
  mkdirSync(dir, { recursive: true });
  const archivo = backupFileName(dir, opts.now);
  try {
    const summary = await writeBackup(ctx.database, join(dir, archivo));
    const bytes = statSync(join(dir, archivo)).size;
    await db.transaction(async (tx) => {
      await tx
        .update(respaldos)
        .set({ archivo, bytes, filas: summary.rows, estado: 'ok', finished_at: sql`now()` })
        .where(eq(respaldos.id, claim.id));
      await tx.insert(auditLog).values({
        user_id: opts.user?.id ?? null,
        username: opts.user?.username ?? null,
        action: 'backup',
        resource: 'respaldo',
        resource_id: archivo,
        after: { tipo: opts.tipo, bytes, tablas: summary.tables, filas: summary.rows, servidor: hostname() },
      });
    });
    pruneBackups(dir, ctx.config.BACKUP_KEEP);
    return { id: claim.id, archivo, bytes, filas: summary.rows };
  } catch (err) {
    // The day is given back (dia null), so the next check retries the nightly backup.
    await db
      .update(respaldos)
      .set({ estado: 'error', dia: null, error: String((err as Error).message ?? err).slice(0, 500), finished_at: sql`now()` })
      .where(eq(respaldos.id, claim.id));
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
