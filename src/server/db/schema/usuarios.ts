// Users, their areas and granted role codes.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, text, uniqueIndex, varchar, index } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

export const areas = pgTable('areas', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 120 }).notNull().unique(),
});

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 60 }).notNull().unique(),
    email: varchar('email', { length: 120 }),
    fullName: varchar('full_name', { length: 160 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** True while the password is still the configured default (forces a change). */
    defaultPassword: smallint('default_password').notNull().default(1),
    estado: smallint('estado').notNull().default(1),
    /** Epoch seconds of the last password change: tokens issued before it are no longer accepted… */
    sessionsValidFrom: integer('sessions_valid_from'),
    /** …except this one, the session of the user who changed their own password. */
    sessionKeptJti: varchar('session_kept_jti', { length: 64 }),
    areaId: integer('area_id').references(() => areas.id),
    roles: integer('roles')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('usuarios_estado_chk', sql`${t.estado} in (0, 1)`),
    // 'Juan' and 'juan' are the same person at the login screen.
    uniqueIndex('usuarios_username_lower_uq').on(sql`lower(${t.username})`),
    index('usuarios_area_idx').on(t.areaId),
  ],
);
