// Parameters contract: the labour rate of the cost per machine, the office's shift (fleet indicators), the most
// kilometres per day of an odometer (readings check) and which supplies are fuel (docs/costs.md, "Cost per machine").
import { z } from 'zod';
import { MENU } from '../auth/permissions';
import { FIELD } from '../messages';
import { amount, id, numeric } from './common';
import { endpoint } from './endpoint';

/** The most supplies one save may mark as fuel. */
export const MAX_COMBUSTIBLES = 500;

const diaSemana = numeric(z.number({ error: FIELD.integer }).int(FIELD.integer).min(1, FIELD.weekday).max(7, FIELD.weekday));

export const parametrosBody = z.object({
  /** Soles per hour of work-order labour. */
  tarifa_mano_obra: amount.refine((n) => n <= 100_000, FIELD.invalidValue),
  /** Hours of the shift per working day. */
  turno_horas_dia: amount.refine((n) => n > 0 && n <= 24, FIELD.shiftHours),
  /** Working days, ISO weekdays (1 lunes … 7 domingo). */
  turno_dias: z
    .array(diaSemana)
    .min(1, FIELD.weekdaysRequired)
    .max(7)
    .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
  /** Most kilometres an odometer may advance in one day. */
  km_max_dia: amount.refine((n) => n > 0 && n <= 100_000, FIELD.positive),
  /** The supplies that are fuel (every other one is not). */
  combustibles: z
    .array(id)
    .max(MAX_COMBUSTIBLES)
    .transform((v) => [...new Set(v)]),
});
export type ParametrosBody = z.infer<typeof parametrosBody>;

export const parametrosDetail = z.object({
  tarifa_mano_obra: z.number(),
  turno_horas_dia: z.number(),
  turno_dias: z.array(z.number()),
  km_max_dia: z.number(),
  /** Ids of the supplies marked as fuel. */
  combustibles: z.array(z.number()),
});
export type ParametrosDetail = z.infer<typeof parametrosDetail>;

export const parametrosApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/parametros',
    summary:
      'Parámetros: tarifa de mano de obra (S/ por hora), turno (horas por día y días laborables), km máximos por día y los insumos que son combustible',
    access: [MENU.parametros],
    answer: parametrosDetail,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/parametros',
    summary: 'Guarda los parámetros y marca como combustible exactamente los insumos indicados',
    access: [MENU.parametros],
    idempotent: true,
    body: parametrosBody,
    answer: parametrosDetail,
  }),
} as const;
