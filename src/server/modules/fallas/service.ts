// Failure rules: created PENDIENTE (only repairs change the status), idempotent creates from the field outbox,
// the machine of a repaired failure stays, and only a pending failure can be deleted (its photos go with it).
// A pending failure with "máquina detenida" puts its machine EN REPARACION (origin FALLA); when it stops being one
// (unticked, deleted, moved to another machine) the machine returns to OPERATIVO unless something else keeps it
// stopped (docs/architecture.md, "Machine state").
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FallaBody, FallaDetail, FallasByMaquinariaBody } from '@shared/contract/fallas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, maquinarias, reparaciones } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { runChange, type ChangeContext } from '../../plugins/change';
import { detenerPorFalla, liberarMaquina } from '../maquinarias/estados';
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
  /** The machine cannot work: it goes EN REPARACION from when the failure was reported. */
  maquina_detenida?: boolean | null;
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
      maquina_detenida: f.maquina_detenida ?? false,
      estado: 0,
      user_id: f.userId,
      created_at: reportedAt(f.created_at),
    })
    .returning({ falla_id: fallas.falla_id });
  if (f.maquina_detenida) {
    // Stopped since it was reported (an offline report reaches the server later).
    await detenerPorFalla(ctx.tx, {
      maquinariaId: f.maquinaria_id,
      fallaId: row.falla_id,
      userId: f.userId,
      desde: reportedAt(f.created_at),
    });
  }
  const after = await getFalla(ctx.tx, row.falla_id);
  await ctx.audit({ action: 'create', resource: RESOURCE, resource_id: row.falla_id, after });
  return after;
}

export function createFalla(req: FastifyRequest, body: FallaBody) {
  return runChange(req, (ctx) => insertFalla(ctx, { ...body, userId: req.user?.id ?? null }), 201);
}

async function lockFalla(tx: Db, id: number) {
  const [row] = await tx
    .select({ estado: fallas.estado, maquinaria_id: fallas.maquinaria_id, maquina_detenida: fallas.maquina_detenida })
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
    const detenida = body.maquina_detenida ?? stored.maquina_detenida;
    await tx
      .update(fallas)
      .set({ maquinaria_id: body.maquinaria_id, descripcion: body.descripcion, detalle: body.detalle, maquina_detenida: detenida })
      .where(eq(fallas.falla_id, id));
    if (stored.estado === 0) {
      const userId = req.user?.id ?? null;
      // The machine it stopped is released when the failure no longer stops it there; the one it stops now stops.
      if (stored.maquina_detenida && (!detenida || body.maquinaria_id !== stored.maquinaria_id)) {
        await liberarMaquina(tx, { maquinariaId: stored.maquinaria_id, origen: 'FALLA', refId: id, userId, exceptFalla: id });
      }
      if (detenida) await detenerPorFalla(tx, { maquinariaId: body.maquinaria_id, fallaId: id, userId });
    }
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
    if (stored.maquina_detenida) {
      await liberarMaquina(tx, { maquinariaId: stored.maquinaria_id, origen: 'FALLA', refId: null, userId: req.user?.id ?? null });
    }
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
