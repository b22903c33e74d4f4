// Machine operators (DNI unique).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt } from './common';

export const operadores = pgTable(
  'operadores',
  {
    operador_id: serial('operador_id').primaryKey(),
    indiv_id: integer('indiv_id'),
    dni: varchar('dni', { length: 8 }).notNull().unique(),
    nombres: varchar('nombres', { length: 200 }).notNull(),
    direccion: varchar('direccion', { length: 250 }),
    celular: varchar('celular', { length: 20 }),
    email: varchar('email', { length: 120 }),
    fecha_nac: date('fecha_nac', { mode: 'string' }),
    sexo: varchar('sexo', { length: 1 }),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [index('operadores_version_idx').on(t.version), check('operadores_dni_chk', sql`${t.dni} ~ '^[0-9]{8}$'`)],
);
