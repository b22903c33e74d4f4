// Seeding entry: base data always; demo data only into an empty database (SEED=demo).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { usuarios } from '../schema/index';
import { seedBase } from './base';

export type SeedMode = 'demo' | 'base' | 'none';

/** Seeds an empty database; returns what was done. A database with users is left as it is. */
export async function seedIfEmpty(db: Db, mode: SeedMode, defaultPassword: string): Promise<'seeded-demo' | 'seeded-base' | 'skipped'> {
  if (mode === 'none') return 'skipped';
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(usuarios);
  if (count > 0) return 'skipped';
  await seedBase(db, defaultPassword);
  if (mode === 'base') return 'seeded-base';
  const { seedDemo } = await import('./demo');
  await seedDemo(db);
  return 'seeded-demo';
}
