// Repair rules: the service order comes from the logistics system; a repair closes one failure of its own
// machine (REPARADO), moving it restores the old failure (old_falla) to PENDIENTE and deleting it restores its
// failure; a failure repaired by another repair is refused (409). The failure is required while the machine
// has failures to offer; with none, the repair is saved without one (docs/architecture.md, "Failures and repairs").
// A repair that closes a failure returns its machine from EN REPARACION to OPERATIVO (origin REPARACION) when no other
// stopping failure or open order keeps it stopped; a failure it gives back that stops the machine stops it again
// (docs/architecture.md, "Machine state").
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { InfoOrdenServicio, ReparacionBody } from '@shared/contract/reparaciones';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, reparaciones } from '../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertOrderYear } from '../../lib/order-year';
import { integrations } from '../../integrations/index';
import { runChange, type ChangeContext } from '../../plugins/change';
import { fallasForReparacion } from '../fallas/repository';
import { detenerPorFalla, liberarMaquina } from '../maquinarias/estados';
import { maquinariaPlate } from '../maquinarias/repository';
import { getReparacion } from './repository';

const RESOURCE = 'reparaciones';

/** POST /api/reparaciones/getinforden: the items of service order `nro_orden` of year `anio` (404 when unknown). */
export async function infoOrdenServicio(req: FastifyRequest, nro: string, anio: number): Promise<InfoOrdenServicio> {
  assertOrderYear(anio);
  const items = await integrations(req.server.config, req.server.db).logistica.getServiceOrder(nro, anio);
  if (items.length === 0) throw notFound(MSG.serviceOrderNotFound);
  // Each item pays for one repair: the form offers only the free ones (and the one the edited repair holds).
  const held = await req.server.db
    .select({ item: reparaciones.ordendet_item, id: reparaciones.reparacion_id })
    .from(reparaciones)
    .where(and(eq(reparaciones.anio, anio), eq(reparaciones.nro_orden, nro)));
  const holder = new Map(held.map((h) => [h.item, h.id]));
  return { items: items.map((i) => ({ ...i, reparacion_id: holder.get(i.ordendet_item) ?? null })) };
}

type OrderRef = Pick<typeof reparaciones.$inferSelect, 'nro_orden' | 'anio' | 'orden_id' | 'ordendet_item'>;

/**
 * The repair's service-order reference and amount. A new or changed reference is checked against the logistics system
 * (the order and its item must exist; orden_id comes from it); an unchanged one is kept as stored. The amount is the
 * body's; without one, the chosen item's amount for a new or changed reference, the stored amount for an unchanged
 * one, else 0.
 */
async function orderRef(
  req: FastifyRequest,
  body: ReparacionBody,
  stored: (OrderRef & { monto: number }) | null,
): Promise<{ ref: OrderRef; monto: number }> {
  const r = await orderItem(req, body, stored);
  return { ref: r.ref, monto: body.monto ?? r.itemMonto ?? stored?.monto ?? 0 };
}

async function orderItem(
  req: FastifyRequest,
  body: ReparacionBody,
  stored: OrderRef | null,
): Promise<{ ref: OrderRef; itemMonto?: number }> {
  if (!body.nro_orden || body.anio == null)
    return { ref: { nro_orden: null, anio: null, orden_id: null, ordendet_item: null }, itemMonto: 0 };
  const same = stored && stored.nro_orden === body.nro_orden && stored.anio === body.anio && stored.ordendet_item === body.ordendet_item;
  if (same)
    return { ref: { nro_orden: stored.nro_orden, anio: stored.anio, orden_id: stored.orden_id, ordendet_item: stored.ordendet_item } };
  assertOrderYear(body.anio);
  const items = await integrations(req.server.config, req.server.db).logistica.getServiceOrder(body.nro_orden, body.anio);
  if (items.length === 0) throw badRequest(MSG.serviceOrderNotFound, { nro_orden: MSG.serviceOrderNotFound });
  const item = body.ordendet_item == null ? null : items.find((i) => i.ordendet_item === body.ordendet_item);
  if (body.ordendet_item != null && !item) throw badRequest(MSG.serviceOrderItemNotFound, { ordendet_item: MSG.serviceOrderItemNotFound });
  return {
    ref: { nro_orden: body.nro_orden, anio: body.anio, orden_id: (item ?? items[0]).orden_id, ordendet_item: body.ordendet_item },
    itemMonto: item?.monto ?? 0,
  };
}

/**
 * Checks the failure the repair takes: required while the machine has failures to offer (its pending ones and
 * the one this repair holds); of the repair's machine (400); not repaired by another repair (409).
 */
async function checkFalla(tx: Db, body: ReparacionBody, reparacionId: number | null, held: number | null): Promise<number | null> {
  const wanted = body.falla_id;
  if (wanted == null) {
    const offered = await fallasForReparacion(tx, body.maquinaria_id, reparacionId);
    if (offered.length > 0) throw badRequest(MSG.repairFailureRequired, { falla_id: MSG.repairFailureRequired });
    return null;
  }
  const [f] = await tx
    .select({ maquinaria_id: fallas.maquinaria_id, estado: fallas.estado })
    .from(fallas)
    .where(eq(fallas.falla_id, wanted))
    .for('update');
  if (!f) throw badRequest(MSG.failureNotFound, { falla_id: MSG.failureNotFound });
  if (f.maquinaria_id !== body.maquinaria_id) throw badRequest(MSG.repairFailureOtherMachine, { falla_id: MSG.repairFailureOtherMachine });
  if (wanted === held) return wanted;
  const [other] = await tx.select({ id: reparaciones.reparacion_id }).from(reparaciones).where(eq(reparaciones.falla_id, wanted));
  if (other) throw conflict(MSG.repairFailureTaken(other.id));
  if (f.estado !== 0) throw conflict(MSG.repairFailureRepaired);
  return wanted;
}

/**
 * An item of a service order pays for one repair: another repair holding the same item is refused (409), naming it.
 * Two saves of the same order wait for each other (an advisory lock on the order), so both cannot pass the check.
 */
async function checkOrderItem(tx: Db, ref: OrderRef, reparacionId: number | null): Promise<void> {
  if (ref.nro_orden === null || ref.anio === null || ref.ordendet_item === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reparaciones:${ref.anio}:${ref.nro_orden}`}))`);
  const [other] = await tx
    .select({ id: reparaciones.reparacion_id })
    .from(reparaciones)
    .where(
      and(
        eq(reparaciones.anio, ref.anio),
        eq(reparaciones.nro_orden, ref.nro_orden),
        eq(reparaciones.ordendet_item, ref.ordendet_item),
        reparacionId === null ? undefined : ne(reparaciones.reparacion_id, reparacionId),
      ),
    )
    .limit(1);
  if (other) {
    const msg = MSG.repairOrderItemTaken(ref.ordendet_item, `${ref.nro_orden}-${ref.anio}`, other.id);
    throw new AppError(409, msg, { ordendet_item: msg });
  }
}

/**
 * Sets a failure's status and records the change in the audit log; the machine's state follows: a closed failure
 * releases it (when nothing else keeps it stopped), a failure given back that stops the machine stops it again.
 */
async function setFallaState(ctx: ChangeContext, fallaId: number, estado: 0 | 1, reparacionId: number, userId: number | null) {
  const [row] = await ctx.tx
    .update(fallas)
    .set({ estado })
    .where(eq(fallas.falla_id, fallaId))
    .returning({ falla_id: fallas.falla_id, maquinaria_id: fallas.maquinaria_id, maquina_detenida: fallas.maquina_detenida });
  if (!row) return;
  await ctx.audit({
    action: 'update',
    resource: 'fallas',
    resource_id: fallaId,
    before: { estado: 1 - estado },
    after: { estado, reparacion_id: reparacionId },
  });
  if (estado === 1) {
    await liberarMaquina(ctx.tx, { maquinariaId: row.maquinaria_id, origen: 'REPARACION', refId: reparacionId, userId });
  } else if (row.maquina_detenida) {
    await detenerPorFalla(ctx.tx, { maquinariaId: row.maquinaria_id, fallaId, userId });
  }
}

function values(body: ReparacionBody, { ref, monto }: { ref: OrderRef; monto: number }, fallaId: number | null) {
  return {
    ...ref,
    monto,
    maquinaria_id: body.maquinaria_id,
    servicio: body.servicio,
    descripcion: body.descripcion,
    fecha: body.fecha,
    detalle: body.detalle,
    garantia: body.garantia,
    proveedor: body.proveedor,
    falla_id: fallaId,
  };
}

export async function createReparacion(req: FastifyRequest, body: ReparacionBody) {
  const ref = await orderRef(req, body, null);
  return runChange(
    req,
    async (ctx) => {
      await maquinariaPlate(ctx.tx, body.maquinaria_id);
      const fallaId = await checkFalla(ctx.tx, body, null, null);
      await checkOrderItem(ctx.tx, ref.ref, null);
      const [row] = await ctx.tx
        .insert(reparaciones)
        .values(values(body, ref, fallaId))
        .returning({ id: reparaciones.reparacion_id });
      if (fallaId != null) await setFallaState(ctx, fallaId, 1, row.id, req.user?.id ?? null);
      const after = await getReparacion(ctx.tx, row.id);
      await ctx.audit({ action: 'create', resource: RESOURCE, resource_id: row.id, after });
      return after;
    },
    201,
  );
}

async function lockReparacion(tx: Db, id: number) {
  const [row] = await tx.select().from(reparaciones).where(eq(reparaciones.reparacion_id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  return row;
}

export async function updateReparacion(req: FastifyRequest, id: number, body: ReparacionBody) {
  const [current] = await req.server.db.select().from(reparaciones).where(eq(reparaciones.reparacion_id, id));
  if (!current) throw notFound(MSG.notFound);
  const ref = await orderRef(req, body, current);
  return runChange(req, async (ctx) => {
    const stored = await lockReparacion(ctx.tx, id);
    const before = await getReparacion(ctx.tx, id);
    await maquinariaPlate(ctx.tx, body.maquinaria_id);
    const fallaId = await checkFalla(ctx.tx, body, id, stored.falla_id);
    await checkOrderItem(ctx.tx, ref.ref, id);
    await ctx.tx
      .update(reparaciones)
      .set(values(body, ref, fallaId))
      .where(eq(reparaciones.reparacion_id, id));
    if (stored.falla_id != null && stored.falla_id !== fallaId) await setFallaState(ctx, stored.falla_id, 0, id, req.user?.id ?? null);
    if (fallaId != null && fallaId !== stored.falla_id) await setFallaState(ctx, fallaId, 1, id, req.user?.id ?? null);
    const after = await getReparacion(ctx.tx, id);
    await ctx.audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deleteReparacion(req: FastifyRequest, id: number) {
  return runChange(req, async (ctx) => {
    const stored = await lockReparacion(ctx.tx, id);
    const before = await getReparacion(ctx.tx, id);
    await ctx.tx.delete(reparaciones).where(eq(reparaciones.reparacion_id, id));
    if (stored.falla_id != null) await setFallaState(ctx, stored.falla_id, 0, id, req.user?.id ?? null);
    await ctx.audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
