// The answers stored for Idempotency-Keys are kept 30 days (field devices stay offline for days, and a device
// sending an item again after a lost answer must get the stored one), then deleted so the table does not grow for
// ever. Every server of the office runs the purge; deleting the same old rows twice is harmless.
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { pruneTombstones } from '../lib/list-delta';

export const KEY_KEEP_DAYS = 30;

/** Deletes the keys stored more than KEY_KEEP_DAYS before `now`; resolves how many went. */
export async function purgeOldKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_KEEP_DAYS * 86_400_000).toISOString();
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, cutoff)).returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** Purges a few minutes after the start and then twice a day; returns the function that stops it. */
export function startKeyPurge(db: Db, log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void }): () => void {
  const run = async () => {
    try {
      const n = await purgeOldKeys(db);
      if (n > 0) log.info({ claves: n }, 'Claves de idempotencia vencidas borradas');
      // The lists' tombstones go on the same schedule (lib/list-delta.ts).
      const t = await pruneTombstones(db);
      if (t > 0) log.info({ borrados: t }, 'Marcas de filas eliminadas vencidas borradas');
    } catch (err) {
      log.error({ err }, 'No se pudieron borrar las claves de idempotencia vencidas');
    }
  };
  const first = setTimeout(run, 5 * 60_000);
  const timer = setInterval(run, 12 * 3600_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
