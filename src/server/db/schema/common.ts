// Column helpers shared by every table: money as numeric(12,2), timestamps with time zone.
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** numeric(12,2) read as a JS number (money, quantities). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/** numeric(14,4) read as a JS number: a unit cost, which needs more than cents (S/ 0.3333 per unit). */
export const unitCost = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
