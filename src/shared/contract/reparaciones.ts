// Repairs (reparaciones) contract: list filter, service-order lookup, the repair body of the modal
// and the row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import {
  amount,
  dateStr,
  editorMode,
  id,
  idParam,
  maquinariaDateRange,
  messageResponse,
  numeric,
  optionalId,
  optionalText,
  orderYear,
  text,
} from './common';
import { endpoint } from './endpoint';
import { RANGE_MONTHS, rangeDoc } from './ranges';
import { asText, blankToNull, withMaquinariaId } from './form-values';

export const reparacionListBody = maquinariaDateRange(RANGE_MONTHS.reparaciones);
export const reparacionIdParam = z.object({ reparacion_id: id });

export const infoOrdenServicioBody = z.object({ nro_orden: z.preprocess(asText, text(20)), anio: orderYear });

export const serviceOrderItem = z.object({
  ordendet_desart: z.string(),
  reqadj_actividades: z.string().nullable(),
  reqadj_garantia: z.string().nullable(),
  pers_nombre: z.string(),
  orden_fechadoc: z.string(),
  orden_id: z.number(),
  ordendet_item: z.number(),
  /** The item's amount in soles: what the repair form proposes as the repair's amount. */
  monto: z.number(),
});
/** An item as the repair form is offered it: with the repair that already holds it (null while it is free). */
const serviceOrderItemOffered = serviceOrderItem.extend({ reparacion_id: z.number().nullable() });
export const infoOrdenServicio = z.object({ items: z.array(serviceOrderItemOffered) });
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
export const reparacionBody = withMaquinariaId(
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
      /** What the repair cost (soles, ≥ 0). Missing: the chosen service-order item's amount (kept as stored on an edit of the same item). */
      monto: z.preprocess(blankToNull, amount.nullish()).transform((v) => v ?? null),
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
  /** What the repair cost (soles). */
  monto: z.number(),
  falla_id: z.number().nullable(),
  /** The repaired failure's short description. */
  falla: z.string().nullable(),
  created_at: z.string(),
});
export type ReparacionRow = z.infer<typeof reparacionRow>;

/** One repair for the edit modal: `old_falla` is the failure it holds now (sent back on save, as the spec does). */
export const reparacionDetail = reparacionRow.extend({ old_falla: z.number().nullable() });
export type ReparacionDetail = z.infer<typeof reparacionDetail>;

const FAILURE_RULE =
  'La falla es obligatoria mientras la máquina tenga fallas que ofrecer, y debe ser de la misma máquina (400); una falla ya reparada o tomada por otra reparación es un 409. Con `nro_orden`, la orden (y su ítem) deben existir en el sistema de logística (400).';

/** The endpoints of repairs. */
export const reparacionesApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/reparaciones/list',
    summary: 'Reparaciones de una máquina (0 = todas) entre dos fechas, la más reciente primero',
    description: rangeDoc(RANGE_MONTHS.reparaciones),
    access: READERS.reparaciones,
    body: reparacionListBody,
    answer: z.array(reparacionRow),
  }),
  orden: endpoint({
    method: 'POST',
    path: '/api/reparaciones/getinforden',
    summary: 'Busca una orden de servicio en el sistema de logística: sus ítems, cada uno con la reparación que ya lo tiene',
    description: 'El año va de 2022 al del servidor (400 fuera de ese rango); 404 si la orden no existe.',
    access: READERS.ordenesServicio,
    body: infoOrdenServicioBody,
    answer: infoOrdenServicio,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/reparaciones/:id',
    summary: 'Una reparación, con la falla que tiene ahora (`old_falla`)',
    access: READERS.reparaciones,
    params: idParam,
    answer: reparacionDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/reparaciones',
    summary: 'Registra una reparación y marca su falla como reparada',
    description: FAILURE_RULE,
    access: [ROLE.reparacionNuevo],
    idempotent: true,
    body: reparacionBody,
    answer: reparacionDetail,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/reparaciones/:reparacion_id',
    summary: 'Edita una reparación; si cambia de falla, la anterior vuelve a pendiente y la nueva queda reparada',
    description: FAILURE_RULE,
    access: [ROLE.reparacionEditar],
    idempotent: true,
    params: reparacionIdParam,
    body: reparacionBody,
    answer: reparacionDetail,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/reparaciones/:id',
    summary: 'Elimina una reparación; su falla vuelve a pendiente',
    access: [ROLE.reparacionEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
