// The audit log: one row per change, written by runChange (plugins/change.ts) and read by the Auditoría screen.
import { bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

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
