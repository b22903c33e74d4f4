// Failure rules: created PENDIENTE (only repairs change the status), idempotent creates from the field outbox,
// the machine of a repaired failure stays, and only a pending failure can be deleted (its photos go with it).
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FallaBody, FallaDetail, FallasByMaquinariaBody } from '@shared/contract/fallas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, maquinarias, reparaciones } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { runChange, type ChangeContext } from '../../plugins/change';
import { maquinariaPlate } from '../maquinarias/repository';
import { fallasForReparacion, getFalla } from './repository';

const RESOURCE = 'fallas';

/** When the failure was reported: the device's time of an offline save, never later than now. */
function reportedAt(createdAt: string | null | undefined): string | undefined {
  if (!createdAt) return undefined;
  const t = Date.parse(createdAt);
  return t < Date.now() ? new Date(t).toISOString() : undefined;
}

export interface NuevaFalla {
  maquinaria_id: number;
  descripcion: string;
  detalle: string | null;
  userId: number | null;
  created_at?: string | null;
}

/**
 * Reports a failure inside the caller's transaction (created PENDIENTE) and audits it: the failures form, and a work
 * order's checklist item found OBSERVADO.
 */
export async function insertFalla(ctx: ChangeContext, f: NuevaFalla): Promise<FallaDetail> {
  await maquinariaPlate(ctx.tx, f.maquinaria_id);
  const [row] = await ctx.tx
    .insert(fallas)
    .values({
      maquinaria_id: f.maquinaria_id,
      descripcion: f.descripcion,
      detalle: f.detalle,
      estado: 0,
      user_id: f.userId,
      created_at: reportedAt(f.created_at),
    })
    .returning({ falla_id: fallas.falla_id });
  const after = await getFalla(ctx.tx, row.falla_id);
  await ctx.audit({ action: 'create', resource: RESOURCE, resource_id: row.falla_id, after });
  return after;
}

export function createFalla(req: FastifyRequest, body: FallaBody) {
  return runChange(req, (ctx) => insertFalla(ctx, { ...body, userId: req.user?.id ?? null }), 201);
}

async function lockFalla(tx: Db, id: number) {
  const [row] = await tx
    .select({ estado: fallas.estado, maquinaria_id: fallas.maquinaria_id })
    .from(fallas)
    .where(eq(fallas.falla_id, id))
    .for('update');
  if (!row) throw notFound(MSG.failureNotFound);
  return row;
}

/** Edits machine, description and detail; the status stays (a repair sets it). */
export function updateFalla(req: FastifyRequest, id: number, body: FallaBody) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockFalla(tx, id);
    const before = await getFalla(tx, id);
    if (body.maquinaria_id !== stored.maquinaria_id) {
      await maquinariaPlate(tx, body.maquinaria_id);
      const [repair] = await tx.select({ id: reparaciones.reparacion_id }).from(reparaciones).where(eq(reparaciones.falla_id, id));
      if (repair) throw conflict(MSG.failureMachineLocked);
    }
    await tx
      .update(fallas)
      .set({ maquinaria_id: body.maquinaria_id, descripcion: body.descripcion, detalle: body.detalle })
      .where(eq(fallas.falla_id, id));
    const after = await getFalla(tx, id);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deleteFalla(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockFalla(tx, id);
    if (stored.estado !== 0) throw forbidden(MSG.failureNotPending);
    const before = await getFalla(tx, id);
    await tx.delete(fallas).where(eq(fallas.falla_id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}

/** The failures the repair modal offers for a machine (404 for an unknown machine). */
export async function fallasByMaquinaria(db: Db, body: FallasByMaquinariaBody) {
  const [m] = await db.select({ id: maquinarias.id }).from(maquinarias).where(eq(maquinarias.id, body.maquinaria_id));
  if (!m) throw notFound(MSG.machineNotFound);
  return fallasForReparacion(db, body.maquinaria_id, body.reparacion_id);
}
