// Supply requests (pedidos) contract: request body with lines and trash, status, row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, editorMode, id, machineDateRange, optionalText, positiveAmount, state01 } from './common';
import { optionalId, trashOf } from './salidas';

export const REQUEST_STATES = [0, 1] as const;

const pedidoLine = z.preprocess(
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

export interface PedidoRow {
  pedido_id: number;
  fecha: string;
  maquinaria_id: number;
  placa: string;
  detalle: string;
  estado: number;
  observacion: string | null;
}
