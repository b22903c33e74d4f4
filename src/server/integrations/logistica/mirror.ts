// Mirror tables of the logistics system: batch upserts (HTTP write-through, imports, demo seed).
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extGuiasRemision, extOrdenesCompra, extOrdenesCompraDet, extOrdenesServicio, extOrdenesServicioDet } from '../../db/schema/index';
import { chunks, excluded } from '../shared';
import type { PurchaseOrder, ServiceOrder } from './index';

/** Inserts or replaces purchase orders (header by orden_id; items and delivery notes replaced). */
export async function upsertPurchaseOrders(db: Db, orders: PurchaseOrder[]): Promise<void> {
  if (orders.length === 0) return;
  await db.transaction(async (tx) => {
    for (const batch of chunks(orders, 200)) {
      const ids = batch.map((o) => o.orden_id);
      // Another orden_id holding the same number and year is an outdated copy: drop it.
      await tx
        .delete(extOrdenesCompra)
        .where(
          or(
            ...batch.map((o) =>
              and(
                eq(extOrdenesCompra.nro_ordencompra, o.nro_ordencompra),
                eq(extOrdenesCompra.anio, o.anio),
                ne(extOrdenesCompra.orden_id, o.orden_id),
              ),
            ),
          ),
        );
      await tx
        .insert(extOrdenesCompra)
        .values(
          batch.map((o) => ({
            orden_id: o.orden_id,
            nro_ordencompra: o.nro_ordencompra,
            anio: o.anio,
            proveedor: o.proveedor,
            proveedor_ruc: o.proveedor_ruc ?? null,
            fecha_ordencompra: o.fecha_ordencompra,
          })),
        )
        .onConflictDoUpdate({
          target: extOrdenesCompra.orden_id,
          set: excluded(['nro_ordencompra', 'anio', 'proveedor', 'proveedor_ruc', 'fecha_ordencompra']),
        });
      await tx.delete(extOrdenesCompraDet).where(inArray(extOrdenesCompraDet.orden_id, ids));
      await tx.delete(extGuiasRemision).where(inArray(extGuiasRemision.orden_id, ids));
      const items = batch.flatMap((o) => o.items.map((i) => ({ ...i, orden_id: o.orden_id })));
      for (const part of chunks(items)) await tx.insert(extOrdenesCompraDet).values(part);
      const guias = batch.flatMap((o) => o.guias.map((g) => ({ ...g, orden_id: o.orden_id })));
      for (const part of chunks(guias)) await tx.insert(extGuiasRemision).values(part);
    }
  });
}

/** Inserts or replaces service orders (header by orden_id; items replaced). */
export async function upsertServiceOrders(db: Db, orders: ServiceOrder[]): Promise<void> {
  if (orders.length === 0) return;
  await db.transaction(async (tx) => {
    for (const batch of chunks(orders, 200)) {
      const ids = batch.map((o) => o.orden_id);
      await tx
        .delete(extOrdenesServicio)
        .where(
          or(
            ...batch.map((o) =>
              and(
                eq(extOrdenesServicio.nro_orden, o.nro_orden),
                eq(extOrdenesServicio.anio, o.anio),
                ne(extOrdenesServicio.orden_id, o.orden_id),
              ),
            ),
          ),
        );
      await tx
        .insert(extOrdenesServicio)
        .values(batch.map(({ items: _items, ...header }) => header))
        .onConflictDoUpdate({ target: extOrdenesServicio.orden_id, set: excluded(['nro_orden', 'anio', 'orden_fechadoc', 'pers_nombre']) });
      await tx.delete(extOrdenesServicioDet).where(inArray(extOrdenesServicioDet.orden_id, ids));
      // (orden_id, ordendet_item) is the key: a repeated item number keeps its first line.
      const items = batch.flatMap((o) =>
        o.items
          .filter((i, n) => o.items.findIndex((j) => j.ordendet_item === i.ordendet_item) === n)
          .map((i) => ({ ...i, orden_id: o.orden_id })),
      );
      for (const part of chunks(items)) await tx.insert(extOrdenesServicioDet).values(part);
    }
  });
}

/** Order-number match that ignores leading zeros (SQL side of orderNumberKey). */
export const sameOrderNumber = (column: typeof extOrdenesCompra.nro_ordencompra | typeof extOrdenesServicio.nro_orden, key: string) =>
  sql`coalesce(nullif(ltrim(${column}, '0'), ''), '0') = ${key}`;
