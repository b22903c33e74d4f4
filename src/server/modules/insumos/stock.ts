// Stock changes of the warehouse: lock the supply rows (ordered by id, so concurrent changes never
// deadlock), refuse outflows above stock with the Spanish message, and apply the deltas.
import { inArray, sql } from 'drizzle-orm';
import { formatAmount, fromCents, toCents } from '@shared/domain/money';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos } from '../../db/schema/index';
import { AppError, badRequest } from '../../lib/errors';

export interface LockedInsumo {
  id: number;
  insumo_codigo: string;
  insumo_name: string;
  stock: number;
}

/** SELECT … FOR UPDATE of the supplies, in id order; unknown ids are a 400. */
export async function lockInsumos(tx: Db, ids: Iterable<number>): Promise<Map<number, LockedInsumo>> {
  const list = new Set(ids);
  const out = await lockFound(tx, list);
  if (out.size !== list.size) throw badRequest(MSG.supplyNotFound, { insumo_id: MSG.supplyNotFound });
  return out;
}

/** lockInsumos of the supplies that exist, the others left out. */
export async function lockFound(tx: Db, ids: Iterable<number>): Promise<Map<number, LockedInsumo>> {
  const list = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, LockedInsumo>();
  if (list.length === 0) return out;
  const rows = await tx
    .select({ id: insumos.id, insumo_codigo: insumos.insumo_codigo, insumo_name: insumos.insumo_name, stock: insumos.stock })
    .from(insumos)
    .where(inArray(insumos.id, list))
    .orderBy(insumos.id)
    .for('update');
  for (const r of rows) out.set(r.id, r);
  return out;
}

/**
 * Outflow deltas (cents, positive = leaves the warehouse) checked against the locked stock.
 * `requested` is the total the record asks for per supply, so the message can say how much of it
 * is available (stock plus what this record already held).
 */
export function assertAvailable(
  locked: Map<number, LockedInsumo>,
  deltas: Map<number, number>,
  requested: Map<number, number>,
  fieldOf: (insumoId: number) => string,
): void {
  const errors: Record<string, string> = {};
  let first: string | null = null;
  for (const [insumoId, delta] of deltas) {
    const s = locked.get(insumoId);
    if (!s || delta <= 0) continue;
    const stock = toCents(s.stock);
    if (delta <= stock) continue;
    const disponible = formatAmount(fromCents(stock + (requested.get(insumoId) ?? 0) - delta));
    const message = MSG.stockUnavailable(s.insumo_codigo, disponible);
    first ??= message;
    errors[fieldOf(insumoId)] = message;
  }
  if (first) throw new AppError(409, first, errors);
}

/** stock = stock - delta for every supply (delta in cents; negative returns stock): an exit and its edits. */
export function applyOutflow(tx: Db, deltas: Map<number, number>): Promise<void> {
  return addToStock(tx, deltas, -1);
}

/** stock = stock + quantity for every supply (cents): the goods of an entry arriving. */
export function applyInflow(tx: Db, quantities: Map<number, number>): Promise<void> {
  for (const q of quantities.values()) if (q < 0) throw new Error('an inflow is never negative');
  return addToStock(tx, quantities, 1);
}

/** Adds `sign` × each amount to the supply's stock, in supply-id order like every stock change. */
async function addToStock(tx: Db, amounts: Map<number, number>, sign: 1 | -1): Promise<void> {
  const ids = [...amounts.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const d = amounts.get(id) ?? 0;
    if (d === 0) continue;
    await tx
      .update(insumos)
      .set({ stock: sql`${insumos.stock} + ${fromCents(sign * d)}::numeric` })
      .where(sql`${insumos.id} = ${id}`);
  }
}
