// Column helpers shared by every table: money as numeric(12,2), timestamps with time zone.
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** numeric(12,2) read as a JS number (money, quantities). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
