// Preventive maintenance plans of a machine: its tasks, due by meter and/or by date (whichever comes first), the wear
// parts each task changes, and every time a task was done (docs/architecture.md, "Preventive plans").
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
import { insumosMaquinaria, maquinarias } from './maquinarias';
import { ordenesTrabajo } from './ordenestrabajo';
import { usuarios } from './usuarios';

export const planes = pgTable(
  'planes',
  {
    plan_id: serial('plan_id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 120 }).notNull(),
    activo: boolean('activo').notNull().default(true),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('planes_maq_idx').on(t.maquinaria_id), index('planes_user_idx').on(t.user_id)],
);

export const planesTareas = pgTable(
  'planes_tareas',
  {
    tarea_id: serial('tarea_id').primaryKey(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => planes.plan_id, { onDelete: 'cascade' }),
    nombre: varchar('nombre', { length: 200 }).notNull(),
    /** Every so many hours (hour meter) or km (odometer); null: no meter trigger. */
    cada_medidor: money('cada_medidor'),
    /** Every so many days; null: no calendar trigger. */
    cada_dias: integer('cada_dias'),
    margen_medidor: money('margen_medidor').notNull().default(0),
    margen_dias: integer('margen_dias').notNull().default(0),
    /** FIJA: the next due counts from when it was due; FLOTANTE: from when it was done. */
    programacion: varchar('programacion', { length: 10 }).notNull().default('FIJA'),
    /** The checklist items a work order for the task copies. */
    checklist: jsonb('checklist')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When it was last done (or the plan's start) and the machine's meter then. */
    base_fecha: date('base_fecha', { mode: 'string' }).notNull(),
    base_medidor: money('base_medidor').notNull().default(0),
    /** Next due (stored: recomputed when the task is done or edited). */
    proximo_medidor: money('proximo_medidor'),
    proximo_fecha: date('proximo_fecha', { mode: 'string' }),
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    check('planes_tareas_trigger_chk', sql`${t.cada_medidor} is not null or ${t.cada_dias} is not null`),
    check('planes_tareas_cada_chk', sql`coalesce(${t.cada_medidor}, 1) > 0 and coalesce(${t.cada_dias}, 1) > 0`),
    check('planes_tareas_margen_chk', sql`${t.margen_medidor} >= 0 and ${t.margen_dias} >= 0`),
    check('planes_tareas_prog_chk', sql`${t.programacion} in ('FIJA', 'FLOTANTE')`),
    index('planes_tareas_plan_idx').on(t.plan_id),
    index('planes_tareas_fecha_idx').on(t.proximo_fecha),
  ],
);

/** The wear parts a task changes: doing it restarts their counters. */
export const planesTareasInsumos = pgTable(
  'planes_tareas_insumos',
  {
    tarea_id: integer('tarea_id')
      .notNull()
      .references(() => planesTareas.tarea_id, { onDelete: 'cascade' }),
    insumo_maq_id: integer('insumo_maq_id')
      .notNull()
      .references(() => insumosMaquinaria.insumo_maq_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tarea_id, t.insumo_maq_id] }), index('planes_tareas_insumos_im_idx').on(t.insumo_maq_id)],
);

/** Each time a task was done: when, at what meter, what it was due by, and whether that was on time. */
export const planesTareasEjecuciones = pgTable(
  'planes_tareas_ejecuciones',
  {
    id: serial('id').primaryKey(),
    tarea_id: integer('tarea_id')
      .notNull()
      .references(() => planesTareas.tarea_id, { onDelete: 'cascade' }),
    ot_id: integer('ot_id').references(() => ordenesTrabajo.ot_id, { onDelete: 'set null' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    medidor: money('medidor').notNull(),
    vence_fecha: date('vence_fecha', { mode: 'string' }),
    vence_medidor: money('vence_medidor'),
    a_tiempo: boolean('a_tiempo').notNull(),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('planes_tareas_ejec_tarea_idx').on(t.tarea_id, t.fecha),
    index('planes_tareas_ejec_fecha_idx').on(t.fecha),
    index('planes_tareas_ejec_ot_idx').on(t.ot_id),
    index('planes_tareas_ejecuciones_user_idx').on(t.user_id),
  ],
);
