// Failures (fallas) contract: list filter, the failure body of the modal, the pending failures of a
// machine for the repair modal, and the row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, editorMode, id, machineDateRange, optionalText, text } from './common';
import { blankToNull, withMachineId } from './form-values';
import { fotoRow } from './fotos';
import { optionalId } from './salidas';

export const fallaListBody = machineDateRange;
export const fallaIdParam = z.object({ falla_id: id });

/**
 * Create and edit. `estado` is not taken from the body (the form shows it disabled; repairs change it).
 * `created_at`, on create only: when the failure was reported on the device (an offline save reaches the
 * server later), an ISO 8601 time or a date (taken as Lima noon); a time ahead of the server's clock is taken as now.
 */
export const fallaBody = z.object({
  maquinaria_id: id,
  descripcion: text(250),
  detalle: optionalText(4000),
  created_at: z.preprocess(
    (v) => {
      const d = blankToNull(v);
      return typeof d === 'string' && dateStr.safeParse(d).success ? `${d}T12:00:00-05:00` : d;
    },
    z.iso
      .datetime({ offset: true, error: FIELD.invalidValue })
      .refine((s) => !Number.isNaN(Date.parse(s)), FIELD.invalidValue)
      .nullish(),
  ),
  editorMode,
});
export type FallaBody = z.infer<typeof fallaBody>;

/**
 * POST /api/fallas/bymaquinaria: the repair form (`maquinaria_id`, or `maquinaria.id`) and, when a repair is
 * being edited, its `reparacion_id`, so the failure it already holds is offered too.
 */
export const fallasByMaquinariaBody = withMachineId(z.object({ maquinaria_id: id, reparacion_id: optionalId }));
export type FallasByMaquinariaBody = z.infer<typeof fallasByMaquinariaBody>;

export const fallaEstado = z.union([z.literal(0), z.literal(1)]);

export const fallaRow = z.object({
  falla_id: z.number(),
  maquinaria_id: z.number(),
  placa: z.string(),
  /** The machine's description. */
  maquinaria: z.string(),
  descripcion: z.string(),
  detalle: z.string().nullable(),
  /** 0 PENDIENTE, 1 REPARADO. */
  estado: fallaEstado,
  /** created_at as a Lima date (the list's date column and filter). */
  fecha: z.string(),
  created_at: z.string(),
  nro_fotos: z.number(),
  /** The repair that closed it. */
  reparacion_id: z.number().nullable(),
});
export type FallaRow = z.infer<typeof fallaRow>;

/** One failure with its photos' metadata (view, and the answer of a create or an edit). */
export const fallaDetail = fallaRow.extend({ fotos: z.array(fotoRow) });
export type FallaDetail = z.infer<typeof fallaDetail>;

/** A failure offered by the repair modal's selector. */
export const fallaOption = z.object({
  falla_id: z.number(),
  descripcion: z.string(),
  detalle: z.string().nullable(),
  estado: fallaEstado,
  fecha: z.string(),
});
export type FallaOption = z.infer<typeof fallaOption>;
