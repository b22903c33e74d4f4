// Repairs (reparaciones) contract: list filter, service-order lookup, the repair body of the modal
// and the row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, editorMode, id, machineDateRange, numeric, optionalText, text } from './common';
import { asText, blankToNull, withMachineId } from './form-values';
import { orderYear } from './ingresos';
import { optionalId } from './salidas';

export const reparacionListBody = machineDateRange;
export const reparacionIdParam = z.object({ reparacion_id: id });

export const infoOrdenServicioBody = z.object({ nro_orden: z.preprocess(asText, text(20)), anio: orderYear });
export type InfoOrdenServicioBody = z.infer<typeof infoOrdenServicioBody>;

export const serviceOrderItem = z.object({
  ordendet_desart: z.string(),
  reqadj_actividades: z.string().nullable(),
  reqadj_garantia: z.string().nullable(),
  pers_nombre: z.string(),
  orden_fechadoc: z.string(),
  orden_id: z.number(),
  ordendet_item: z.number(),
});
export const infoOrdenServicio = z.object({ items: z.array(serviceOrderItem) });
export type InfoOrdenServicio = z.infer<typeof infoOrdenServicio>;

const itemNo = numeric(
  z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue),
);

/**
 * Create and edit. `maquinaria_id` may come as `maquinaria.id` (spec shape). `falla_id` is required when the
 * machine has failures to offer (the server decides); `old_falla` is accepted and ignored: the server knows
 * which failure the repair held. With `nro_orden` the year is required and, when they changed, the order
 * (and `ordendet_item`) must exist in the logistics system; `orden_id` is then taken from it.
 */
export const reparacionBody = withMachineId(
  z
    .object({
      maquinaria_id: id,
      nro_orden: z.preprocess(asText, optionalText(20)),
      anio: z.preprocess(blankToNull, orderYear.nullish()).transform((v) => v ?? null),
      orden_id: optionalId,
      ordendet_item: z.preprocess(blankToNull, itemNo.nullish()).transform((v) => v ?? null),
      servicio: optionalText(250),
      descripcion: text(4000),
      fecha: dateStr,
      detalle: optionalText(4000),
      garantia: optionalText(120),
      proveedor: optionalText(250),
      falla_id: optionalId,
      old_falla: optionalId,
      editorMode,
    })
    .refine((v) => !v.nro_orden || v.anio != null, { message: FIELD.required, path: ['anio'] }),
);
export type ReparacionBody = z.infer<typeof reparacionBody>;

export const reparacionRow = z.object({
  reparacion_id: z.number(),
  nro_orden: z.string().nullable(),
  anio: z.number().nullable(),
  orden_id: z.number().nullable(),
  ordendet_item: z.number().nullable(),
  maquinaria_id: z.number(),
  /** Spec shape of the repair's machine. */
  maquinaria: z.object({ id: z.number(), placa: z.string(), descripcion: z.string() }),
  placa: z.string(),
  servicio: z.string().nullable(),
  descripcion: z.string(),
  detalle: z.string().nullable(),
  proveedor: z.string().nullable(),
  garantia: z.string().nullable(),
  fecha: z.string(),
  falla_id: z.number().nullable(),
  /** The repaired failure's short description. */
  falla: z.string().nullable(),
  created_at: z.string(),
});
export type ReparacionRow = z.infer<typeof reparacionRow>;

/** One repair for the edit modal: `old_falla` is the failure it holds now (sent back on save, as the spec does). */
export const reparacionDetail = reparacionRow.extend({ old_falla: z.number().nullable() });
export type ReparacionDetail = z.infer<typeof reparacionDetail>;
