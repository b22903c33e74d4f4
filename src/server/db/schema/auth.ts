// Sessions: the tokens ended before they expire (logout) and the login failures the rate limit counts, shared by
// every server on one database.
import { bigserial, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const revokedTokens = pgTable('revoked_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
});

export const loginFallos = pgTable(
  'login_fallos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'u:<username>' or 'a:<address>'. */
    clave: varchar('clave', { length: 120 }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('login_fallos_clave_idx').on(t.clave, t.at)],
);
