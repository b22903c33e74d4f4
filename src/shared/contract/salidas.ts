// Warehouse exits (salidas) contract: exit body with lines and trash (spec 000 §3) and row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, dni, editorMode, id, machineDateRange, optionalText, positiveAmount, text } from './common';

/** Optional id: '', 0, null and missing all mean "none". */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  id.nullish().transform((v) => v ?? null),
);

/** The id of a trash entry: the entry itself, or the first of `fields` an object carries; null when it has none. */
const trashId = (v: unknown, fields: string[]) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return fields.map((f) => o[f]).find((x) => x !== undefined && x !== null && x !== '') ?? null;
};

/**
 * Removed lines: ids or line objects carrying the id field (or one of the other `fields`). An entry without an
 * id, a line added and removed again before the save, is dropped: there is nothing stored to remove.
 */
export const trashOf = (...fields: string[]) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => trashId(x, fields)).filter((x) => x !== null && x !== undefined && x !== '') : v),
    z
      .array(id)
      .max(500)
      .nullish()
      .transform((v) => v ?? []),
  );

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
