// Cost schedules with priced lines (services billed in daily reports).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, varchar, index } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';

export const costos = pgTable(
  'costos',
  {
    id: serial('id').primaryKey(),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    estado: smallint('estado').notNull().default(1),
    created_at: createdAt(),
  },
  (t) => [check('costos_estado_chk', sql`${t.estado} in (0, 1)`)],
);

export const costosDet = pgTable(
  'costos_det',
  {
    costo_det_id: serial('costo_det_id').primaryKey(),
    costo_id: integer('costo_id')
      .notNull()
      .references(() => costos.id, { onDelete: 'cascade' }),
    descripcion: varchar('descripcion', { length: 200 }).notNull(),
    precio: money('precio').notNull(),
    estado: smallint('estado').notNull().default(1),
    /** HORA, KM, DIA, VIAJE or M3; HORA/KM lines add to the machine's meter. */
    unidad: varchar('unidad', { length: 10 }).notNull().default('HORA'),
  },
  (t) => [
    check('costos_det_estado_chk', sql`${t.estado} in (0, 1)`),
    check('costos_det_precio_chk', sql`${t.precio} >= 0`),
    check('costos_det_unidad_chk', sql`${t.unidad} in ('HORA', 'KM', 'DIA', 'VIAJE', 'M3')`),
    index('costos_det_costo_idx').on(t.costo_id),
  ],
);
