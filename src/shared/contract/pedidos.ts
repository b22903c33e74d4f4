// Supply requests (pedidos) contract: request body with lines and trash, status, row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import {
  dateStr,
  editorMode,
  id,
  idParam,
  maquinariaDateRange,
  messageResponse,
  optionalId,
  optionalText,
  positiveAmount,
  state01,
  trashOf,
} from './common';
import { endpoint } from './endpoint';
import { deltaEndpoint } from './list-delta';
import { RANGE_MONTHS, rangeDoc } from './ranges';
import { unimedRow } from './insumos';

/** A line of a request (the sub-modal validates with it too). */
export const pedidoLine = z.preprocess(
  // The supply typeahead (mode=pedido) answers bien_id; accept it as insumo_id.
  (v) =>
    v && typeof v === 'object' && !('insumo_id' in v) && 'bien_id' in v ? { ...v, insumo_id: (v as { bien_id: unknown }).bien_id } : v,
  z.object({
    pedido_det_id: optionalId,
    insumo_id: id,
    unimed_id: optionalId,
    cantidad: positiveAmount,
  }),
);

export const pedidoBody = z.object({
  maquinaria_id: id,
  fecha: dateStr,
  observacion: optionalText(1000),
  estado: state01.nullish(),
  pedidos_det: z.array(pedidoLine).min(1, FIELD.required).max(200),
  trash: trashOf('pedido_det_id'),
  editorMode,
});
export type PedidoBody = z.infer<typeof pedidoBody>;

export const pedidoIdParam = z.object({ pedido_id: id });
export const pedidoListBody = maquinariaDateRange(RANGE_MONTHS.pedidos);

export const pedidoRow = z.object({
  pedido_id: z.number(),
  fecha: z.string(),
  maquinaria_id: z.number(),
  placa: z.string(),
  detalle: z.string(),
  estado: z.number(),
  observacion: z.string().nullable(),
  created_at: z.string(),
});
export type PedidoRow = z.infer<typeof pedidoRow>;

/** One line of a request as GET /api/pedidos/:id answers it (the form shows the same fields). */
export const pedidoLineOut = z.object({
  pedido_det_id: z.number(),
  pedido_id: z.number(),
  insumo_id: z.number(),
  insumo_name: z.string(),
  insumo_codigo: z.string(),
  unimed_id: z.number(),
  unimed_abrev: z.string(),
  cantidad: z.number(),
});
export type PedidoLineOut = z.infer<typeof pedidoLineOut>;

/** GET /api/pedidos/:id, and the answer of a create or edit: the request with its lines. */
export const pedidoDetail = pedidoRow.omit({ detalle: true }).extend({ pedidos_det: z.array(pedidoLineOut) });
export type PedidoDetail = z.infer<typeof pedidoDetail>;

const STATUS_RULE = 'Solo un usuario con el código 12 pone o cambia el estado del pedido (403 si no lo tiene).';

const list = endpoint({
  method: 'POST',
  path: '/api/pedidos/list',
  summary: 'Pedidos de insumos de una máquina (0 = todas) entre dos fechas, el más reciente primero',
  description: rangeDoc(RANGE_MONTHS.pedidos),
  access: READERS.pedidos,
  body: pedidoListBody,
  answer: z.array(pedidoRow),
});

/** The endpoints of supply requests (and the units of measure their lines use). */
export const pedidosApi = {
  unimeds: endpoint({
    method: 'GET',
    path: '/api/pedidos/unimeds',
    summary: 'Unidades de medida que pueden llevar las líneas de un pedido, por abreviatura',
    access: READERS.unimeds,
    answer: z.array(unimedRow),
  }),
  list,
  delta: deltaEndpoint(list, pedidoRow, 'la lista de pedidos'),
  get: endpoint({
    method: 'GET',
    path: '/api/pedidos/:pedido_id',
    summary: 'Un pedido con sus líneas',
    access: READERS.pedidos,
    params: pedidoIdParam,
    answer: pedidoDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/pedidos',
    summary: 'Registra un pedido de insumos para una máquina',
    description: STATUS_RULE,
    access: [ROLE.pedidoNuevo],
    idempotent: true,
    body: pedidoBody,
    answer: pedidoDetail,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/pedidos/:pedido_id',
    summary: 'Edita un pedido: sus líneas nuevas y cambiadas, y quita las de `trash`',
    description: STATUS_RULE,
    access: [ROLE.pedidoEditar],
    idempotent: true,
    params: pedidoIdParam,
    body: pedidoBody,
    answer: pedidoDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/pedidos/:id',
    summary: 'Elimina un pedido con sus líneas',
    access: [ROLE.pedidoEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
