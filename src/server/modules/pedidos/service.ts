// Supply requests: create / edit with lines and trash / delete; only role 12 may set or change the status.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PedidoBody } from '@shared/contract/pedidos';
import { hasRole, ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, pedidos, pedidosDet, unimeds } from '../../db/schema/index';
import { badRequest, denied, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { planLineSync } from '../../lib/line-sync';
import { getPedido } from './repository';

type Line = PedidoBody['pedidos_det'][number];

async function assertMaquinaria(tx: Db, id: number): Promise<void> {
  const [m] = await tx.select({ id: maquinarias.id }).from(maquinarias).where(eq(maquinarias.id, id));
  if (!m) throw badRequest(MSG.machineNotFound, { maquinaria_id: MSG.machineNotFound });
}

/** Lines with their unit resolved (the supply's unit when none was chosen); unknown ids are a 400. */
async function resolveLines(tx: Db, lines: Line[]) {
  const ids = [...new Set(lines.map((l) => l.insumo_id))];
  const found = await tx.select({ id: insumos.id, unimed_id: insumos.unimed_id }).from(insumos).where(inArray(insumos.id, ids));
  const unitOf = new Map(found.map((f) => [f.id, f.unimed_id]));
  if (unitOf.size !== ids.length) throw badRequest(MSG.supplyNotFound, { pedidos_det: MSG.supplyNotFound });
  const units = [...new Set(lines.map((l) => l.unimed_id).filter((u): u is number => u != null))];
  if (units.length > 0) {
    const u = await tx.select({ id: unimeds.unimed_id }).from(unimeds).where(inArray(unimeds.unimed_id, units));
    if (u.length !== units.length) throw badRequest(MSG.unitNotFound, { pedidos_det: MSG.unitNotFound });
  }
  return lines.map((l) => ({ ...l, unimed_id: l.unimed_id ?? (unitOf.get(l.insumo_id) as number) }));
}

function assertStatusChange(req: FastifyRequest, from: number, to: number | null | undefined): number {
  if (to == null || to === from) return from;
  if (!hasRole(req.user?.roles, ROLE.pedidoEditarEstado)) throw denied(MSG.requestStatusForbidden);
  return to;
}

export function createPedido(req: FastifyRequest, body: PedidoBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const estado = assertStatusChange(req, 0, body.estado);
      await assertMaquinaria(tx, body.maquinaria_id);
      const lines = await resolveLines(tx, body.pedidos_det);
      const [row] = await tx
        .insert(pedidos)
        .values({
          maquinaria_id: body.maquinaria_id,
          fecha: body.fecha,
          observacion: body.observacion,
          estado,
          user_id: req.user?.id ?? null,
        })
        .returning({ id: pedidos.pedido_id });
      await tx
        .insert(pedidosDet)
        .values(lines.map((l) => ({ pedido_id: row.id, insumo_id: l.insumo_id, unimed_id: l.unimed_id, cantidad: l.cantidad })));
      const after = await getPedido(tx, row.id);
      await audit({ action: 'create', resource: 'pedidos', resource_id: row.id, after });
      return after;
    },
    201,
  );
}

export function updatePedido(req: FastifyRequest, id: number, body: PedidoBody) {
  return runChange(req, async ({ tx, audit }) => {
    const [cur] = await tx.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.pedido_id, id)).for('update');
    if (!cur) throw notFound(MSG.notFound);
    const estado = assertStatusChange(req, cur.estado, body.estado);
    const before = await getPedido(tx, id);
    await assertMaquinaria(tx, body.maquinaria_id);
    const lines = await resolveLines(tx, body.pedidos_det);
    const plan = planLineSync(
      before.pedidos_det,
      lines,
      body.trash,
      (s) => s.pedido_det_id,
      (l) => l.pedido_det_id,
    );
    await tx
      .update(pedidos)
      .set({ maquinaria_id: body.maquinaria_id, fecha: body.fecha, observacion: body.observacion, estado })
      .where(eq(pedidos.pedido_id, id));
    const gone = plan.deletes.map((d) => d.pedido_det_id);
    if (gone.length > 0) await tx.delete(pedidosDet).where(inArray(pedidosDet.pedido_det_id, gone));
    for (const { stored, incoming } of plan.updates) {
      await tx
        .update(pedidosDet)
        .set({ insumo_id: incoming.insumo_id, unimed_id: incoming.unimed_id, cantidad: incoming.cantidad })
        .where(eq(pedidosDet.pedido_det_id, stored.pedido_det_id));
    }
    if (plan.inserts.length > 0) {
      await tx
        .insert(pedidosDet)
        .values(plan.inserts.map((l) => ({ pedido_id: id, insumo_id: l.insumo_id, unimed_id: l.unimed_id, cantidad: l.cantidad })));
    }
    const after = await getPedido(tx, id);
    await audit({ action: 'update', resource: 'pedidos', resource_id: id, before, after });
    return after;
  });
}

export function deletePedido(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [cur] = await tx.select({ id: pedidos.pedido_id }).from(pedidos).where(eq(pedidos.pedido_id, id)).for('update');
    if (!cur) throw notFound(MSG.notFound);
    const before = await getPedido(tx, id);
    await tx.delete(pedidos).where(eq(pedidos.pedido_id, id));
    await audit({ action: 'delete', resource: 'pedidos', resource_id: id, before });
    return { message: MSG.deleted };
  });
}
