// Costs contract: a cost schedule with its priced lines (services), each with a unit, and its rows.
import { z } from 'zod';
import { FIELD } from '../messages';
import { amount, editorMode, id, state01, text, timestampOut } from './common';
import { optionalId, trashOf } from './salidas';

/** Units of a cost line; a report line in HORA or KM adds to a machine's hour meter or odometer. */
export const UNIDADES = ['HORA', 'KM', 'DIA', 'VIAJE', 'M3'] as const;
export type Unidad = (typeof UNIDADES)[number];

export const unidad = z.enum(UNIDADES, { error: FIELD.unit });

export const costoLine = z.object({
  costo_det_id: optionalId,
  descripcion: text(200),
  precio: amount,
  estado: state01.default(1),
  unidad: unidad.default('HORA'),
});

export const costoBody = z.object({
  id: id.nullish(),
  descripcion: text(200),
  estado: state01.default(1),
  costos_det: z
    .array(costoLine)
    .max(200)
    .nullish()
    .transform((v) => v ?? []),
  trash: trashOf('costo_det_id'),
  editorMode,
});
export type CostoBody = z.infer<typeof costoBody>;

export const costoLineRow = z.object({
  costo_det_id: z.number(),
  costo_id: z.number(),
  descripcion: z.string(),
  precio: z.number(),
  estado: z.number(),
  unidad: z.enum(UNIDADES),
  /** Daily-report lines that use it: such a line cannot be removed. */
  en_uso: z.boolean(),
});
export type CostoLineRow = z.infer<typeof costoLineRow>;

export const costoRow = z.object({
  id: z.number(),
  descripcion: z.string(),
  estado: z.number(),
  /** The hidden details column: 'service (unit) price; …'. */
  detalle: z.string(),
  created_at: timestampOut,
  costos_det: z.array(costoLineRow),
});
export type CostoRow = z.infer<typeof costoRow>;
