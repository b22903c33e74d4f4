// The office settings (name, logo, …) as key–value rows.
import { pgTable, text, varchar } from 'drizzle-orm/pg-core';

export const ajustes = pgTable('ajustes', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
});
