// Platform tables no resource owns: the idempotency keys of every change (plugins/change.ts) and the state the
// servers on one database agree on (db/shared-secret.ts).
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

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
