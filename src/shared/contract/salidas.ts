// Warehouse exits (salidas) contract: exit body with lines and trash (spec 000 §3) and row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, dni, editorMode, id, machineDateRange, optionalText, positiveAmount, text } from './common';

/** Optional id: '', 0, null and missing all mean "none". */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  id.nullish().transform((v) => v ?? null),
);

/** Removed lines: ids or line objects carrying the id field. */
export const trashOf = (field: string) =>
  z
    .array(z.preprocess((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[field] : v), id))
    .max(500)
    .nullish()
    .transform((v) => v ?? []);

const salidaLine = z.object({
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

export const salidaListBody = machineDateRange;

export interface SalidaRow {
  id: number;
  fecha: string;
  nro_vale: string;
  maquinaria_id: number;
  maquinaria: string;
  placa: string;
  operador_id: number;
  operador_dni: string;
  operador_name: string;
  /** 'CODE NAME x qty; …' */
  detalle: string;
  created_at: string;
}

export interface SalidaLineOut {
  salida_det_id: number;
  salida_id: number;
  insumo_id: number;
  insumo_codigo: string;
  insumo_name: string;
  unimed: string;
  cantidad: number;
  old_cantidad: number;
  stock: number;
  observacion: string | null;
}
