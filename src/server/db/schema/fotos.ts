// Photos of a failure, kept in the database (bytea) so backups and a move to PostgreSQL carry them.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { fallas } from './fallas';
import { ordenesTrabajo } from './ordenestrabajo';
import { usuarios } from './usuarios';

/** bytea in and out as bytes (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const fotos = pgTable(
  'fotos',
  {
    id: serial('id').primaryKey(),
    /** The failure or the work order the photo belongs to (exactly one). */
    falla_id: integer('falla_id').references(() => fallas.falla_id, { onDelete: 'cascade' }),
    ot_id: integer('ot_id').references(() => ordenesTrabajo.ot_id, { onDelete: 'cascade' }),
    mime: varchar('mime', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the bytes (hex): the ETag of GET /api/fotos/:id. */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('fotos_falla_idx').on(t.falla_id),
    index('fotos_ot_idx').on(t.ot_id),
    check('fotos_size_chk', sql`${t.size} > 0 and ${t.size} = octet_length(${t.data})`),
    check('fotos_duenio_chk', sql`(${t.falla_id} is null) <> (${t.ot_id} is null)`),
    index('fotos_user_idx').on(t.user_id),
  ],
);
