// `npm run soak`: 1,000 mixed offline saves (exits, daily reports, failures with photos) through the client's outbox
// engine against the real server with random network cuts and answers lost after the commit, checked against the
// server's database (docs/offline-chaos.md). Exits non-zero when a save was duplicated, lost or left inconsistent.
//   npm run soak -- --ops 1000 --devices 3 --tabs 2 --seed 7 --cut 0.08 --half 0.25 --after 0.08 --drop 0.05 --timeout 15000
// On PostgreSQL: DATABASE_URL=postgres://… npm run soak (the soak's records carry their own tag; nothing is deleted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedIfEmpty } from '../src/server/db/seed/index';
import { runSoak } from './soak/run';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000' },
    devices: { type: 'string', default: '3' },
    tabs: { type: 'string', default: '2' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    cut: { type: 'string', default: '0.08' },
    half: { type: 'string', default: '0.25' },
    after: { type: 'string', default: '0.08' },
    drop: { type: 'string', default: '0.05' },
    minutes: { type: 'string', default: '15' },
    timeout: { type: 'string', default: '15000' },
  },
});
const num = (k: keyof typeof values) => Number(values[k]);

const dataDir = mkdtempSync(join(tmpdir(), 'maq-soak-'));
const password = process.env.SOAK_ADMIN_PASSWORD ?? 'Maquinaria2026!';
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL,
  DEFAULT_PASSWORD: password,
  LOG_LEVEL: 'silent',
  LOGIN_MAX_ATTEMPTS: '1000',
});
const database = await openDatabase(config);
let failed = true;
try {
  await database.migrate();
  await seedIfEmpty(database.db, 'base', password);
  console.log(`soak: semilla ${num('seed')}, base ${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  const s = await runSoak({
    database,
    config,
    adminPassword: password,
    ops: num('ops'),
    devices: num('devices'),
    tabs: num('tabs'),
    seed: num('seed'),
    rates: { before: num('cut'), half: num('half'), after: num('after') },
    drop: num('drop'),
    deadlineMs: num('minutes') * 60_000,
    timeoutMs: num('timeout'),
    log: (line) => console.log(`  ${line}`),
  });
  for (const p of s.problems.slice(0, 40)) console.log(`  ! ${p}`);
  console.table({
    operaciones: s.ops,
    enviadas: s.sent,
    rechazadas: s.rejected,
    duplicadas: s.duplicated,
    perdidas: s.lost,
    inconsistentes: s.inconsistent,
    'en espera': s.stuck,
    'fotos enviadas': s.photosSent,
    'fotos rechazadas': s.photosRejected,
    'rechazos inesperados': s.unexpectedRejections,
    peticiones: s.cuts.requests,
    'cortes antes de enviar': s.cuts.before,
    'subidas cortadas a medias': s.cuts.half,
    'respuestas perdidas': s.cuts.after,
    'respuestas repetidas (replay)': s.cuts.replayed,
    segundos: s.seconds,
  });
  failed = s.duplicated + s.lost + s.inconsistent + s.stuck > 0;
  console.log(failed ? 'soak: FALLÓ (duplicadas, perdidas o inconsistentes > 0)' : 'soak: OK, 0 duplicadas y 0 perdidas');
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
