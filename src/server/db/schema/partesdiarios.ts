// Daily work reports with their lines, and the machines' meter per day derived from them; a valuation bills them.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { actividades } from './actividades';
import { createdAt, money } from './common';
import { costosDet } from './costos';
import { maquinarias } from './maquinarias';
import { operadores } from './operadores';
import { usuarios } from './usuarios';
import { valorizaciones } from './valoriza';

export const partesDiarios = pgTable(
  'partes_diarios',
  {
    parte_id: serial('parte_id').primaryKey(),
    nro_parte_interno: varchar('nro_parte_interno', { length: 30 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    operador_id: integer('operador_id')
      .notNull()
      .references(() => operadores.operador_id),
    actividad_id: integer('actividad_id')
      .notNull()
      .references(() => actividades.id),
    /** Set when a valuation bills the report; a report belongs to at most one valuation. */
    valoriza_id: integer('valoriza_id').references(() => valorizaciones.valoriza_id, { onDelete: 'set null' }),
    monto: money('monto').notNull().default(0),
    /**
     * The machine's meter at the start and the end of the day (hours on an hour meter, km on an odometer): what the
     * machine worked is final − initial, whatever the report bills. Null on reports stored before readings existed,
     * which keep counting their HORA/KM lines.
     */
    horometro_inicial: money('horometro_inicial'),
    horometro_final: money('horometro_final'),
    created_at: createdAt(),
  },
  (t) => [
    check('partes_diarios_monto_chk', sql`${t.monto} >= 0`),
    check(
      'partes_diarios_lectura_chk',
      sql`(${t.horometro_inicial} is null) = (${t.horometro_final} is null) and (${t.horometro_inicial} is null or (${t.horometro_inicial} >= 0 and ${t.horometro_final} >= ${t.horometro_inicial}))`,
    ),
    index('partes_diarios_fecha_idx').on(t.fecha),
    index('partes_diarios_maq_idx').on(t.maquinaria_id, t.fecha),
    index('partes_diarios_valoriza_idx').on(t.valoriza_id),
    index('partes_diarios_actividad_idx').on(t.actividad_id),
    index('partes_diarios_operador_idx').on(t.operador_id),
  ],
);

export const partesDiariosDet = pgTable(
  'partes_diarios_det',
  {
    pd_detalle_id: serial('pd_detalle_id').primaryKey(),
    parte_id: integer('parte_id')
      .notNull()
      .references(() => partesDiarios.parte_id, { onDelete: 'cascade' }),
    costo_det_id: integer('costo_det_id')
      .notNull()
      .references(() => costosDet.costo_det_id),
    cantid: money('cantid').notNull(),
    preuni: money('preuni').notNull(),
    pretot: money('pretot').notNull(),
    unidad: varchar('unidad', { length: 10 }).notNull().default('HORA'),
    observacion: text('observacion'),
  },
  (t) => [
    check('partes_diarios_det_cant_chk', sql`${t.cantid} >= 0 and ${t.preuni} >= 0 and ${t.pretot} >= 0`),
    // The same units as the cost lines.
    check('partes_diarios_det_unidad_chk', sql`${t.unidad} in ('HORA', 'KM', 'DIA', 'VIAJE', 'M3')`),
    // The meter and wear queries join report lines to their reports.
    index('partes_diarios_det_parte_idx').on(t.parte_id),
    index('partes_diarios_det_costo_det_idx').on(t.costo_det_id),
  ],
);

/**
 * The machines' meter per day, derived from the daily reports: the `HORA` and `KM` lines of each machine's reports of
 * a day (`horas`, `km`) and the running totals up to and including that day (`horas_acum`, `km_acum`). Never written
 * by the application: triggers on `partes_diarios` and `partes_diarios_det` (migration 0011) keep it in the same
 * transaction as the report, whoever writes it. Days without meter quantity have no row. The wear counters
 * (lib/wear.ts) read it by index instead of every report line.
 */
export const partesDiariosMedidor = pgTable(
  'partes_diarios_medidor',
  {
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    horas: money('horas').notNull().default(0),
    km: money('km').notNull().default(0),
    horas_acum: money('horas_acum').notNull().default(0),
    km_acum: money('km_acum').notNull().default(0),
    /** The day's worked meter from readings (reports with horometro_inicial/final) and its running total. */
    medido: money('medido').notNull().default(0),
    medido_acum: money('medido_acum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.maquinaria_id, t.fecha] })],
);

/**
 * Daily reports refused for implausible readings (a replay from the field that does not fit the machine's other
 * reports): kept apart from the refused request, which changed nothing, so the office sees them (the bell, Inicio).
 */
export const lecturasRechazadas = pgTable(
  'lecturas_rechazadas',
  {
    id: serial('id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    nro_parte_interno: varchar('nro_parte_interno', { length: 30 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    horometro_inicial: money('horometro_inicial').notNull(),
    horometro_final: money('horometro_final').notNull(),
    mensaje: text('mensaje').notNull(),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** One row per refused request: a retried refusal (same Idempotency-Key) is not counted twice. */
    idempotency_key: varchar('idempotency_key', { length: 100 }).unique(),
    created_at: createdAt(),
  },
  (t) => [
    index('lecturas_rechazadas_created_idx').on(t.created_at),
    index('lecturas_rechazadas_maq_idx').on(t.maquinaria_id),
    index('lecturas_rechazadas_user_idx').on(t.user_id),
  ],
);
