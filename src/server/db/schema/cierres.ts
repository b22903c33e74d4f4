// Monthly close of the warehouse (docs/costs.md): a closed month accepts no movement dated in it. Closing stores the
// month's valued stock by supply (opening, entries, exits, closing), the report the accounting office reconciles;
// reopening needs its own code and a reason. Both are audited.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { money } from './common';
import { insumos } from './insumos';
import { usuarios } from './usuarios';

export const cierres = pgTable(
  'cierres',
  {
    /** 'YYYY-MM'. */
    periodo: varchar('periodo', { length: 7 }).primaryKey(),
    /** CERRADO while closed; ABIERTO after a reopening (the row keeps the history of the last close). */
    estado: varchar('estado', { length: 8 }).notNull(),
    cerrado_at: timestamp('cerrado_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    cerrado_por: integer('cerrado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    reabierto_at: timestamp('reabierto_at', { withTimezone: true, mode: 'string' }),
    reabierto_por: integer('reabierto_por').references(() => usuarios.id, { onDelete: 'set null' }),
    motivo_reapertura: text('motivo_reapertura'),
  },
  (t) => [
    check('cierres_periodo_chk', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('cierres_estado_chk', sql`${t.estado} in ('CERRADO', 'ABIERTO')`),
    index('cierres_cerrado_por_idx').on(t.cerrado_por),
    index('cierres_reabierto_por_idx').on(t.reabierto_por),
    index('cierres_estado_idx').on(t.estado),
  ],
);

/** The valued stock of a closed month, by supply, as it stood when it was closed. */
export const cierresDet = pgTable(
  'cierres_det',
  {
    periodo: varchar('periodo', { length: 7 })
      .notNull()
      .references(() => cierres.periodo, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    inicial_cantidad: money('inicial_cantidad').notNull(),
    inicial_importe: money('inicial_importe').notNull(),
    ingresos_cantidad: money('ingresos_cantidad').notNull(),
    ingresos_importe: money('ingresos_importe').notNull(),
    salidas_cantidad: money('salidas_cantidad').notNull(),
    salidas_importe: money('salidas_importe').notNull(),
    final_cantidad: money('final_cantidad').notNull(),
    final_importe: money('final_importe').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodo, t.insumo_id] }), index('cierres_det_insumo_idx').on(t.insumo_id)],
);
