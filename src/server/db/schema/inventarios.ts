// Physical count (inventario físico, docs/costs.md): a count sheet for a date, of all supplies or a selection, filled on
// a tablet; approving it books each difference as an AJUSTE movement valued at the average cost.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
import { insumos } from './insumos';
import { usuarios } from './usuarios';

export const inventarios = pgTable(
  'inventarios',
  {
    id: serial('id').primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    descripcion: varchar('descripcion', { length: 250 }).notNull().default(''),
    /** BORRADOR while it is counted, APROBADO once its differences are booked, ANULADO when discarded. */
    estado: varchar('estado', { length: 10 }).notNull().default('BORRADOR'),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    aprobado_por: integer('aprobado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    aprobado_at: timestamp('aprobado_at', { withTimezone: true, mode: 'string' }),
    created_at: createdAt(),
  },
  (t) => [
    check('inventarios_estado_chk', sql`${t.estado} in ('BORRADOR', 'APROBADO', 'ANULADO')`),
    index('inventarios_fecha_idx').on(t.fecha),
    index('inventarios_estado_idx').on(t.estado),
    index('inventarios_user_idx').on(t.user_id),
    index('inventarios_aprobado_por_idx').on(t.aprobado_por),
  ],
);

export const inventariosDet = pgTable(
  'inventarios_det',
  {
    id: serial('id').primaryKey(),
    inventario_id: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    /** The kardex quantity at the end of the count's date, taken when the sheet is made and again on approval. */
    stock_sistema: money('stock_sistema').notNull().default(0),
    /** What was counted; null until counted. */
    cantidad_contada: money('cantidad_contada'),
    /** Why the count differs (required for a difference before approval). */
    motivo: text('motivo'),
  },
  (t) => [
    unique('inventarios_det_insumo_uq').on(t.inventario_id, t.insumo_id),
    check('inventarios_det_contada_chk', sql`${t.cantidad_contada} is null or ${t.cantidad_contada} >= 0`),
    index('inventarios_det_insumo_idx').on(t.insumo_id),
  ],
);
