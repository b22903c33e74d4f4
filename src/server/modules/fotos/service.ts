// Photo rules: only images (by content), at most FOTOS_PER_FALLA per failure (counted with the failure locked),
// idempotent uploads through runChange (the file enters the request fingerprint as its digest); the audit
// keeps the metadata, never the bytes.
import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { FOTOS_PER_FALLA, type FotoRow } from '@shared/contract/fotos';
import { ROLE, hasRole } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, fotos } from '../../db/schema/index';
import { AppError, conflict, denied, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { asBuffer, getFotoMeta } from './repository';
import { sniffImage } from './image-type';

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

export function addFoto(req: FastifyRequest, fallaId: number, file: Uint8Array): Promise<FotoRow> {
  const bytes = asBuffer(file);
  const info = sniffImage(bytes);
  if (!info) throw new AppError(415, MSG.photoNotImage, { foto: MSG.photoNotImage });
  return runChange(
    req,
    async ({ tx, audit }) => {
      // Locking the failure makes concurrent uploads count one after the other.
      const [f] = await tx.select({ id: fallas.falla_id }).from(fallas).where(eq(fallas.falla_id, fallaId)).for('update');
      if (!f) throw notFound(MSG.failureNotFound);
      const [{ n }] = await tx.select({ n: count() }).from(fotos).where(eq(fotos.falla_id, fallaId));
      if (n >= FOTOS_PER_FALLA) throw conflict(MSG.photoLimit(FOTOS_PER_FALLA));
      const [row] = await tx
        .insert(fotos)
        .values({
          falla_id: fallaId,
          mime: info.mime,
          size: bytes.byteLength,
          width: info.width,
          height: info.height,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          data: bytes,
          user_id: req.user?.id ?? null,
        })
        .returning({ id: fotos.id });
      const after = await getFotoMeta(tx, row.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: row.id, after });
      return after;
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
