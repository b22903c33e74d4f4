// `npm run import -- <source> <file.csv|file.xlsx>`: loads external data into the mirror tables of a
// source (ordenes-compra, ordenes-servicio, personas, contribuyentes, vehiculos), against DATABASE_URL
// or DATA_DIR like the server. Exit code 0 all rows imported, 2 some rows rejected, 1 nothing done.
import { MSG } from '../src/shared/messages';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { formatReport, importFile, IMPORT_SOURCES, isImportSource } from '../src/server/integrations/import';

async function main(): Promise<number> {
  const [source, file] = process.argv.slice(2).filter((a) => a !== '--');
  const sources = IMPORT_SOURCES.join(', ');
  if (!source || !file) {
    console.error(MSG.importUsage(sources));
    return 1;
  }
  if (!isImportSource(source)) {
    console.error(MSG.importUnknownSource(source, sources));
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const report = await importFile(database.db, source, file);
    (report.fatal || report.errors.length ? console.error : console.log)(formatReport(report));
    if (report.fatal) return 1;
    return report.errors.length ? 2 : 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
