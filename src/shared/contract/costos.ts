// Costs contract: a cost schedule with its priced lines (services), each with a unit, and its rows.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import { amount, editorMode, id, idParam, messageResponse, optionalId, state01, text, timestampOut, trashOf } from './common';
import { endpoint } from './endpoint';

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

export const costosApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/costos',
    summary: 'Costos con sus líneas de servicio (precio y unidad); también el catálogo del formulario de parte diario',
    access: READERS.costos,
    answer: z.array(costoRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/costos/:id',
    summary: 'Un costo con sus líneas',
    access: READERS.costos,
    params: idParam,
    answer: costoRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/costos',
    summary: 'Registra un costo con sus líneas de servicio',
    access: [ROLE.costoNuevo],
    idempotent: true,
    body: costoBody,
    answer: costoRow,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/costos/:id',
    summary: 'Edita un costo: agrega, cambia y quita (trash) líneas; una línea que usa un parte diario no se quita (403)',
    access: [ROLE.costoEditar],
    idempotent: true,
    params: idParam,
    body: costoBody,
    answer: costoRow,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/costos/:id',
    summary: 'Elimina un costo que ningún parte diario usa (si no, 403)',
    access: [ROLE.costoEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
