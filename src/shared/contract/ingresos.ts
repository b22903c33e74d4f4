// Warehouse entries (ingresos) contract: order lookup, entry body (spec 000 §3) and row shapes.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateRange, dateStr, editorMode, numeric, optionalText, positiveAmount, text } from './common';

const nroOrden = text(20);
/** Year of a purchase or service order: from 2022 (the server also refuses a year after its own). */
export const orderYear = numeric(
  z.number({ error: FIELD.integer }).int(FIELD.integer).min(2022, FIELD.invalidValue).max(2100, FIELD.invalidValue),
);

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

export const ingresoListBody = dateRange;

export interface OrdenInfo {
  items: {
    proveedor: string;
    nro_ordencompra: string;
    orden_id: number;
    fecha_ordencompra: string;
    insumo_codigo: string;
    insumo_name: string;
    cantidad: number;
    unimed: string;
  }[];
  marcas: { cotidet_marca: string }[];
  guias: { nro_guiaremision: string; fecha_guiaremision: string | null }[];
}

export interface IngresoRow {
  id: number;
  fecha: string;
  nro_ordencompra: string;
  anio: number;
  fecha_ordencompra: string | null;
  proveedor: string;
  nro_guiaremision: string | null;
  fecha_guiaremision: string | null;
  /** Every delivery note of the entry: 'G001-123 (2026-11-01), G001-124 (2026-11-03)'. */
  guias: string;
  created_at: string;
}
