// Supply requests (pedidos) contract: request body with lines and trash, status, row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, editorMode, id, machineDateRange, optionalText, positiveAmount, state01 } from './common';
import { optionalId, trashOf } from './salidas';

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
export const pedidoListBody = machineDateRange;

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
