// Machines, their part assignments (wear tracking) and the history of part changes.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { changeVersion, createdAt, money } from './common';
import { insumos } from './insumos';
import { usuarios } from './usuarios';

export const maquinarias = pgTable(
  'maquinarias',
  {
    id: serial('id').primaryKey(),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    marca: varchar('marca', { length: 100 }).notNull(),
    modelo: varchar('modelo', { length: 100 }),
    /** true = hour meter (HOROMETRO), false = odometer (KILOMETRAJE). */
    horometro: boolean('horometro').notNull().default(true),
    placa: varchar('placa', { length: 20 }).notNull().unique(),
    anio_fabrica: smallint('anio_fabrica').notNull(),
    estado: smallint('estado').notNull().default(0),
    /** Meter reading at registration; current meter = this + meter quantities of its daily reports. */
    horometro_inicial: money('horometro_inicial').notNull().default(0),
    veh_id: integer('veh_id'),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [
    index('maquinarias_version_idx').on(t.version),
    check('maquinarias_estado_chk', sql`${t.estado} between 0 and 3`),
    check('maquinarias_anio_chk', sql`${t.anio_fabrica} between 1950 and 2100`),
    check('maquinarias_horometro_inicial_chk', sql`${t.horometro_inicial} >= 0`),
    // 'ega-101' and 'EGA-101' are the same plate.
    uniqueIndex('maquinarias_placa_upper_uq').on(sql`upper(${t.placa})`),
  ],
);

export const insumosMaquinaria = pgTable(
  'insumos_maquinaria',
  {
    insumo_maq_id: serial('insumo_maq_id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    hour_warning: money('hour_warning').notNull(),
    hour_critical: money('hour_critical').notNull(),
    horas_limite: money('horas_limite').notNull(),
    last_date_mantenimiento: date('last_date_mantenimiento', { mode: 'string' }),
    /** The machine's meter read at the last change: where the part's counter starts (null: changes made before readings). */
    last_horometro_mantenimiento: money('last_horometro_mantenimiento'),
    create_insumo_maq: timestamp('create_insumo_maq', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('insumos_maquinaria_uq').on(t.maquinaria_id, t.insumo_id),
    check(
      'insumos_maquinaria_horas_chk',
      sql`${t.hour_warning} >= 0 and ${t.hour_critical} >= ${t.hour_warning} and ${t.horas_limite} >= ${t.hour_critical}`,
    ),
    index('insumos_maquinaria_insumo_idx').on(t.insumo_id),
  ],
);

export const cambiosInsumo = pgTable(
  'cambios_insumo',
  {
    id: serial('id').primaryKey(),
    /** Null once the assignment is removed: the history (and the maintenance report) keeps machine and part. */
    insumo_maq_id: integer('insumo_maq_id').references(() => insumosMaquinaria.insumo_maq_id, { onDelete: 'set null' }),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    observacion: text('observacion').notNull(),
    horometro_pdiario: money('horometro_pdiario').notNull().default(0),
    horometro_vehiculo: money('horometro_vehiculo').notNull().default(0),
    horas_acumuladas: money('horas_acumuladas').notNull().default(0),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    check('cambios_insumo_horas_chk', sql`${t.horometro_pdiario} >= 0 and ${t.horometro_vehiculo} >= 0 and ${t.horas_acumuladas} >= 0`),
    index('cambios_insumo_maq_idx').on(t.maquinaria_id, t.fecha),
    index('cambios_insumo_fecha_idx').on(t.fecha),
    index('cambios_insumo_insumo_idx').on(t.insumo_id),
    index('cambios_insumo_insumo_maq_idx').on(t.insumo_maq_id),
    index('cambios_insumo_user_idx').on(t.user_id),
  ],
);

/**
 * A machine's states over time (docs/architecture.md, "Machine state"): each row an interval from `desde` to `hasta`
 * (null: the current one), with why it began. `maquinarias.estado` is the open interval's state. Downtime is the time
 * in any state but OPERATIVO (0).
 */
export const maquinariasEstados = pgTable(
  'maquinarias_estados',
  {
    id: serial('id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    estado: smallint('estado').notNull(),
    desde: timestamp('desde', { withTimezone: true, mode: 'string' }).notNull(),
    hasta: timestamp('hasta', { withTimezone: true, mode: 'string' }),
    motivo: text('motivo'),
    /** What started it: ALTA (registration), MANUAL (machine edit), FALLA, ORDEN (work order), REPARACION. */
    origen: varchar('origen', { length: 12 }).notNull(),
    ref_id: integer('ref_id'),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('maquinarias_estados_estado_chk', sql`${t.estado} between 0 and 3`),
    check('maquinarias_estados_origen_chk', sql`${t.origen} in ('ALTA', 'MANUAL', 'FALLA', 'ORDEN', 'REPARACION')`),
    check('maquinarias_estados_hasta_chk', sql`${t.hasta} is null or ${t.hasta} >= ${t.desde}`),
    index('maquinarias_estados_maq_idx').on(t.maquinaria_id, t.desde),
    // One open interval per machine.
    uniqueIndex('maquinarias_estados_abierto_uq')
      .on(t.maquinaria_id)
      .where(sql`${t.hasta} is null`),
    index('maquinarias_estados_user_idx').on(t.user_id),
    // The fleet indicators read the intervals still open or ending after now live, and the monthly summary's
    // triggers find the stops a work order began.
    index('maquinarias_estados_hasta_idx').on(t.hasta),
    index('maquinarias_estados_orden_idx')
      .on(t.ref_id)
      .where(sql`${t.origen} = 'ORDEN'`),
  ],
);
