// Server entry: config → database (migrate, seed when empty) → app → listen on PORT (default 5201).
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/index';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = await seedIfEmpty(database.db, config.SEED, config.DEFAULT_PASSWORD);
const app = await buildApp(config, { database, logger: true, serveStatic: true });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.PORT, host: config.HOST });
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.DATA_DIR}`;
const scheme = config.TLS_CERT_FILE ? 'https' : 'http';
console.log(`\nSistema de maquinarias listo en ${scheme}://localhost:${config.PORT}  (${where}; semilla: ${seeded})`);
console.log(`Usuario de demostración: admin / ${process.env.DEFAULT_PASSWORD ? '(DEFAULT_PASSWORD)' : config.DEFAULT_PASSWORD}\n`);
