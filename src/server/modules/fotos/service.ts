// Photo rules: only images (by content), at most FOTOS_PER_FALLA per failure (counted with the failure locked),
// idempotent uploads through runChange (the file enters the request fingerprint as its digest); the audit
// keeps the metadata, never the bytes.
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FOTOS_PER_FALLA, type FotoRow } from '@shared/contract/fotos';
import { FOTOS_PER_ORDEN, type OrdenFotoRow } from '@shared/contract/ordenestrabajo';
import { ROLE, hasRole } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, fotos, ordenesTrabajo } from '../../db/schema/index';
import { AppError, conflict, denied, notFound } from '../../lib/errors';
import { runChange, type ChangeContext } from '../../plugins/change';
import { asBuffer, getFotoMeta } from './repository';
import { sniffImage, type ImageInfo } from './image-type';

const RESOURCE = 'fotos';

/**
 * Who may add photos to a failure: an editor of failures (33) to any; whoever reports failures (32) to the
 * ones they reported themselves (the field device uploads its photos after the failure is accepted).
 */
export async function assertMayAddPhoto(db: Db, req: FastifyRequest, fallaId: number): Promise<void> {
  const roles = req.user?.roles;
  if (hasRole(roles, ROLE.fallaEditar)) return;
  if (!hasRole(roles, ROLE.fallaNuevo)) throw denied(MSG.forbidden);
  const [f] = await db.select({ user_id: fallas.user_id }).from(fallas).where(eq(fallas.falla_id, fallaId));
  if (!f || f.user_id !== req.user?.id) throw denied(MSG.photoNotOwner);
}

/** Whose photo it is: a failure's or a work order's (fotos_duenio_chk: exactly one). */
type Owner = { falla_id: number; ot_id?: undefined } | { ot_id: number; falla_id?: undefined };

/** Stores an image inside the change (its type from the bytes) and audits its metadata. */
async function storeFoto(ctx: ChangeContext, owner: Owner, bytes: Buffer, info: ImageInfo, userId: number | null) {
  const [row] = await ctx.tx
    .insert(fotos)
    .values({
      falla_id: owner.falla_id ?? null,
      ot_id: owner.ot_id ?? null,
      mime: info.mime,
      size: bytes.byteLength,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
      user_id: userId,
    })
    .returning({ id: fotos.id });
  const after = await getFotoMeta(ctx.tx, row.id);
  await ctx.audit({ action: 'create', resource: RESOURCE, resource_id: row.id, after });
  return after;
}

function imageOf(file: Uint8Array): { bytes: Buffer; info: ImageInfo } {
  const bytes = asBuffer(file);
  const info = sniffImage(bytes);
  if (!info) throw new AppError(415, MSG.photoNotImage, { foto: MSG.photoNotImage });
  return { bytes, info };
}

export function addFoto(req: FastifyRequest, fallaId: number, file: Uint8Array): Promise<FotoRow> {
  const { bytes, info } = imageOf(file);
  return runChange(
    req,
    async (ctx) => {
      // Locking the failure makes concurrent uploads count one after the other.
      const [f] = await ctx.tx.select({ id: fallas.falla_id }).from(fallas).where(eq(fallas.falla_id, fallaId)).for('update');
      if (!f) throw notFound(MSG.failureNotFound);
      const [{ n }] = await ctx.tx.select({ n: count() }).from(fotos).where(eq(fotos.falla_id, fallaId));
      if (n >= FOTOS_PER_FALLA) throw conflict(MSG.photoLimit(FOTOS_PER_FALLA));
      return (await storeFoto(ctx, { falla_id: fallaId }, bytes, info, req.user?.id ?? null)) as FotoRow;
    },
    201,
  );
}

/** A photo of a work order (by its uid), up to FOTOS_PER_ORDEN, counted with the order locked; a closed order takes them too. */
export function addFotoOrden(req: FastifyRequest, uid: string, file: Uint8Array): Promise<OrdenFotoRow> {
  const { bytes, info } = imageOf(file);
  return runChange(
    req,
    async (ctx) => {
      const [o] = await ctx.tx.select({ id: ordenesTrabajo.ot_id }).from(ordenesTrabajo).where(eq(ordenesTrabajo.uid, uid)).for('update');
      if (!o) throw notFound(MSG.ordenNotFound);
      const [{ n }] = await ctx.tx.select({ n: count() }).from(fotos).where(eq(fotos.ot_id, o.id));
      if (n >= FOTOS_PER_ORDEN) throw conflict(MSG.ordenFotoLimite(FOTOS_PER_ORDEN));
      return (await storeFoto(ctx, { ot_id: o.id }, bytes, info, req.user?.id ?? null)) as unknown as OrdenFotoRow;
    },
    201,
  );
}

export function deleteFoto(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [locked] = await tx.select({ id: fotos.id }).from(fotos).where(eq(fotos.id, id)).for('update');
    if (!locked) throw notFound(MSG.notFound);
    const before = await getFotoMeta(tx, id);
    await tx.delete(fotos).where(eq(fotos.id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
