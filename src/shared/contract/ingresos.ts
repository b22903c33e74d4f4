// Warehouse entries (ingresos) contract: order lookup, entry body and row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import { dateRange, dateStr, editorMode, idParam, messageResponse, numeric, optionalText, orderYear, positiveAmount, text } from './common';
import { endpoint } from './endpoint';
import { deltaEndpoint } from './list-delta';
import { RANGE_MONTHS, rangeDoc } from './ranges';

const nroOrden = text(20);
export const infoOrdenBody = z.object({ nro_ordencompra: nroOrden, anio: orderYear });

const guia = z.object({ nro_guiaremision: text(40), fecha_guiaremision: dateStr.nullish().transform((v) => v ?? null) });

const ingresoLine = z.preprocess(
  (v) => {
    // The order lookup rows carry the code and name flat; the entry line nests them under `insumo`.
    if (v && typeof v === 'object' && !('insumo' in v) && 'insumo_codigo' in v) {
      const o = v as Record<string, unknown>;
      return { ...o, insumo: { insumo_codigo: o.insumo_codigo, insumo_name: o.insumo_name } };
    }
    return v;
  },
  z.object({
    insumo: z.object({ insumo_codigo: text(40), insumo_name: text(250) }),
    cantidad: positiveAmount,
    unimed: text(20),
    marca: optionalText(120),
    user_idx: numeric(z.number({ error: FIELD.integer }).int(FIELD.integer)).nullish(),
  }),
);

export const ingresoBody = z.object({
  nro_ordencompra: nroOrden,
  anio: orderYear,
  orden_id: numeric(z.number({ error: FIELD.integer }).int(FIELD.integer).positive(FIELD.invalidValue)).nullish(),
  fecha: dateStr.nullish(),
  proveedor: optionalText(250),
  fecha_ordencompra: dateStr.nullish(),
  nro_guiaremision: optionalText(40),
  fecha_guiaremision: dateStr.nullish(),
  guias_remision: z
    .array(guia)
    .max(100)
    .nullish()
    .transform((v) => v ?? []),
  ingresos_det: z.array(ingresoLine).min(1, FIELD.required).max(500),
  editorMode,
});
export type IngresoBody = z.infer<typeof ingresoBody>;

/** View mode edits only the selected delivery note. */
export const ingresoUpdateBody = z.object({
  nro_guiaremision: optionalText(40),
  fecha_guiaremision: dateStr.nullish(),
});

export const ingresoListBody = dateRange(RANGE_MONTHS.ingresos);

export const ordenInfo = z.object({
  items: z.array(
    z.object({
      proveedor: z.string(),
      nro_ordencompra: z.string(),
      orden_id: z.number(),
      fecha_ordencompra: z.string(),
      insumo_codigo: z.string(),
      insumo_name: z.string(),
      cantidad: z.number(),
      unimed: z.string(),
      /** Unit price of the order line in soles (read-only: the entry takes it from the order, never from the form). */
      precio_unitario: z.number(),
    }),
  ),
  marcas: z.array(z.object({ cotidet_marca: z.string() })),
  guias: z.array(z.object({ nro_guiaremision: z.string(), fecha_guiaremision: z.string().nullable() })),
  /** The entry already registered for this order, if any: the form warns at once (a second one is refused). */
  registrado: z.object({ id: z.number(), fecha: z.string() }).nullish(),
});
export type OrdenInfo = z.infer<typeof ordenInfo>;

export const ingresoRow = z.object({
  id: z.number(),
  fecha: z.string(),
  nro_ordencompra: z.string(),
  anio: z.number(),
  fecha_ordencompra: z.string().nullable(),
  proveedor: z.string(),
  nro_guiaremision: z.string().nullable(),
  fecha_guiaremision: z.string().nullable(),
  /** Every delivery note of the entry: 'G001-123 (2026-11-01), G001-124 (2026-11-03)'. */
  guias: z.string(),
  created_at: z.string(),
});
export type IngresoRow = z.infer<typeof ingresoRow>;

/** GET /api/ingresos/:id, and the answer of a create or a note change: the entry with its lines and notes. */
export const ingresoDetail = ingresoRow.omit({ guias: true }).extend({
  orden_id: z.number(),
  guias_remision: z.array(z.object({ nro_guiaremision: z.string(), fecha_guiaremision: z.string().nullable() })),
  ingresos_det: z.array(
    z.object({
      id: z.number(),
      insumo_id: z.number(),
      insumo: z.object({ insumo_codigo: z.string(), insumo_name: z.string() }),
      cantidad: z.number(),
      unimed: z.string(),
      marca: z.string().nullable(),
      user_idx: z.number().nullable(),
      /** Unit price in soles taken from the purchase-order line when the entry was saved. */
      precio_unitario: z.number(),
    }),
  ),
});
export type IngresoDetail = z.infer<typeof ingresoDetail>;

const list = endpoint({
  method: 'POST',
  path: '/api/ingresos/list',
  summary: 'Ingresos de insumos entre dos fechas, el más reciente primero',
  description: rangeDoc(RANGE_MONTHS.ingresos),
  access: READERS.ingresos,
  body: ingresoListBody,
  answer: z.array(ingresoRow),
});

/** The endpoints of warehouse entries. */
export const ingresosApi = {
  orden: endpoint({
    method: 'POST',
    path: '/api/ingresos/getinforden',
    summary: 'Busca una orden de compra en el sistema de logística: sus ítems, marcas, guías de remisión y el ingreso ya registrado',
    description: 'El año va de 2022 al del servidor (400 fuera de ese rango); 404 si la orden no existe.',
    access: [ROLE.ingresoNuevo],
    body: infoOrdenBody,
    answer: ordenInfo,
  }),
  list,
  delta: deltaEndpoint(list, ingresoRow, 'la lista de ingresos'),
  get: endpoint({
    method: 'GET',
    path: '/api/ingresos/:id',
    summary: 'Un ingreso con sus líneas y sus guías de remisión',
    access: READERS.ingresos,
    params: idParam,
    answer: ingresoDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/ingresos',
    summary: 'Registra el ingreso de una orden de compra: suma el stock de cada insumo y lo anota en el kardex',
    description:
      'Las líneas deben ser ítems de la orden sin pasar la cantidad pedida, y la guía elegida una guía de la orden (422); una orden ya registrada en otro ingreso también es un 422.',
    access: [ROLE.ingresoNuevo],
    idempotent: true,
    body: ingresoBody,
    answer: ingresoDetail,
    status: 201,
    errors: [422],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/ingresos/:id',
    summary: 'Cambia la guía de remisión elegida de un ingreso (lo único que se edita al verlo)',
    description: 'La guía debe ser una de las guías del ingreso (422).',
    access: [ROLE.ingresoVer],
    idempotent: true,
    params: idParam,
    body: ingresoUpdateBody,
    answer: ingresoDetail,
    errors: [422],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/ingresos/:id',
    summary: 'Elimina un ingreso y descuenta su stock',
    description: 'Se rechaza (409) cuando parte del stock que trajo ya salió del almacén.',
    access: [ROLE.ingresoEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
    errors: [409],
  }),
} as const;
