// The fleet indicators' monthly summary per machine, derived from the stops, failures, repairs, work-order labour and
// the meter summary; kept by triggers (docs/costs.md, "Fleet indicators").
import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { money } from './common';
import { maquinarias } from './maquinarias';

/**
 * Per machine and month (`mes`, its first day), what the indicators and the cost per machine sum: never written by
 * the application. Statement triggers on `maquinarias_estados`, `fallas`, `reparaciones`, `ordenes_trabajo`,
 * `ordenes_trabajo_mano_obra` and `partes_diarios_medidor` recompute the touched machines (the meter: the touched
 * months) in the same transaction as the write, whoever writes. Closed state intervals only: the open one (and
 * any ending after now) is read live. Months with nothing may keep a row of zeros.
 */
export const indicadoresMes = pgTable(
  'indicadores_mes',
  {
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id, { onDelete: 'cascade' }),
    mes: date('mes', { mode: 'string' }).notNull(),
    /** Seconds not OPERATIVO of the closed intervals, cut into Lima days, by ISO weekday (index 1 Monday … 7 Sunday). */
    paro_seg: numeric('paro_seg')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0}'`),
    /**
     * Closed corrective stops that ended (Lima) in the month, and their whole length in hours: a sum of exact
     * quotients (seconds / 3600), unbounded so the figures equal the ones summed from the stops themselves.
     */
    reparaciones: integer('reparaciones').notNull().default(0),
    horas_reparacion: numeric('horas_reparacion').notNull().default('0'),
    /** Failures registered (created_at, Lima) in the month. */
    fallas: integer('fallas').notNull().default(0),
    /** Σ reparaciones.monto by the repair's date. */
    reparacion_monto: money('reparacion_monto').notNull().default(0),
    /** Σ labour hours of the orders not ANULADA, by the labour line's date. */
    mano_obra_horas: money('mano_obra_horas').notNull().default(0),
    /** Σ of the meter summary's `medido`, `horas` and `km` of the month's days. */
    medido: money('medido').notNull().default(0),
    horas: money('horas').notNull().default(0),
    km: money('km').notNull().default(0),
    /**
     * Work orders by type (PREVENTIVA, CORRECTIVA): created in the month less closed or annulled in it (by `fin`, or
     * `updated_at` without it; never before the month it was created), so the backlog at a month's end is the sum
     * of the months up to it.
     */
    ot_preventivas: integer('ot_preventivas').notNull().default(0),
    ot_correctivas: integer('ot_correctivas').notNull().default(0),
    /** CERRADA orders with labour, by type and the month they were created, and their labour hours (the estimate). */
    cerradas_preventivas: integer('cerradas_preventivas').notNull().default(0),
    cerradas_preventivas_horas: money('cerradas_preventivas_horas').notNull().default(0),
    cerradas_correctivas: integer('cerradas_correctivas').notNull().default(0),
    cerradas_correctivas_horas: money('cerradas_correctivas_horas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.maquinaria_id, t.mes] })],
);
