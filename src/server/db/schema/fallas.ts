// Failures reported per machine (PENDIENTE / REPARADO).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { maquinarias } from './maquinarias';
import { usuarios } from './usuarios';

export const fallas = pgTable(
  'fallas',
  {
    falla_id: serial('falla_id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    descripcion: varchar('descripcion', { length: 250 }).notNull(),
    detalle: text('detalle'),
    estado: smallint('estado').notNull().default(0),
    /** Reported with the machine stopped: it puts an OPERATIVO machine EN REPARACION until the failure is repaired. */
    maquina_detenida: boolean('maquina_detenida').notNull().default(false),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    check('fallas_estado_chk', sql`${t.estado} in (0, 1)`),
    index('fallas_maq_idx').on(t.maquinaria_id),
    // Target of the repairs' (failure, machine) reference: a repair fixes a failure of its own machine.
    unique('fallas_id_maquinaria_uq').on(t.falla_id, t.maquinaria_id),
    index('fallas_user_idx').on(t.user_id),
    index('fallas_created_idx').on(t.created_at),
  ],
);
