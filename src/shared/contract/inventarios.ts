// Physical count (inventario físico, docs/costs.md "Physical count"): a count sheet for a date of all supplies or a
// selection, each line with the kardex quantity at the end of that date; the counts saved while counting (BORRADOR);
// the approval that books every difference as an AJUSTE movement at the average cost; the annulment of a draft; the
// printable sheet.
import { z } from 'zod';
import { MENU, ROLE } from '../auth/permissions';
import { limaDate } from '../domain/dates';
import { FIELD, MSG } from '../messages';
import { amount, dateOut, dateStr, id, messageResponse, optionalText, text, timestampOut } from './common';
import { endpoint, fileAnswer } from './endpoint';
import { blankToNull } from './form-values';
import { RANGE_MONTHS, boundedRange, rangeDoc } from './ranges';

export const INVENTARIO_ESTADOS = ['BORRADOR', 'APROBADO', 'ANULADO'] as const;
export type InventarioEstado = (typeof INVENTARIO_ESTADOS)[number];
/** Most supplies a selection names, and most lines one save of counts carries. */
export const MAX_INVENTARIO_LINEAS = 20_000;
/** Most sheets the list answers. */
export const INVENTARIOS_LIST_LIMIT = 2_000;

/** The codes that read the sheets: the screen's and its buttons'. */
export const INVENTARIOS_READ_CODES = [MENU.inventarios, ROLE.inventarioNuevo, ROLE.inventarioAprobar] as const;

/** A new sheet: its date (not after today), a description, and all supplies or the chosen ones. */
export const inventarioBody = z
  .object({
    fecha: dateStr.refine((d) => d <= limaDate(), MSG.inventarioFutureDate),
    descripcion: text(250),
    todos: z.boolean().default(false),
    insumos: z
      .array(id)
      .max(MAX_INVENTARIO_LINEAS)
      .default([])
      .transform((v) => [...new Set(v)]),
  })
  .refine((v) => v.todos || v.insumos.length > 0, { message: MSG.inventarioNoSupplies, path: ['insumos'] });
export type InventarioBody = z.infer<typeof inventarioBody>;

/** One counted line: its quantity (null: not counted yet) and why it differs. */
export const conteoLinea = z.object({
  inventario_det_id: id,
  cantidad_contada: z.preprocess(blankToNull, amount.nullish()).transform((v) => v ?? null),
  motivo: optionalText(500),
});
export type ConteoLinea = z.infer<typeof conteoLinea>;

/** A save of counts: the lines that changed (the others keep what they hold). */
export const conteoBody = z.object({
  lineas: z.array(conteoLinea).max(MAX_INVENTARIO_LINEAS),
});
export type ConteoBody = z.infer<typeof conteoBody>;

export const inventarioListBody = z
  .object({
    estado: z.preprocess(blankToNull, z.enum(INVENTARIO_ESTADOS, { error: FIELD.invalidValue }).nullish()),
    fini: z.preprocess(blankToNull, dateStr.nullish()),
    ffin: z.preprocess(blankToNull, dateStr.nullish()),
  })
  .superRefine(boundedRange(RANGE_MONTHS.inventarios));
export type InventarioListBody = z.infer<typeof inventarioListBody>;

/** A sheet in the list: its counts so far and, once approved, the value of its adjustments. */
export const inventarioRow = z.object({
  id: z.number(),
  fecha: dateOut,
  descripcion: z.string(),
  estado: z.enum(INVENTARIO_ESTADOS),
  lineas: z.number(),
  contadas: z.number(),
  sobrantes: z.number(),
  faltantes: z.number(),
  /** Value of the surpluses and of the shortages (soles): booked once approved, estimated at the average before. */
  valor_sobrantes: z.number(),
  valor_faltantes: z.number(),
  usuario: z.string(),
  aprobado_por: z.string().nullable(),
  aprobado_at: timestampOut.nullable(),
  created_at: timestampOut,
});
export type InventarioRow = z.infer<typeof inventarioRow>;

export const inventarioLinea = z.object({
  inventario_det_id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  /** The kardex quantity at the end of the sheet's date. */
  stock_sistema: z.number(),
  cantidad_contada: z.number().nullable(),
  motivo: z.string().nullable(),
  /** Counted less system (null while not counted): positive a surplus, negative a shortage. */
  diferencia: z.number().nullable(),
  /** Average unit cost at the end of the sheet's date; once approved, the unit cost the adjustment was booked at. */
  costo_unitario: z.number(),
  /** Value of the difference (soles, signed): the booked adjustment's amount once approved, estimated before. */
  importe: z.number(),
});
export type InventarioLinea = z.infer<typeof inventarioLinea>;

export const inventarioDetail = inventarioRow.extend({ detalle: z.array(inventarioLinea) });
export type InventarioDetail = z.infer<typeof inventarioDetail>;

export const inventarioIdParam = z.object({ id });
/** The PDF: the blank sheet to count on, or the filled one with its differences. */
export const inventarioPdfQuery = z.object({
  lleno: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean()).default(false),
});

export const inventariosApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/inventarios/list',
    summary: 'Hojas de inventario físico (por estado y rango de fechas), la más reciente primero',
    description: `Devuelve a lo más ${INVENTARIOS_LIST_LIMIT} hojas con sus conteos y el valor de sus ajustes. ${rangeDoc(RANGE_MONTHS.inventarios)}`,
    access: INVENTARIOS_READ_CODES,
    body: inventarioListBody,
    answer: z.array(inventarioRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/inventarios/:id',
    summary: 'Una hoja de inventario con sus líneas: stock del sistema, cantidad contada, diferencia y su valor',
    access: INVENTARIOS_READ_CODES,
    params: inventarioIdParam,
    answer: inventarioDetail,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/inventarios/:id/pdf',
    summary: 'Hoja de conteo en PDF: en blanco para contar, o llena con las diferencias (lleno=true)',
    access: INVENTARIOS_READ_CODES,
    params: inventarioIdParam,
    query: inventarioPdfQuery,
    answer: fileAnswer('application/pdf'),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/inventarios',
    summary: 'Crea una hoja de inventario de una fecha: todos los insumos o los elegidos, con su stock del kárdex al cierre de ese día',
    access: [ROLE.inventarioNuevo],
    idempotent: true,
    body: inventarioBody,
    answer: inventarioDetail,
    status: 201,
  }),
  conteo: endpoint({
    method: 'PUT',
    path: '/api/inventarios/:id/conteo',
    summary: 'Graba el avance del conteo de una hoja en borrador: cantidades contadas y motivos de las líneas enviadas',
    access: [ROLE.inventarioNuevo],
    idempotent: true,
    params: inventarioIdParam,
    body: conteoBody,
    answer: inventarioDetail,
    errors: [409],
  }),
  anular: endpoint({
    method: 'POST',
    path: '/api/inventarios/:id/anular',
    summary: 'Anula una hoja en borrador (una aprobada ya no se anula)',
    access: [ROLE.inventarioNuevo],
    idempotent: true,
    params: inventarioIdParam,
    answer: messageResponse,
    errors: [409],
  }),
  aprobar: endpoint({
    method: 'POST',
    path: '/api/inventarios/:id/aprobar',
    summary: 'Aprueba una hoja: cada diferencia se registra como AJUSTE en el kárdex, en la fecha de la hoja, al costo promedio',
    description:
      'El stock del sistema se vuelve a leer al aprobar. Toda diferencia necesita su motivo (422). Un faltante que dejaría el stock actual en negativo se rechaza (409).',
    access: [ROLE.inventarioAprobar],
    idempotent: true,
    params: inventarioIdParam,
    answer: inventarioDetail,
    errors: [409, 422],
  }),
} as const;
