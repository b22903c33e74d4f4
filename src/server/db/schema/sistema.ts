// Platform tables: idempotency keys, revoked tokens, audit log, office settings.
import { bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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

export const revokedTokens = pgTable('revoked_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id'),
    username: varchar('username', { length: 60 }),
    action: varchar('action', { length: 20 }).notNull(),
    resource: varchar('resource', { length: 60 }).notNull(),
    resource_id: varchar('resource_id', { length: 60 }),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: createdAt(),
  },
  (t) => [index('audit_created_idx').on(t.created_at), index('audit_user_idx').on(t.user_id, t.created_at)],
);

export const ajustes = pgTable('ajustes', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
});
