// Photos of a failure contract: the multipart upload (field `foto`), the limits and the photo's metadata row.
import { z } from 'zod';
import { MSG } from '../messages';
import { id } from './common';

/** Limits of the server (the client resizes to about 1600 px / 300 KB long before these). */
export const FOTO_MAX_BYTES = 10 * 1024 * 1024;
export const FOTOS_PER_FALLA = 5;
export const FOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The parsed multipart body: the file's bytes under `foto` (its type is read from the bytes, not the name). */
export const fotoUploadBody = z.object({
  foto: z.custom<Uint8Array>((v) => v instanceof Uint8Array && v.byteLength > 0, { message: MSG.photoRequired }),
});

export const fotoIdParam = z.object({ id });

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
