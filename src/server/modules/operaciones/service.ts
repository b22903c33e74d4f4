// What the Operations page reads from the database: its size, the last backups and the refused requests of the
// last 24 hours (by status), and the audit line of a CA export.
import { desc, gt, sql } from 'drizzle-orm';
import { RESPALDOS_LIMIT } from '@shared/contract/operaciones';
import type { Db } from '../../db/client';
import { auditLog, respaldos, solicitudesRechazadas } from '../../db/schema/index';
import { isoTimestamp } from '../../lib/timestamps';
import { rowsOf } from '../../lib/sql';

export async function databaseBytes(db: Db): Promise<number> {
  const [size] = await rowsOf<{ bytes: string }>(db, sql`select pg_database_size(current_database())::text as bytes`);
  return Number(size?.bytes ?? 0);
}

export function recentBackups(db: Db) {
  return db
    .select({
      id: respaldos.id,
      tipo: respaldos.tipo,
      archivo: respaldos.archivo,
      servidor: respaldos.servidor,
      bytes: respaldos.bytes,
      filas: respaldos.filas,
      estado: respaldos.estado,
      error: respaldos.error,
      created_at: isoTimestamp(respaldos.created_at),
    })
    .from(respaldos)
    .orderBy(desc(respaldos.created_at), desc(respaldos.id))
    .limit(RESPALDOS_LIMIT);
}

export function refusedLastDay(db: Db) {
  return db
    .select({ status: solicitudesRechazadas.status, total: sql<number>`sum(${solicitudesRechazadas.total})::int` })
    .from(solicitudesRechazadas)
    .where(gt(solicitudesRechazadas.hora, sql`date_trunc('hour', now()) - interval '23 hours'`))
    .groupBy(solicitudesRechazadas.status)
    .orderBy(solicitudesRechazadas.status);
}

/** The audit line of an export of the office CA with its key (who took it, and which CA). */
export async function auditCaExport(db: Db, user: { id: number; username: string } | null | undefined, fingerprint: string): Promise<void> {
  await db.insert(auditLog).values({
    user_id: user?.id ?? null,
    username: user?.username ?? null,
    action: 'export',
    resource: 'autoridad_certificacion',
    after: { huella: fingerprint },
  });
}
