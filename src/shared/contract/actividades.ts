// Activities contract: form body and list row.
import { z } from 'zod';
import { editorMode, id, state01, text } from './common';

export const actividadBody = z.object({
  id: id.nullish(),
  activ_nombre: text(200),
  activ_estado: state01.default(1),
  editorMode,
});
export type ActividadBody = z.infer<typeof actividadBody>;

export const actividadRow = z.object({
  id: z.number(),
  activ_nombre: z.string(),
  activ_estado: z.number(),
  created_at: z.string(),
});
export type ActividadRow = z.infer<typeof actividadRow>;
