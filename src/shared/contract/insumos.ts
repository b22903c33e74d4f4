// Supplies (insumos) contract: catalogue body, search query and the row shapes of lists and searches.
import { z } from 'zod';
import { FIELD } from '../messages';
import { amount, id, text } from './common';

const hours = amount.nullish().transform((v) => (v == null ? null : v));

export const insumoBody = z
  .object({
    insumo_codigo: text(40).transform((s) => s.toUpperCase()),
    insumo_name: text(250),
    unimed_id: id,
    hour_warning: hours,
    hour_critical: hours,
    horas_limite: hours,
  })
  .refine((v) => v.hour_warning == null || v.hour_critical == null || v.hour_critical >= v.hour_warning, {
    message: FIELD.invalidValue,
    path: ['hour_critical'],
  })
  .refine((v) => v.hour_critical == null || v.horas_limite == null || v.horas_limite >= v.hour_critical, {
    message: FIELD.invalidValue,
    path: ['horas_limite'],
  });
export type InsumoBody = z.infer<typeof insumoBody>;

export const insumoSearchQuery = z.object({
  q: z.string().max(100, FIELD.tooLong(100)).optional().default(''),
  mode: z.enum(['pedido', 'salida']).optional().default('salida'),
});

export const termParam = z.object({ term: z.string().trim().min(1, FIELD.required).max(100, FIELD.tooLong(100)) });

/** Hour defaults of a part when the supply has none (warning, critical, limit). */
export const DEFAULT_PART_HOURS = { hour_warning: 250, hour_critical: 400, horas_limite: 500 } as const;

export interface InsumoRow {
  id: number;
  insumo_codigo: string;
  insumo_name: string;
  unimed: string;
  unimed_id: number;
  stock: number;
}
export interface InsumoSearchSalida {
  id: number;
  insumo_codigo: string;
  insumo_name: string;
  unimed: string;
  stock: number;
}
export interface InsumoSearchPedido {
  bien_id: number;
  bien_nombre: string;
  codigo: string;
  unimed_id: number;
  unimed_abrev: string;
}
export interface UnimedRow {
  unimed_id: number;
  unimed_abrev: string;
}
export interface SearchHorasAnswer {
  data: { horas_alerta: { hour_warning: number; hour_critical: number }; horas_limite: number };
}
