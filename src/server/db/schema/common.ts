// Column helpers shared by every table: money as numeric(12,2), timestamps with time zone.
import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** numeric(12,2) read as a JS number (money, quantities). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/** numeric(14,4) read as a JS number: a unit cost, which needs more than cents (S/ 0.3333 per unit). */
export const unitCost = (name: string) => numeric(name, { precision: 14, scale: 4, mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/**
 * The change cursor of a list's table (docs/architecture.md, "List deltas"): the id of the transaction that last
 * wrote the row (or, through a trigger, one of its details), compared with a device's sync point.
 */
export const changeVersion = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`pg_current_xact_id()::text::bigint`);
