// The audit log ("Actividad Log"), newest first, filtered by user and Lima dates.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { AUDIT_LIMIT, type AuditoriaQuery, type AuditoriaRow } from '@shared/contract/auditoria';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { isoTimestamp } from '../../lib/timestamps';

/** Start of a Lima day as an instant (Lima has no daylight saving time: UTC-5). */
const limaStart = (date: string) => new Date(`${date}T00:00:00-05:00`).toISOString();
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function listAudit(db: Db, q: AuditoriaQuery): Promise<AuditoriaRow[]> {
  const where: SQL[] = [];
  if (q.usuario_id !== undefined) where.push(eq(auditLog.user_id, q.usuario_id));
  if (q.fini) where.push(gte(auditLog.created_at, limaStart(q.fini)));
  if (q.ffin) where.push(lt(auditLog.created_at, limaStart(nextDay(q.ffin))));
  return db
    .select({
      id: auditLog.id,
      user_id: auditLog.user_id,
      username: auditLog.username,
      action: auditLog.action,
      resource: auditLog.resource,
      resource_id: auditLog.resource_id,
      before: auditLog.before,
      after: auditLog.after,
      created_at: isoTimestamp(auditLog.created_at),
    })
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(AUDIT_LIMIT);
}
