// A machine's record (hoja de vida, docs/architecture.md "Hoja de vida"): its data with the wear of its parts, its
// meter over time, its plan's tasks with their due state, its open work orders, its downtime and availability, and
// one timeline of failures, repairs, part changes, parts consumed, daily reports, state changes and work orders,
// bounded by a date range (default: the last 12 months) and a number of rows. Also printed as a PDF.
import { z } from 'zod';
import { ROLE } from '../auth/permissions';
import { FIELD } from '../messages';
import { dateOut, dateStr, id, timestampOut } from './common';
import { endpoint, fileAnswer } from './endpoint';
import { disponibilidadRow, maquinariaRow } from './maquinarias';

/** The kinds of entries of the timeline (its filter). */
export const EVENTO_TIPOS = ['FALLA', 'REPARACION', 'CAMBIO', 'SALIDA', 'PARTE', 'ESTADO', 'ORDEN'] as const;
export type EventoTipo = (typeof EVENTO_TIPOS)[number];

/** At most this many timeline entries (the newest of the range), and this many meter points for the chart. */
export const HOJA_MAX_EVENTOS = 1000;
export const HOJA_MAX_LECTURAS = 1500;

/** `tipos`: a comma list (or repeated) of EVENTO_TIPOS; none: every kind. */
const tiposParam = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.map((x) => (typeof x === 'string' ? x.trim().toUpperCase() : x)).filter((x) => x !== '');
  },
  z
    .array(z.enum(EVENTO_TIPOS, { error: FIELD.invalidValue }))
    .max(EVENTO_TIPOS.length * 2)
    .optional(),
);

export const hojaDeVidaParams = z.object({ id });

export const hojaDeVidaQuery = z
  .object({ fini: dateStr.optional(), ffin: dateStr.optional(), tipos: tiposParam })
  .refine((v) => !v.fini || !v.ffin || v.fini <= v.ffin, { message: FIELD.dateRangeOrder, path: ['ffin'] });
export type HojaDeVidaQuery = z.infer<typeof hojaDeVidaQuery>;

/** One entry of the timeline. */
export const hojaEvento = z.object({
  tipo: z.enum(EVENTO_TIPOS),
  /** The record's id in its own table (failure, repair, change, exit line, report, state interval, order). */
  id: z.number(),
  /** Lima day it happened. */
  fecha: dateOut,
  /** When it was recorded (or began, for a state), for the order within a day. */
  momento: timestampOut.nullable(),
  titulo: z.string(),
  detalle: z.string().nullable(),
  /** The record's status in words (PENDIENTE, REPARADO, the order's, the machine state's). */
  estado: z.string().nullable(),
  /** Hours accumulated (change), quantity (part consumed), meter worked (report), hours lasted (state). */
  cantidad: z.number().nullable(),
  usuario: z.string().nullable(),
});
export type HojaEvento = z.infer<typeof hojaEvento>;

/** One point of the meter chart: the machine's meter at the end of a day with reports. */
export const hojaLectura = z.object({ fecha: dateOut, medidor: z.number() });
export type HojaLectura = z.infer<typeof hojaLectura>;

export const hojaTarea = z.object({
  tarea_id: z.number(),
  plan_id: z.number(),
  plan: z.string(),
  nombre: z.string(),
  cada_medidor: z.number().nullable(),
  cada_dias: z.number().nullable(),
  margen_medidor: z.number(),
  margen_dias: z.number(),
  programacion: z.enum(['FIJA', 'FLOTANTE']),
  proximo_medidor: z.number().nullable(),
  proximo_fecha: dateOut.nullable(),
  /** shared/domain/planes.ts estadoTarea against the machine's current meter and today. */
  estado: z.enum(['vencida', 'proxima', 'al_dia']),
  /** pronosticoTarea: the day it is expected to come due. */
  pronostico: dateOut.nullable(),
});
export type HojaTarea = z.infer<typeof hojaTarea>;

export const hojaOrden = z.object({
  ot_id: z.number(),
  anio: z.number(),
  numero: z.number(),
  tipo: z.string(),
  prioridad: z.string(),
  estado: z.string(),
  descripcion: z.string(),
  fecha_programada: dateOut.nullable(),
  maquina_detenida: z.boolean(),
  created_at: timestampOut,
});
export type HojaOrden = z.infer<typeof hojaOrden>;

export const hojaDeVidaAnswer = z.object({
  maquinaria: maquinariaRow,
  fini: dateOut,
  ffin: dateOut,
  /** Downtime and availability in the range (up to now). */
  disponibilidad: disponibilidadRow.nullable(),
  lecturas: z.array(hojaLectura),
  tareas: z.array(hojaTarea),
  ordenes: z.array(hojaOrden),
  eventos: z.array(hojaEvento),
  /** More entries than HOJA_MAX_EVENTOS in the range: the oldest were left out. */
  eventos_truncados: z.boolean(),
});
export type HojaDeVidaAnswer = z.infer<typeof hojaDeVidaAnswer>;

export const hojadevidaApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/hojadevida/:id',
    summary: 'Hoja de vida de una máquina: datos, desgaste, medidor en el tiempo, plan, órdenes abiertas, tiempo detenida e historial',
    description: `Rango \`fini\`–\`ffin\` (por defecto, los últimos 12 meses); \`tipos\` filtra el historial (${EVENTO_TIPOS.join(', ')}); a lo más ${HOJA_MAX_EVENTOS} registros del historial, los más recientes.`,
    access: [ROLE.hojaDeVida],
    params: hojaDeVidaParams,
    query: hojaDeVidaQuery,
    answer: hojaDeVidaAnswer,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/hojadevida/:id/pdf',
    summary: 'PDF de la hoja de vida de una máquina con el mismo rango y filtro',
    access: [ROLE.hojaDeVida],
    params: hojaDeVidaParams,
    query: hojaDeVidaQuery,
    answer: fileAnswer('application/pdf'),
  }),
} as const;
