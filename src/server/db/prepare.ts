// Gets a database ready for a server: migrations, the seed of an empty database and, on PostgreSQL without
// JWT_SECRET, the session key every server shares — all under the start-up lock, so two servers started
// together on one empty PostgreSQL do not both create the tables or both seed it (the second one waits, then
// finds everything done).
import type { Config } from '../config';
import { sharedJwtSecret } from './shared-secret';
import type { Database } from './client';
import { seedIfEmpty } from './seed/index';

export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'DATABASE_URL' | 'JWT_SECRET' | 'SEED' | 'DEFAULT_PASSWORD' | 'jwtSecret'>,
): Promise<{ seeded: Awaited<ReturnType<typeof seedIfEmpty>>; jwtSecret: string }> {
  return database.exclusive(async () => {
    await database.migrate();
    const jwtSecret = config.DATABASE_URL && !config.JWT_SECRET ? await sharedJwtSecret(database.db, config.jwtSecret) : config.jwtSecret;
    const seeded = await seedIfEmpty(database.db, config.SEED, config.DEFAULT_PASSWORD);
    return { seeded, jwtSecret };
  });
}
