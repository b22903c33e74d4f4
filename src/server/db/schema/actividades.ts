// Activities catalogue (used by daily reports).
import { sql } from 'drizzle-orm';
import { check, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

export const actividades = pgTable(
  'actividades',
  {
    id: serial('id').primaryKey(),
    activ_nombre: varchar('activ_nombre', { length: 200 }).notNull(),
    activ_estado: smallint('activ_estado').notNull().default(1),
    created_at: createdAt(),
  },
  (t) => [check('actividades_estado_chk', sql`${t.activ_estado} in (0, 1)`)],
);
