// Photos of a failure contract: the multipart upload (field `foto`), the limits and the photo's metadata row.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { MSG } from '../messages';
import { id, messageResponse } from './common';
import { endpoint, fileAnswer } from './endpoint';

/** Limits of the server (the client resizes to about 1600 px / 300 KB long before these). */
export const FOTO_MAX_BYTES = 10 * 1024 * 1024;
export const FOTOS_PER_FALLA = 5;
export const FOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The parsed multipart body: the file's bytes under `foto` (its type is read from the bytes, not the name). */
export const fotoUploadBody = z.object({
  foto: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array && v.byteLength > 0, { message: MSG.photoRequired })
    // What the OpenAPI document shows for the file part (a custom check has no JSON Schema of its own).
    .meta({ type: 'string', format: 'binary', description: 'La imagen: JPEG, PNG o WebP' }),
});

export const fotoIdParam = z.object({ id });
/** A failure in a path (`/api/fallas/:falla_id`, and its photos); here because fallas.ts imports this file. */
export const fallaIdParam = z.object({ falla_id: id });

export const fotoRow = z.object({
  id: z.number(),
  falla_id: z.number(),
  mime: z.enum(FOTO_TYPES),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: z.string(),
  /** Who uploaded it (null when that user was deleted). */
  usuario: z.string().nullable(),
});
export type FotoRow = z.infer<typeof fotoRow>;

/** The endpoints of the photos of a failure. */
export const fotosApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/fallas/:falla_id/fotos',
    summary: 'Agrega una foto a una falla (campo `foto` de un formulario multipart)',
    description: `Con el código 33, a cualquier falla; con el 32, solo a las fallas que reportó el mismo usuario (403 si no). El tipo se lee del contenido: JPEG, PNG o WebP (415 si no es una imagen o el cuerpo no es multipart); hasta ${FOTO_MAX_BYTES / 1024 / 1024} MB (413) y ${FOTOS_PER_FALLA} fotos por falla (409).`,
    access: [ROLE.fallaEditar],
    selfAllowed: true,
    idempotent: true,
    params: fallaIdParam,
    body: fotoUploadBody,
    multipart: true,
    answer: fotoRow,
    status: 201,
    errors: [409, 413, 415],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/fallas/:falla_id/fotos',
    summary: 'Los datos de las fotos de una falla (sin la imagen), en el orden en que se subieron',
    access: READERS.fallas,
    params: fallaIdParam,
    answer: z.array(fotoRow),
  }),
  file: endpoint({
    method: 'GET',
    path: '/api/fotos/:id',
    summary: 'La imagen de una foto, con su tipo (JPEG, PNG o WebP)',
    description:
      'Una foto no cambia nunca: se responde con `ETag` y caché inmutable, y 304 sin cuerpo cuando `If-None-Match` trae el mismo ETag.',
    access: READERS.fallas,
    params: fotoIdParam,
    answer: fileAnswer('image/*'),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/fotos/:id',
    summary: 'Elimina una foto de una falla',
    access: [ROLE.fallaEditar],
    idempotent: true,
    params: fotoIdParam,
    answer: messageResponse,
  }),
} as const;
