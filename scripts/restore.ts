// `npm run restore -- <file>`: brings a backup back into an empty database — a new DATA_DIR (PGlite) or the
// empty PostgreSQL database at DATABASE_URL. A backup of either engine restores onto either.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { BackupError, readHeader, restoreBackup } from '../src/server/ops/backup';
import { dataDirInUse } from '../src/server/ops/data-dir-lock';

async function main(): Promise<number> {
  const [file] = process.argv.slice(2).filter((a) => a !== '--');
  if (!file) {
    console.error('Uso: npm run restore -- <archivo de copia>   (destino: DATA_DIR, o DATABASE_URL si está definida)');
    return 1;
  }
  if (!existsSync(file)) {
    console.error(`No existe el archivo ${file}`);
    return 1;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const pglite = join(resolve(config.DATA_DIR), 'pglite');
    if (dataDirInUse(config.DATA_DIR)) {
      console.error(`El servidor está usando ${config.DATA_DIR}; deténgalo antes de restaurar.`);
      return 1;
    }
    if (existsSync(pglite) && readdirSync(pglite).length) {
      console.error(`La carpeta ${pglite} ya tiene una base de datos. Restaure en una carpeta de datos nueva (DATA_DIR).`);
      return 1;
    }
  }
  try {
    const header = await readHeader(file);
    console.log(`Restaurando la copia del ${header.created_at} (origen: ${header.source})…`);
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
  const database = await openDatabase(config);
  try {
    const summary = await restoreBackup(database, file);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : resolve(config.DATA_DIR);
    console.log(`Copia restaurada en ${where}: ${summary.tables} tablas, ${summary.rows} filas.`);
    return 0;
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : `No se pudo restaurar: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
