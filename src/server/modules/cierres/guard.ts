// The monthly close's guard on every kardex write (docs/costs.md, "Monthly close"): ledger.ts calls it with the
// dates a write touches (new, and old for edits and deletes), and the services call it early so the refusal comes
// before their other work. A movement dated in a closed month, or before one, is refused with a 409 that names it.
//
// Concurrency: a writer takes the close's advisory lock in shared mode before it reads which months are closed; a
// close or a reopening takes it exclusively. So a close waits for the writes in flight (and then sees them in its
// report), and a write that starts during a close waits for it and then sees the month closed.
import { sql } from 'drizzle-orm';
import { cierreQueBloquea, mensajeMesCerrado, periodoOf } from '@shared/domain/cierres';
import type { Db } from '../../db/client';
import { cierres } from '../../db/schema/index';
import { batchScope } from '../../lib/batch-item';
import { conflict } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';

/** The advisory lock of the close (two-key form: class, 0). */
const LOCK = sql`hashtext('cierres'), 0`;

/** Closed months as this transaction saw them after taking the shared lock (stable until it ends). */
const seen = new WeakMap<Db, string[]>();

async function cerrados(tx: Db): Promise<string[]> {
  const root = batchScope()?.root;
  const known = seen.get(tx) ?? (root ? seen.get(root) : undefined);
  if (known) return known;
  await rowsOf(tx, sql`select 1 as locked from pg_advisory_xact_lock_shared(${LOCK})`);
  const rows = await rowsOf<{ periodo: string }>(tx, sql`select periodo from ${cierres} where estado = 'CERRADO'`);
  const list = rows.map((r) => r.periodo);
  seen.set(tx, list);
  return list;
}

/**
 * Takes the shared lock and reads the closed months once for a transaction of a batch of saves (modules/sync), outside
 * their savepoints: a lock taken inside a savepoint that is rolled back is let go, so each save would take it again.
 * Its saves read them from here; a close waits for the batch's transaction as for any write in flight.
 */
export async function cierresDelLote(tx: Db): Promise<void> {
  await cerrados(tx);
}

/** Refuses (409) when any of these dates ('YYYY-MM-DD') falls in a closed month or before one. */
export async function assertMesesAbiertos(tx: Db, fechas: Iterable<string | null | undefined>): Promise<void> {
  const periodos = [...new Set([...fechas].filter((f): f is string => !!f).map((f) => periodoOf(String(f))))].sort();
  if (periodos.length === 0) return;
  const list = await cerrados(tx);
  if (list.length === 0) return;
  for (const p of periodos) {
    const bloquea = cierreQueBloquea(list, p);
    if (bloquea) throw conflict(mensajeMesCerrado(p, bloquea));
  }
}

/** Taken by a close or a reopening: waits for every write in flight, and holds new ones until it commits. */
export async function lockCierres(tx: Db): Promise<void> {
  // A close or a reopening in a batch changes what its later saves must see: they read the months again.
  const root = batchScope()?.root;
  if (root) seen.delete(root);
  await rowsOf(tx, sql`select 1 as locked from pg_advisory_xact_lock(${LOCK})`);
}
