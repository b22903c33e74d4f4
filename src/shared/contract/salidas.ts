// Warehouse exits (salidas) contract: exit body with lines and trash and row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import {
  dateOut,
  dateStr,
  dni,
  editorMode,
  id,
  idParam,
  maquinariaDateRange,
  messageResponse,
  optionalId,
  optionalText,
  positiveAmount,
  text,
  timestampOut,
  trashOf,
} from './common';
import { endpoint } from './endpoint';
import { deltaEndpoint } from './list-delta';
import { RANGE_MONTHS, rangeDoc } from './ranges';

/** A line of an exit (the sub-modal validates with it too). */
export const salidaLine = z.object({
  salida_det_id: optionalId,
  insumo_id: id,
  cantidad: positiveAmount,
  observacion: optionalText(500),
});

export const salidaBody = z
  .object({
    nro_vale: text(30),
    fecha: dateStr,
    maquinaria_id: id,
    operador_id: optionalId,
    operador_dni: z.preprocess(
      (v) => (v === '' ? null : v),
      dni.nullish().transform((v) => v ?? null),
    ),
    salidas_det: z.array(salidaLine).min(1, FIELD.required).max(200),
    trash: trashOf('salida_det_id'),
    editorMode,
  })
  .refine((v) => v.operador_id != null || v.operador_dni != null, { message: FIELD.required, path: ['operador_dni'] });
export type SalidaBody = z.infer<typeof salidaBody>;

export const salidaListBody = maquinariaDateRange(RANGE_MONTHS.salidas);

export const salidaRow = z.object({
  id: z.number(),
  fecha: dateOut,
  nro_vale: z.string(),
  maquinaria_id: z.number(),
  maquinaria: z.string(),
  placa: z.string(),
  operador_id: z.number(),
  operador_dni: z.string(),
  operador_name: z.string(),
  /** 'CODE NAME x qty; …' */
  detalle: z.string(),
  created_at: timestampOut,
});
export type SalidaRow = z.infer<typeof salidaRow>;

export const salidaLineOut = z.object({
  salida_det_id: z.number(),
  salida_id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  cantidad: z.number(),
  old_cantidad: z.number(),
  stock: z.number(),
  observacion: z.string().nullable(),
});
export type SalidaLineOut = z.infer<typeof salidaLineOut>;

/** One exit with its lines (view, and the answer of a create or an edit). */
export const salidaDetail = salidaRow.omit({ detalle: true }).extend({ salidas_det: z.array(salidaLineOut) });
export type SalidaDetail = z.infer<typeof salidaDetail>;

/** GET /api/salidas/vales?nro_vale=…: the exits that already carry a voucher number (the form warns, it does not refuse). */
export const valeQuery = z.object({ nro_vale: text(30) });
export const valeUse = z.object({ id: z.number(), fecha: dateOut, placa: z.string() });
export type ValeUse = z.infer<typeof valeUse>;

const list = endpoint({
  method: 'POST',
  path: '/api/salidas/list',
  summary: 'Salidas de insumos de una máquina (0 = todas) entre dos fechas, la más reciente primero',
  description: rangeDoc(RANGE_MONTHS.salidas),
  access: READERS.salidas,
  body: salidaListBody,
  answer: z.array(salidaRow),
});

/** The endpoints of warehouse exits. */
export const salidasApi = {
  list,
  delta: deltaEndpoint(list, salidaRow, 'la lista de salidas'),
  vales: endpoint({
    method: 'GET',
    path: '/api/salidas/vales',
    summary: 'Salidas que ya llevan un número de vale (el formulario avisa; un vale puede repetirse)',
    access: READERS.salidas,
    query: valeQuery,
    answer: z.array(valeUse),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/salidas/:id',
    summary: 'Una salida con sus líneas',
    access: READERS.salidas,
    params: idParam,
    answer: salidaDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/salidas',
    summary: 'Registra una salida: descuenta el stock de cada insumo (409 si ya no alcanza) y la anota en el kardex',
    access: [ROLE.salidaNuevo],
    idempotent: true,
    body: salidaBody,
    answer: salidaDetail,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/salidas/:id',
    summary: 'Edita una salida: mueve el stock por la diferencia de cada línea y devuelve el de las líneas quitadas (trash)',
    access: [ROLE.salidaEditar],
    idempotent: true,
    params: idParam,
    body: salidaBody,
    answer: salidaDetail,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/salidas/:id',
    summary: 'Elimina una salida y devuelve su stock',
    access: [ROLE.salidaEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
