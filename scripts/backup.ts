// `npm run backup [-- <file>]`: writes one file with the whole database (PGlite in DATA_DIR or PostgreSQL
// at DATABASE_URL, photos included). Without a file it goes to DATA_DIR/backups like the nightly ones.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { writeBackup } from '../src/server/ops/backup';
import { backupDir, backupFileName } from '../src/server/ops/backups';
import { dataDirInUse } from '../src/server/ops/data-dir-lock';

async function main(): Promise<number> {
  const [target] = process.argv.slice(2).filter((a) => a !== '--');
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const pid = dataDirInUse(config.DATA_DIR);
    if (pid) {
      console.error(
        `El servidor (proceso ${pid}) está usando ${config.DATA_DIR}. Cree la copia desde la página Operaciones ` +
          '(«Crear copia ahora») o detenga el servidor y vuelva a ejecutar npm run backup.',
      );
      return 1;
    }
  }
  const file = target ? resolve(target) : join(backupDir(config), backupFileName(backupDir(config)));
  mkdirSync(dirname(file), { recursive: true });
  const database = await openDatabase(config);
  try {
    const summary = await writeBackup(database, file);
    const mb = (statSync(file).size / 1_048_576).toFixed(1);
    console.log(`Copia de seguridad creada: ${file} (${summary.tables} tablas, ${summary.rows} filas, ${mb} MB)`);
    return 0;
  } catch (err) {
    console.error(`No se pudo crear la copia: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
