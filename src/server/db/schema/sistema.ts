// Platform tables no resource owns: the idempotency keys of every change (plugins/change.ts) and the state the
// servers on one database agree on (db/shared-secret.ts).
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt } from './common';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    request_hash: varchar('request_hash', { length: 64 }).notNull(),
    status_code: smallint('status_code').notNull(),
    response_body: jsonb('response_body'),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_created_idx').on(t.created_at)],
);

export const servidorEstado = pgTable('servidor_estado', {
  clave: varchar('clave', { length: 60 }).primaryKey(),
  valor: text('valor').notNull(),
});

/**
 * Tombstones of the rows deleted from the lists' tables, written by a delete trigger (migration
 * 0017_change_cursor): a device's list delta names the ids deleted since its sync point. Pruned after
 * TOMBSTONE_KEEP_DAYS (lib/list-delta.ts); a sync point older than the pruned ones gets the whole list.
 */
export const cambiosBorrados = pgTable(
  'cambios_borrados',
  {
    tabla: varchar('tabla', { length: 60 }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    version: changeVersion(),
    borrado_at: timestamp('borrado_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('cambios_borrados_tabla_idx').on(t.tabla, t.version), index('cambios_borrados_at_idx').on(t.borrado_at)],
);
