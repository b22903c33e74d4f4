// Preventive maintenance plans (docs/architecture.md, "Preventive plans"): a machine's plan with its tasks (every N
// hours/km and/or every M days, whichever comes first; due-soon margins; fixed or floating schedule; checklist; the
// wear assignments a task changes), the copy to machines of the same kind, a task marked done by hand, the fleet's
// due list and the report of tasks done and missed in a date range. The rules are shared/domain/planes.ts.
import { z } from 'zod';
import { MENU, ROLE } from '../auth/permissions';
import { limaDate } from '../domain/dates';
import { FIELD, MSG } from '../messages';
import { amount, dateOut, dateStr, id, messageResponse, numeric, positiveAmount, text, trashOf } from './common';
import { endpoint } from './endpoint';
import { blankToNull } from './form-values';

export const PROGRAMACIONES = ['FIJA', 'FLOTANTE'] as const;
export const ESTADOS_TAREA = ['vencida', 'proxima', 'al_dia'] as const;
/** Most rows the due list and the compliance report answer (a fleet of 500 machines with 5 plans of 4 tasks). */
export const PLANES_LIST_LIMIT = 10_000;
/** Most tasks a plan holds, checklist items a task holds, machines a plan is copied to at once. */
export const MAX_TAREAS = 50;
export const MAX_CHECKLIST = 50;
export const MAX_COPIAS = 500;
/** The longest calendar interval (10 years). */
export const MAX_CADA_DIAS = 3650;

/** The codes that read plans and the due list: the screen of code 35 and its children. */
export const PLANES_READ_CODES = [
  MENU.mantenimientoPreventivo,
  ROLE.maquinariaDesgasteMantenimiento,
  ROLE.maquinariaCambiarInsumos,
  ROLE.planNuevo,
  ROLE.planEliminar,
] as const;

const days = (max: number, min: number) =>
  numeric(
    z
      .number({ error: FIELD.integer })
      .int(FIELD.integer)
      .min(min, min > 0 ? FIELD.positive : FIELD.nonNegative)
      .max(max, FIELD.invalidValue),
  );

/** One task of the plan form. `tarea_id` on a task already stored; base date and meter default to today and the current meter. */
export const tareaBody = z
  .object({
    tarea_id: id.optional(),
    nombre: text(200),
    cada_medidor: z.preprocess(blankToNull, positiveAmount.nullish()).transform((v) => v ?? null),
    cada_dias: z.preprocess(blankToNull, days(MAX_CADA_DIAS, 1).nullish()).transform((v) => v ?? null),
    margen_medidor: z.preprocess((v) => blankToNull(v) ?? 0, amount),
    margen_dias: z.preprocess((v) => blankToNull(v) ?? 0, days(MAX_CADA_DIAS, 0)),
    programacion: z.enum(PROGRAMACIONES, { error: MSG.planScheduleInvalid }).default('FIJA'),
    checklist: z.array(text(200)).max(MAX_CHECKLIST, MSG.planTooMany(MAX_CHECKLIST)).default([]),
    /** The machine's wear assignments (insumo_maq_id) the task changes: doing it restarts their counters. */
    insumos: z
      .array(id)
      .max(50)
      .default([])
      .transform((v) => [...new Set(v)]),
    base_fecha: z.preprocess(blankToNull, dateStr.nullish()).transform((v) => v ?? null),
    base_medidor: z.preprocess(blankToNull, amount.nullish()).transform((v) => v ?? null),
    activo: z.boolean().default(true),
  })
  .refine((t) => t.cada_medidor !== null || t.cada_dias !== null, { message: MSG.planTriggerRequired, path: ['cada_medidor'] })
  .refine((t) => t.base_fecha === null || t.base_fecha <= limaDate(), { message: MSG.planBaseFuture, path: ['base_fecha'] });
export type TareaBody = z.infer<typeof tareaBody>;
export type TareaInput = z.input<typeof tareaBody>;

/** The plan form: the machine, a name and its tasks; `trash` the stored tasks removed. */
export const planBody = z.object({
  maquinaria_id: id,
  nombre: text(120),
  activo: z.boolean().default(true),
  tareas: z.array(tareaBody, { error: MSG.planNoTasks }).min(1, MSG.planNoTasks).max(MAX_TAREAS, MSG.planTooMany(MAX_TAREAS)),
  trash: trashOf('tarea_id'),
});
export type PlanBody = z.infer<typeof planBody>;

export const tareaRow = z.object({
  tarea_id: z.number(),
  plan_id: z.number(),
  nombre: z.string(),
  cada_medidor: z.number().nullable(),
  cada_dias: z.number().nullable(),
  margen_medidor: z.number(),
  margen_dias: z.number(),
  programacion: z.enum(PROGRAMACIONES),
  checklist: z.array(z.string()),
  insumos: z.array(z.number()),
  base_fecha: dateOut,
  base_medidor: z.number(),
  proximo_medidor: z.number().nullable(),
  proximo_fecha: dateOut.nullable(),
  activo: z.boolean(),
  /** The last time it was done (null: never). */
  ultima_fecha: dateOut.nullable(),
});
export type TareaRow = z.infer<typeof tareaRow>;

/** A plan with its machine and its tasks (GET /api/planes/:id, and the answer of every write). */
export const planDetail = z.object({
  plan_id: z.number(),
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  horometro: z.boolean(),
  nombre: z.string(),
  activo: z.boolean(),
  tareas: z.array(tareaRow),
});
export type PlanDetail = z.infer<typeof planDetail>;

/** A plan in the list of plans (of one machine or all). */
export const planRow = z.object({
  plan_id: z.number(),
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  nombre: z.string(),
  activo: z.boolean(),
  tareas: z.number(),
});
export type PlanRow = z.infer<typeof planRow>;

export const planListQuery = z.object({
  maquinaria_id: z.preprocess(blankToNull, id.nullish()).transform((v) => v ?? null),
});

export const planIdParam = z.object({ id });

/** Copy of a plan to machines of the same kind (same description and meter type). */
export const copiarBody = z.object({
  maquinarias: z
    .array(id, { error: MSG.planCopyNone })
    .min(1, MSG.planCopyNone)
    .max(MAX_COPIAS)
    .transform((v) => [...new Set(v)]),
});
export type CopiarBody = z.infer<typeof copiarBody>;
export const copiarAnswer = z.object({ message: z.string(), data: z.array(planRow) });
export type CopiarAnswer = z.infer<typeof copiarAnswer>;

/** "Marcar como hecha": the day and the machine's reading it was done at. */
export const hechaBody = z.object({
  fecha: dateStr.refine((d) => d <= limaDate(), MSG.planDoneFuture),
  medidor: amount,
  observacion: z.preprocess(blankToNull, text(500).nullish()).transform((v) => v ?? null),
});
export type HechaBody = z.infer<typeof hechaBody>;

// ---------------------------------------------------------------------------------------------------------
// The fleet's due list (POST /api/planes/vencimientos) and the compliance report (POST /api/planes/cumplimiento)
// ---------------------------------------------------------------------------------------------------------

const maquinariaFilter = numeric(
  z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue),
).nullish();
const rangeOrder = { message: FIELD.dateRangeOrder, path: ['ffin'] };

/** Machine (0 or none: all), state, and a range of the forecast due date. */
export const vencimientosBody = z
  .object({
    maquinaria_id: maquinariaFilter,
    estado: z.preprocess(blankToNull, z.enum(ESTADOS_TAREA, { error: FIELD.invalidValue }).nullish()),
    fini: z.preprocess(blankToNull, dateStr.nullish()),
    ffin: z.preprocess(blankToNull, dateStr.nullish()),
  })
  .refine((v) => !v.fini || !v.ffin || v.fini <= v.ffin, rangeOrder);
export type VencimientosBody = z.infer<typeof vencimientosBody>;

export const vencimientoRow = z.object({
  tarea_id: z.number(),
  plan_id: z.number(),
  plan_nombre: z.string(),
  tarea_nombre: z.string(),
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  /** The machine's meter type (true hours, false km). */
  horometro: z.boolean(),
  cada_medidor: z.number().nullable(),
  cada_dias: z.number().nullable(),
  margen_medidor: z.number(),
  margen_dias: z.number(),
  programacion: z.enum(PROGRAMACIONES),
  proximo_medidor: z.number().nullable(),
  proximo_fecha: dateOut.nullable(),
  horometro_actual: z.number(),
  uso_diario: z.number(),
  estado: z.enum(ESTADOS_TAREA),
  /** Forecast due date: the due date, or sooner the day the average daily use brings the meter to its due. */
  fecha_pronostico: dateOut.nullable(),
  ultima_fecha: dateOut.nullable(),
  checklist: z.array(z.string()),
  insumos: z.array(z.number()),
});
export type VencimientoRow = z.infer<typeof vencimientoRow>;

export const cumplimientoBody = z
  .object({
    /** Machines (none, or 0 among them: all). */
    maquinarias: z
      .array(numeric(z.number().int().min(0).max(2_147_483_647)))
      .max(1000)
      .default([])
      .transform((ids) => (ids.length === 0 || ids.includes(0) ? null : [...new Set(ids)])),
    fini: dateStr,
    ffin: dateStr,
  })
  .refine((v) => v.fini <= v.ffin, rangeOrder);
export type CumplimientoBody = z.infer<typeof cumplimientoBody>;

/** A task done in the range (HECHA, on time or late) or due in it and not done by its end (OMITIDA). */
export const cumplimientoRow = z.object({
  tipo: z.enum(['HECHA', 'OMITIDA']),
  tarea_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  horometro: z.boolean(),
  plan_nombre: z.string(),
  tarea_nombre: z.string(),
  /** When it was due: the due date, or the day the machine's meter reached the due meter if sooner. */
  vence_fecha: dateOut.nullable(),
  vence_medidor: z.number().nullable(),
  /** Done: when and at what reading (null for a missed task). */
  fecha: dateOut.nullable(),
  medidor: z.number().nullable(),
  a_tiempo: z.boolean().nullable(),
});
export type CumplimientoRow = z.infer<typeof cumplimientoRow>;

export const planesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/planes',
    summary: 'Planes de mantenimiento preventivo (de una máquina o de todas) con su número de tareas',
    access: PLANES_READ_CODES,
    query: planListQuery,
    answer: z.array(planRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/planes/:id',
    summary: 'Un plan con su máquina y sus tareas (disparadores, márgenes, checklist, insumos y próximo vencimiento)',
    access: PLANES_READ_CODES,
    params: planIdParam,
    answer: planDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/planes',
    summary: 'Registra un plan de una máquina; el próximo vencimiento de cada tarea se cuenta desde su fecha y lectura base',
    description:
      'La fecha base es hoy y la lectura base el medidor actual de la máquina cuando no se envían. Los insumos de una tarea son asignaciones de desgaste de la misma máquina.',
    access: [ROLE.planNuevo],
    idempotent: true,
    body: planBody,
    answer: planDetail,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/planes/:id',
    summary: 'Modifica un plan: una tarea cuyo intervalo o base cambia recalcula su próximo vencimiento desde su última ejecución',
    access: [ROLE.planNuevo],
    idempotent: true,
    params: planIdParam,
    body: planBody,
    answer: planDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/planes/:id',
    summary: 'Elimina un plan con sus tareas y su historial de ejecuciones',
    access: [ROLE.planEliminar],
    idempotent: true,
    params: planIdParam,
    answer: messageResponse,
  }),
  copiar: endpoint({
    method: 'POST',
    path: '/api/planes/:id/copiar',
    summary: 'Copia un plan a máquinas del mismo tipo (misma descripción y tipo de medidor), desde hoy y su medidor actual',
    description: 'Los insumos de cada tarea pasan a la asignación del mismo insumo en la máquina de destino, si la tiene.',
    access: [ROLE.planNuevo],
    idempotent: true,
    params: planIdParam,
    body: copiarBody,
    answer: copiarAnswer,
    status: 201,
  }),
  hecha: endpoint({
    method: 'POST',
    path: '/api/planes/tareas/:id/hecha',
    summary: 'Marca una tarea como hecha en una fecha y lectura: mueve su próximo vencimiento y reinicia sus insumos',
    access: [ROLE.planNuevo],
    idempotent: true,
    params: planIdParam,
    body: hechaBody,
    answer: planDetail,
  }),
  vencimientos: endpoint({
    method: 'POST',
    path: '/api/planes/vencimientos',
    summary: 'Tareas activas de la flota con su próximo vencimiento, estado y fecha prevista',
    description: `Filtra por máquina (0 = todas), estado y rango de la fecha prevista; devuelve a lo más ${PLANES_LIST_LIMIT} filas, las que vencen antes primero.`,
    access: PLANES_READ_CODES,
    body: vencimientosBody,
    answer: z.array(vencimientoRow),
  }),
  cumplimiento: endpoint({
    method: 'POST',
    path: '/api/planes/cumplimiento',
    summary: 'Tareas hechas (a tiempo o con retraso) y omitidas en un rango de fechas',
    description: `Devuelve a lo más ${PLANES_LIST_LIMIT} filas, por placa y fecha de vencimiento.`,
    access: [MENU.reporteMantenimiento, MENU.mantenimientoPreventivo],
    body: cumplimientoBody,
    answer: z.array(cumplimientoRow),
  }),
} as const;
