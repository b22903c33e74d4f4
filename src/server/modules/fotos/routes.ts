// HTTP routes of the photos of a failure: upload (multipart field `foto`), list, the image itself, delete.
// Multipart is parsed only in this plugin; the file arrives as bytes in `req.body.foto`.
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { FOTO_MAX_BYTES, fotosApi as api } from '@shared/contract/fotos';
import { ordenestrabajoApi } from '@shared/contract/ordenestrabajo';
import { MSG } from '@shared/messages';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { fotosOfFalla, getFotoFile } from './repository';
import { addFoto, addFotoOrden, assertMayAddPhoto, deleteFoto } from './service';

const PARSED = Symbol('multipart parsed');
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** Photos never change (a new photo is a new id): the browser may keep them as long as it likes. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);

export default async function fotosRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: FOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  // Upload failures get their own answers; anything else goes on to the app's error handler.
  app.setErrorHandler((err: FastifyError, req: FastifyRequest) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MSG.photoTooLarge(FOTO_MAX_BYTES / 1024 / 1024));
    if (err.code === 'FST_FILES_LIMIT') throw new AppError(400, MSG.photoOneFile);
    // A broken multipart body (cut short, bad boundary) fails while it is read, before validation.
    const unreadBody = req.isMultipart() && !(req as unknown as Record<symbol, boolean>)[PARSED];
    if (unreadBody && !(err instanceof AppError) && !(err.statusCode && err.statusCode < 500)) throw new AppError(400, MSG.invalidInput);
    throw err;
  });

  route(app, api.upload, async (req) => addFoto(req, req.params.falla_id, req.body.foto), {
    // 33 adds photos to any failure; 32 to the failures its user reported (selfAllowed: assertMayAddPhoto).
    onRequest: async (req) => {
      const fallaId = Number((req.params as Record<string, unknown>).falla_id);
      if (Number.isInteger(fallaId) && fallaId > 0) await assertMayAddPhoto(app.db, req, fallaId);
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) throw new AppError(415, MSG.photoMultipart);
      (req as unknown as Record<symbol, boolean>)[PARSED] = true;
    },
  });

  // A work order's photos (code 72): the outbox uploads them after the order's save is accepted.
  route(app, ordenestrabajoApi.uploadFoto, async (req) => addFotoOrden(req, req.params.uid, req.body.foto), {
    preValidation: async (req) => {
      if (!req.isMultipart()) throw new AppError(415, MSG.photoMultipart);
      (req as unknown as Record<symbol, boolean>)[PARSED] = true;
    },
  });

  route(app, api.list, async (req) => fotosOfFalla(app.db, req.params.falla_id));

  route(app, api.file, async (req, reply) => {
    const f = await getFotoFile(app.db, req.params.id);
    const etag = `"${f.sha256}"`;
    reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
    return reply
      .type(f.mime)
      .header(
        'Content-Disposition',
        `inline; filename="${f.falla_id ? `falla-${f.falla_id}` : 'orden'}-foto-${f.id}.${EXTENSION[f.mime] ?? 'img'}"`,
      )
      .send(f.data);
  });

  route(app, api.remove, async (req) => deleteFoto(req, req.params.id));
}
