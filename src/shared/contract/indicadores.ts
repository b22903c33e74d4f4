// Fleet indicators (docs/costs.md, "Fleet indicators"): per month and per machine over a range of months, the
// availability over the office's shift, MTBF, MTTR, preventive compliance, utilisation, the open work-order backlog,
// the cost per operating hour and the fuel per hour; the same for the whole fleet. Also the monthly management report
// as a PDF (Informe mensual de maquinaria).
import { z } from 'zod';
import { MENU } from '../auth/permissions';
import { MAX_MESES_COSTO, MES_RE, mesesEntre } from '../domain/meses';
import { FIELD } from '../messages';
import { numeric } from './common';
import { endpoint, fileAnswer } from './endpoint';

const periodo = z.string({ error: FIELD.month }).regex(MES_RE, FIELD.month);

export const indicadoresQuery = z
  .object({
    desde: periodo,
    hasta: periodo,
    /** One machine (0 or missing: the whole fleet). */
    maquinaria_id: numeric(
      z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue),
    )
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    const n = mesesEntre(v.desde, v.hasta);
    if (n < 1) ctx.addIssue({ code: 'custom', message: FIELD.monthOrder, path: ['hasta'] });
    else if (n > MAX_MESES_COSTO) ctx.addIssue({ code: 'custom', message: FIELD.monthRange(MAX_MESES_COSTO), path: ['hasta'] });
  });
export type IndicadoresQuery = z.infer<typeof indicadoresQuery>;

/** The figures of a month, a machine or the fleet; a ratio is null when its denominator is zero. */
const cifras = {
  /** Hours of the office's shift on the days the machine was registered, up to today. */
  horas_programadas: z.number(),
  /** Downtime (any state but OPERATIVO) within those hours. */
  horas_detenida: z.number(),
  /** Scheduled minus downtime. */
  horas_disponibles: z.number(),
  /** Hours worked, from the daily reports' readings (the cost per machine's hours). */
  horas_trabajadas: z.number(),
  /** % = available / scheduled. */
  disponibilidad: z.number().nullable(),
  fallas: z.number(),
  /** Hours worked per failure. */
  mtbf: z.number().nullable(),
  /** Corrective stops (failure, repair or corrective order) that ended in the period, and their hours. */
  reparaciones: z.number(),
  horas_reparacion: z.number(),
  /** Hours per corrective stop. */
  mttr: z.number().nullable(),
  /** Plan tasks due in the period (done or missed, as the tasks report counts them) and those done on time. */
  tareas_vencen: z.number(),
  tareas_a_tiempo: z.number(),
  /** % = on time / due. */
  cumplimiento: z.number().nullable(),
  /** % = worked / available. */
  utilizacion: z.number().nullable(),
  /** Work orders neither CERRADA nor ANULADA at the end of the period, and their estimated hours. */
  ot_abiertas: z.number(),
  ot_horas: z.number(),
  costo_total: z.number(),
  /** Soles per hour worked. */
  costo_hora: z.number().nullable(),
  combustible_litros: z.number(),
  /** Litres per hour worked. */
  litros_hora: z.number().nullable(),
};

export const indicadorMes = z.object({ periodo: z.string(), ...cifras });
export type IndicadorMes = z.infer<typeof indicadorMes>;

export const indicadorMaquina = z.object({
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  /** Hour meter (true) or odometer: an odometer's "hours worked" are km, and its cost and fuel are per km. */
  horometro: z.boolean(),
  ...cifras,
});
export type IndicadorMaquina = z.infer<typeof indicadorMaquina>;

export const indicadoresAnswer = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** The office's shift the scheduled hours come from. */
  turno_horas_dia: z.number(),
  turno_dias: z.array(z.number()),
  /** The fleet (or the one machine asked for) month by month. */
  meses: z.array(indicadorMes),
  /** The whole range for the fleet (or the machine). */
  total: indicadorMes,
  /** Each machine over the whole range (backlog: at the range's end). */
  maquinas: z.array(indicadorMaquina),
});
export type IndicadoresAnswer = z.infer<typeof indicadoresAnswer>;
export type Cifras = Omit<IndicadorMes, 'periodo'>;

export const indicadoresApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/indicadores',
    summary:
      'Indicadores de flota por mes y por máquina: disponibilidad, MTBF, MTTR, cumplimiento preventivo, utilización, órdenes abiertas y costo por hora',
    description: `Rango \`desde\`–\`hasta\` (AAAA-MM, a lo más ${MAX_MESES_COSTO} meses); \`maquinaria_id\` limita los meses a una máquina. Fórmulas: docs/costs.md.`,
    access: [MENU.indicadores],
    query: indicadoresQuery,
    answer: indicadoresAnswer,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/indicadores/pdf',
    summary: 'Informe mensual de maquinaria (PDF) con las cifras, las tablas y los gráficos del rango',
    access: [MENU.indicadores],
    query: indicadoresQuery,
    answer: fileAnswer('application/pdf'),
  }),
} as const;
