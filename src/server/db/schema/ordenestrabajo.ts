// Work orders (órdenes de trabajo): a job on a machine, preventive (from a plan's task) or corrective (from a failure),
// followed from ABIERTA to CERRADA, with its assigned staff, labour, checklist and parts (a warehouse exit linked to
// the order: salidas.ot_id). `uid` is made by the device that creates the order, so later offline saves of the same
// order address it before the server numbered it.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './common';
import { fallas } from './fallas';
import { maquinarias } from './maquinarias';
import { planesTareas } from './planes';
import { usuarios } from './usuarios';

export const ordenesTrabajo = pgTable(
  'ordenes_trabajo',
  {
    ot_id: serial('ot_id').primaryKey(),
    uid: uuid('uid').notNull().unique(),
    /** Correlative number per year: 2026-0012. */
    anio: smallint('anio').notNull(),
    numero: integer('numero').notNull(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    origen: varchar('origen', { length: 10 }).notNull(),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    prioridad: varchar('prioridad', { length: 10 }).notNull().default('MEDIA'),
    estado: varchar('estado', { length: 25 }).notNull().default('ABIERTA'),
    tarea_id: integer('tarea_id').references(() => planesTareas.tarea_id, { onDelete: 'set null' }),
    falla_id: integer('falla_id').references(() => fallas.falla_id, { onDelete: 'set null' }),
    descripcion: varchar('descripcion', { length: 250 }).notNull(),
    fecha_programada: date('fecha_programada', { mode: 'string' }),
    inicio: timestamp('inicio', { withTimezone: true, mode: 'string' }),
    fin: timestamp('fin', { withTimezone: true, mode: 'string' }),
    /** The machine cannot work while the order is open: starting it stops the machine (EN REPARACION / MANTENIMIENTO). */
    maquina_detenida: boolean('maquina_detenida').notNull().default(false),
    /** The machine's meter read when the order was closed. */
    horometro_cierre: money('horometro_cierre'),
    motivo_anulacion: text('motivo_anulacion'),
    notas: text('notas'),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('ordenes_trabajo_numero_uq').on(t.anio, t.numero),
    check('ordenes_trabajo_origen_chk', sql`${t.origen} in ('PLAN', 'FALLA', 'MANUAL')`),
    check('ordenes_trabajo_tipo_chk', sql`${t.tipo} in ('PREVENTIVA', 'CORRECTIVA')`),
    check('ordenes_trabajo_prioridad_chk', sql`${t.prioridad} in ('BAJA', 'MEDIA', 'ALTA', 'URGENTE')`),
    check('ordenes_trabajo_estado_chk', sql`${t.estado} in ('ABIERTA', 'EN CURSO', 'EN ESPERA DE REPUESTOS', 'CERRADA', 'ANULADA')`),
    check('ordenes_trabajo_horometro_chk', sql`${t.horometro_cierre} is null or ${t.horometro_cierre} >= 0`),
    index('ordenes_trabajo_maq_idx').on(t.maquinaria_id, t.estado),
    index('ordenes_trabajo_estado_idx').on(t.estado),
    index('ordenes_trabajo_tarea_idx').on(t.tarea_id),
    index('ordenes_trabajo_falla_idx').on(t.falla_id),
    index('ordenes_trabajo_fecha_idx').on(t.fecha_programada),
    index('ordenes_trabajo_created_idx').on(t.created_at),
    index('ordenes_trabajo_user_idx').on(t.user_id),
  ],
);

/** The staff an order is assigned to (users: a mechanic sees the orders assigned to them, offline too). */
export const ordenesTrabajoAsignados = pgTable(
  'ordenes_trabajo_asignados',
  {
    ot_id: integer('ot_id')
      .notNull()
      .references(() => ordenesTrabajo.ot_id, { onDelete: 'cascade' }),
    usuario_id: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ot_id, t.usuario_id] }), index('ordenes_trabajo_asignados_usuario_idx').on(t.usuario_id)],
);

/** Labour: hours worked on the order per person and day. */
export const ordenesTrabajoManoObra = pgTable(
  'ordenes_trabajo_mano_obra',
  {
    id: serial('id').primaryKey(),
    ot_id: integer('ot_id')
      .notNull()
      .references(() => ordenesTrabajo.ot_id, { onDelete: 'cascade' }),
    usuario_id: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    nombre: varchar('nombre', { length: 150 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    horas: money('horas').notNull(),
  },
  (t) => [
    check('ordenes_trabajo_mano_obra_horas_chk', sql`${t.horas} > 0 and ${t.horas} <= 24`),
    index('ordenes_trabajo_mano_obra_ot_idx').on(t.ot_id),
    index('ordenes_trabajo_mano_obra_usuario_idx').on(t.usuario_id),
  ],
);

/** The order's checklist: OK / OBSERVADO / NO APLICA and a note per item; an observed item may open a failure. */
export const ordenesTrabajoChecklist = pgTable(
  'ordenes_trabajo_checklist',
  {
    id: serial('id').primaryKey(),
    ot_id: integer('ot_id')
      .notNull()
      .references(() => ordenesTrabajo.ot_id, { onDelete: 'cascade' }),
    orden: smallint('orden').notNull(),
    descripcion: varchar('descripcion', { length: 250 }).notNull(),
    resultado: varchar('resultado', { length: 10 }),
    nota: text('nota'),
    falla_id: integer('falla_id').references(() => fallas.falla_id, { onDelete: 'set null' }),
  },
  (t) => [
    check('ordenes_trabajo_checklist_res_chk', sql`${t.resultado} is null or ${t.resultado} in ('OK', 'OBSERVADO', 'NO APLICA')`),
    index('ordenes_trabajo_checklist_ot_idx').on(t.ot_id),
    index('ordenes_trabajo_checklist_falla_idx').on(t.falla_id),
  ],
);
