// Entries: order lookup, create (supplies, stock and INGRESO movements in one transaction), change of
// the selected delivery note, and delete (refused once its stock was issued).
import { eq, inArray, or, and } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { IngresoBody, OrdenInfo } from '@shared/contract/ingresos';
import { formatAmount, toCents } from '@shared/domain/money';
import { quantitiesByInsumo } from '@shared/domain/stock';
import { MSG } from '@shared/messages';
import { guiasRemision, ingresos, ingresosDet } from '../../db/schema/index';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import { limaDate } from '@shared/domain/dates';
import { assertOrderYear } from '../../lib/order-year';
import { runChange } from '../../plugins/change';
import { applyInflow, applyOutflow, lockInsumos } from '../insumos/stock';
import { assertMesesAbiertos } from '../cierres/guard';
import { deleteIngresoMovimientos, insertIngresoMovimientos, updateIngresoDoc } from '../movimientos/ledger';
import { getPurchaseOrder, type PurchaseOrder } from './orders';
import { getIngreso } from './repository';
import { ensureInsumos } from './insumos';

async function findOrder(req: FastifyRequest, nro: string, anio: number): Promise<PurchaseOrder> {
  assertOrderYear(anio);
  const order = await getPurchaseOrder(req.server, req.server.db, nro, anio);
  if (!order) throw notFound(MSG.orderNotFound);
  return order;
}

/** The entry already registered for an order (by its id, or its number and year), the same test the create makes. */
async function ingresoOf(db: FastifyRequest['server']['db'], order: PurchaseOrder) {
  const [row] = await db
    .select({ id: ingresos.id, fecha: ingresos.fecha })
    .from(ingresos)
    .where(
      or(eq(ingresos.orden_id, order.orden_id), and(eq(ingresos.nro_ordencompra, order.nro_ordencompra), eq(ingresos.anio, order.anio))),
    )
    .limit(1);
  return row ? { id: row.id, fecha: String(row.fecha) } : null;
}

export async function infoOrden(req: FastifyRequest, nro: string, anio: number): Promise<OrdenInfo> {
  const o = await findOrder(req, nro, anio);
  const registrado = await ingresoOf(req.server.db, o);
  const marcas = [...new Set(o.items.map((i) => i.cotidet_marca).filter((m): m is string => !!m))];
  return {
    items: o.items.map((i) => ({
      proveedor: o.proveedor,
      nro_ordencompra: o.nro_ordencompra,
      orden_id: o.orden_id,
      fecha_ordencompra: o.fecha_ordencompra,
      insumo_codigo: i.insumo_codigo,
      insumo_name: i.insumo_name,
      cantidad: i.cantidad,
      unimed: i.unimed,
      precio_unitario: i.precio_unitario,
    })),
    marcas: marcas.map((cotidet_marca) => ({ cotidet_marca })),
    guias: o.guias,
    registrado,
  };
}

/** Lines must be items of the order and, per code, not exceed the ordered quantity. */
function checkLines(order: PurchaseOrder, lines: IngresoBody['ingresos_det']): void {
  const ordered = new Map<string, number>();
  for (const i of order.items) ordered.set(i.insumo_codigo, (ordered.get(i.insumo_codigo) ?? 0) + toCents(i.cantidad));
  const asked = new Map<string, number>();
  const errors: Record<string, string> = {};
  let first: string | null = null;
  lines.forEach((l, idx) => {
    const code = l.insumo.insumo_codigo;
    const max = ordered.get(code);
    let msg: string | null = null;
    if (max === undefined) msg = MSG.entryLineNotInOrder(code);
    else {
      asked.set(code, (asked.get(code) ?? 0) + toCents(l.cantidad));
      if ((asked.get(code) ?? 0) > max) msg = MSG.entryLineExceedsOrder(code, formatAmount(max / 100));
    }
    if (msg) {
      first ??= msg;
      errors[`ingresos_det.${idx}.cantidad`] = msg;
    }
  });
  if (first) throw new AppError(422, first, errors);
}

/**
 * Unit price per supply code from the order's lines (soles, 4 decimals). A code on several lines at different prices
 * takes their average weighted by quantity. The form never sends a price: the server always takes the order's.
 */
function pricesOf(order: PurchaseOrder): Map<string, number> {
  const sums = new Map<string, { qty: number; value: number }>();
  for (const i of order.items) {
    const s = sums.get(i.insumo_codigo) ?? { qty: 0, value: 0 };
    s.qty += i.cantidad;
    s.value += i.cantidad * i.precio_unitario;
    sums.set(i.insumo_codigo, s);
  }
  return new Map([...sums].map(([code, s]) => [code, s.qty > 0 ? Math.round((s.value / s.qty) * 10_000) / 10_000 : 0]));
}

/** The delivery notes kept with the entry and the selected one (must be a note of the order). */
function pickGuias(order: PurchaseOrder, body: Pick<IngresoBody, 'guias_remision' | 'nro_guiaremision' | 'fecha_guiaremision'>) {
  const known = new Map(order.guias.map((g) => [g.nro_guiaremision, g.fecha_guiaremision]));
  const list = body.guias_remision.length > 0 ? body.guias_remision : order.guias;
  if (order.guias.length > 0 && list.some((g) => !known.has(g.nro_guiaremision))) throw unprocessable(MSG.entryGuideNotInOrder);
  const nro = body.nro_guiaremision ?? list[0]?.nro_guiaremision ?? null;
  const listed = new Map(list.map((g) => [g.nro_guiaremision, g.fecha_guiaremision]));
  if (nro && list.length > 0 && !listed.has(nro)) throw unprocessable(MSG.entryGuideNotInOrder);
  const fecha = body.fecha_guiaremision ?? (nro ? (listed.get(nro) ?? null) : null);
  return { list, nro, fecha };
}

export async function createIngreso(req: FastifyRequest, body: IngresoBody) {
  const order = await findOrder(req, body.nro_ordencompra, body.anio);
  checkLines(order, body.ingresos_det);
  const guias = pickGuias(order, body);
  const unitOf = new Map(order.items.map((i) => [i.insumo_codigo, i.unimed]));
  const priceOf = pricesOf(order);
  return runChange(
    req,
    async ({ tx, audit }) => {
      await assertMesesAbiertos(tx, [body.fecha ?? limaDate()]);
      const [dup] = await tx
        .select({ id: ingresos.id })
        .from(ingresos)
        .where(
          or(
            eq(ingresos.orden_id, order.orden_id),
            and(eq(ingresos.nro_ordencompra, order.nro_ordencompra), eq(ingresos.anio, order.anio)),
          ),
        )
        .limit(1);
      if (dup) throw unprocessable(MSG.orderAlreadyRegistered);
      const items = body.ingresos_det.map((l) => ({ ...l.insumo, unimed: unitOf.get(l.insumo.insumo_codigo) ?? l.unimed }));
      const ids = await ensureInsumos(tx, items);
      const [head] = await tx
        .insert(ingresos)
        .values({
          nro_ordencompra: order.nro_ordencompra,
          anio: order.anio,
          orden_id: order.orden_id,
          fecha: body.fecha ?? limaDate(),
          proveedor: order.proveedor,
          fecha_ordencompra: order.fecha_ordencompra,
          nro_guiaremision: guias.nro,
          fecha_guiaremision: guias.fecha,
          user_id: req.user?.id ?? null,
        })
        .returning({ id: ingresos.id, fecha: ingresos.fecha });
      const lines = await tx
        .insert(ingresosDet)
        .values(
          body.ingresos_det.map((l, idx) => ({
            ingreso_id: head.id,
            insumo_id: ids.get(l.insumo.insumo_codigo) as number,
            cantidad: l.cantidad,
            unimed: items[idx].unimed,
            marca: l.marca,
            user_idx: l.user_idx ?? null,
            precio_unitario: priceOf.get(l.insumo.insumo_codigo) ?? 0,
          })),
        )
        .returning({
          id: ingresosDet.id,
          insumo_id: ingresosDet.insumo_id,
          cantidad: ingresosDet.cantidad,
          precio_unitario: ingresosDet.precio_unitario,
        });
      if (guias.list.length > 0) {
        await tx.insert(guiasRemision).values(guias.list.map((g) => ({ ingreso_id: head.id, ...g })));
      }
      await applyInflow(tx, quantitiesByInsumo(lines));
      await insertIngresoMovimientos(
        tx,
        { fecha: head.fecha, proveedor: order.proveedor, nro_guiaremision: guias.nro ?? '' },
        lines.map((l) => ({ ingreso_det_id: l.id, insumo_id: l.insumo_id, cantidad: l.cantidad, precio_unitario: l.precio_unitario })),
      );
      const after = await getIngreso(tx, head.id);
      await audit({ action: 'create', resource: 'ingresos', resource_id: head.id, after });
      return after;
    },
    201,
  );
}

/** View mode: only the selected delivery note changes (entry and its movements' document text). */
export function updateIngreso(
  req: FastifyRequest,
  id: number,
  body: { nro_guiaremision: string | null; fecha_guiaremision?: string | null },
) {
  return runChange(req, async ({ tx, audit }) => {
    const [head] = await tx.select().from(ingresos).where(eq(ingresos.id, id)).for('update');
    if (!head) throw notFound(MSG.notFound);
    await assertMesesAbiertos(tx, [head.fecha]);
    const before = await getIngreso(tx, id);
    const listed = new Map(before.guias_remision.map((g) => [g.nro_guiaremision, g.fecha_guiaremision]));
    const nro = body.nro_guiaremision;
    if (nro && listed.size > 0 && !listed.has(nro)) throw unprocessable(MSG.entryGuideNotInOrder);
    const fecha = body.fecha_guiaremision ?? (nro ? (listed.get(nro) ?? null) : null);
    await tx.update(ingresos).set({ nro_guiaremision: nro, fecha_guiaremision: fecha }).where(eq(ingresos.id, id));
    await updateIngresoDoc(
      tx,
      before.ingresos_det.map((l) => l.id),
      { nro_guiaremision: nro ?? '' },
    );
    const after = await getIngreso(tx, id);
    await audit({ action: 'update', resource: 'ingresos', resource_id: id, before, after });
    return after;
  });
}

export function deleteIngreso(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [head] = await tx.select({ id: ingresos.id, fecha: ingresos.fecha }).from(ingresos).where(eq(ingresos.id, id)).for('update');
    if (!head) throw notFound(MSG.notFound);
    await assertMesesAbiertos(tx, [head.fecha]);
    const before = await getIngreso(tx, id);
    const qty = quantitiesByInsumo(before.ingresos_det);
    const locked = await lockInsumos(tx, qty.keys());
    for (const [insumoId, cents] of qty) {
      if (toCents(locked.get(insumoId)?.stock ?? 0) < cents) throw conflict(MSG.entryStockIssued);
    }
    await applyOutflow(tx, qty);
    await deleteIngresoMovimientos(
      tx,
      before.ingresos_det.map((l) => l.id),
    );
    await tx.delete(ingresosDet).where(inArray(ingresosDet.ingreso_id, [id]));
    await tx.delete(ingresos).where(eq(ingresos.id, id));
    await audit({ action: 'delete', resource: 'ingresos', resource_id: id, before });
    return { message: MSG.deleted };
  });
}
