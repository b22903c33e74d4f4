// Failures (fallas) contract: list filter, the failure body of the modal, the pending failures of a
// machine for the repair modal, and the row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import { dateStr, editorMode, id, idParam, maquinariaDateRange, messageResponse, optionalId, optionalText, text } from './common';
import { endpoint } from './endpoint';
import { RANGE_MONTHS, rangeDoc } from './ranges';
import { blankToNull, withMaquinariaId } from './form-values';
import { fallaIdParam, fotoRow } from './fotos';

export const fallaListBody = maquinariaDateRange(RANGE_MONTHS.fallas);

/**
 * Create and edit. `estado` is not taken from the body (the form shows it disabled; repairs change it).
 * `created_at`, on create only: when the failure was reported on the device (an offline save reaches the
 * server later), an ISO 8601 time or a date (taken as Lima noon); a time ahead of the server's clock is taken as now.
 */
export const fallaBody = z.object({
  maquinaria_id: id,
  descripcion: text(250),
  detalle: optionalText(4000),
  /**
   * 'Máquina detenida': the failure stops the machine (EN REPARACION until a repair closes it). Not sent: false on a
   * create, unchanged on an edit.
   */
  maquina_detenida: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
    z.boolean({ error: FIELD.invalidValue }).optional(),
  ),
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
export const fallasByMaquinariaBody = withMaquinariaId(z.object({ maquinaria_id: id, reparacion_id: optionalId }));
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
  /** Reported with the machine stopped. */
  maquina_detenida: z.boolean(),
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

/** The endpoints of failures (their photos: fotos.ts). */
export const fallasApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/fallas/list',
    summary: 'Fallas de una máquina (0 = todas) entre dos fechas de reporte, la más reciente primero',
    description: rangeDoc(RANGE_MONTHS.fallas),
    access: READERS.fallas,
    body: fallaListBody,
    answer: z.array(fallaRow),
  }),
  byMaquinaria: endpoint({
    method: 'POST',
    path: '/api/fallas/bymaquinaria',
    summary: 'Fallas que puede tomar una reparación de la máquina: las pendientes y la que ya tiene la reparación editada',
    description: '404 si la máquina no existe.',
    access: READERS.fallas,
    body: fallasByMaquinariaBody,
    answer: z.array(fallaOption),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/fallas/:id',
    summary: 'Una falla con los datos de sus fotos',
    access: READERS.fallas,
    params: idParam,
    answer: fallaDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/fallas',
    summary: 'Reporta una falla de una máquina (queda pendiente); `created_at` es la hora del reporte en el dispositivo',
    access: [ROLE.fallaNuevo],
    idempotent: true,
    body: fallaBody,
    answer: fallaDetail,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/fallas/:falla_id',
    summary: 'Edita la máquina, la descripción y el detalle de una falla (el estado lo cambian las reparaciones)',
    description: 'La máquina de una falla que ya tiene una reparación no cambia (409).',
    access: [ROLE.fallaEditar],
    idempotent: true,
    params: fallaIdParam,
    body: fallaBody,
    answer: fallaDetail,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/fallas/:id',
    summary: 'Elimina una falla pendiente con sus fotos',
    description: 'Una falla ya reparada no se elimina (403 con el motivo).',
    access: [ROLE.fallaEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
