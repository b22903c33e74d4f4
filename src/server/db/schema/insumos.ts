// Supplies with stock, and their units of measure.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt, money, unitCost } from './common';

export const unimeds = pgTable('unimeds', {
  unimed_id: serial('unimed_id').primaryKey(),
  unimed_abrev: varchar('unimed_abrev', { length: 20 }).notNull().unique(),
  unimed_nombre: varchar('unimed_nombre', { length: 80 }).notNull(),
});

export const insumos = pgTable(
  'insumos',
  {
    id: serial('id').primaryKey(),
    insumo_codigo: varchar('insumo_codigo', { length: 40 }).notNull().unique(),
    insumo_name: varchar('insumo_name', { length: 250 }).notNull(),
    /** Lower-case, accent-free code + name, for searches. */
    search_text: varchar('search_text', { length: 300 }).notNull().default(''),
    unimed_id: integer('unimed_id')
      .notNull()
      .references(() => unimeds.unimed_id),
    stock: money('stock').notNull().default(0),
    /** Weighted average unit cost now, and the stock's value (the last kardex balance): docs/costs.md. */
    costo_promedio: unitCost('costo_promedio').notNull().default(0),
    valor_stock: money('valor_stock').notNull().default(0),
    /** A fuel (diesel, gasoline): its exits to a machine count as litres of fuel in the cost per machine. */
    es_combustible: boolean('es_combustible').notNull().default(false),
    /** Default wear hours when the supply is assigned to a machine as a part. */
    hour_warning: money('hour_warning'),
    hour_critical: money('hour_critical'),
    horas_limite: money('horas_limite'),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [
    index('insumos_version_idx').on(t.version),
    check('insumos_stock_chk', sql`${t.stock} >= 0`),
    index('insumos_search_idx').on(t.search_text),
    index('insumos_unimed_idx').on(t.unimed_id),
  ],
);
