// What the Operations page shows of running the office: the backups taken and the refused requests per hour.
import {
  bigserial,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './common';

export const respaldos = pgTable(
  'respaldos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'nocturno' (the nightly one, at most one per Lima day), 'manual' (Operations page or npm run backup). */
    tipo: varchar('tipo', { length: 10 }).notNull(),
    /** Lima date of a nightly backup: unique, so two servers on one database take it once. */
    dia: varchar('dia', { length: 10 }),
    archivo: varchar('archivo', { length: 200 }),
    /** Host name of the server that wrote the file (the file lives in that machine's DATA_DIR/backups). */
    servidor: varchar('servidor', { length: 100 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    filas: bigint('filas', { mode: 'number' }),
    /** 'en_curso', 'ok' or 'error'. */
    estado: varchar('estado', { length: 10 }).notNull(),
    error: text('error'),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('respaldos_dia_uq').on(t.dia), index('respaldos_created_idx').on(t.created_at)],
);

export const solicitudesRechazadas = pgTable(
  'solicitudes_rechazadas',
  {
    hora: timestamp('hora', { withTimezone: true, mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hora, t.status] })],
);
