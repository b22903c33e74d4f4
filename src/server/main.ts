// Server entry: config → database (migrate, seed when empty) → app → listen on PORT (default 5201), plus
// what running in the office needs: HTTPS with the local CA and its install page (TLS_MODE=local), the
// nightly backup, the purge of old idempotency keys, and one session key for every server on one PostgreSQL.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { demoGuide } from './db/seed/demo-guia';
import { startNightlyBackups } from './ops/backups';
import { dataDirInUse, markDataDirInUse } from './ops/data-dir-lock';
import { httpsSetup, redirectPlainHttp } from './ops/https';
import { startKeyPurge } from './ops/key-purge';
import { startInstallServer } from './ops/install-page';
import { extraHosts, reachableHosts } from './ops/tls';

const config = loadConfig();
let releaseDataDir = () => {};
if (!config.DATABASE_URL) {
  const other = dataDirInUse(config.DATA_DIR);
  if (other) {
    console.error(`Otro servidor (proceso ${other}) ya usa la carpeta de datos ${config.DATA_DIR}.`);
    process.exit(1);
  }
  releaseDataDir = markDataDirInUse(config.DATA_DIR);
}
const database = await openDatabase(config);
// Servers starting together on one PostgreSQL take turns here (migrations, seed, the shared session key).
const { seeded, jwtSecret } = await prepareDatabase(database, config);
config.jwtSecret = jwtSecret;
const https = httpsSetup(config);
const app = await buildApp(config, {
  database,
  logger: true,
  serveStatic: true,
  https: https.https,
  certificate: https.certificate,
});
// Plain http on the app port answers a redirect to https instead of a reset connection.
if (https.https) redirectPlainHttp(app.server, () => config.PORT);

const local = https.local;
const install = local
  ? await startInstallServer(config.INSTALL_PORT, config.HOST, {
      httpsPort: config.PORT,
      caDer: () => local().caDer,
      caFingerprint: () => local().caFingerprint,
      caName: () => local().caName,
      replaced: () => local().replaced,
      names: () => local().names,
    })
  : null;
// The local certificate is checked twice a day: renewed before it expires, or when the LAN address changed
// (DHCP), and swapped into the running server without a restart.
const renewal = local
  ? setInterval(() => {
      try {
        const next = https.refresh();
        if (next) {
          (app.server as unknown as import('node:tls').Server).setSecureContext({ cert: next.cert, key: next.key });
          app.log.info({ vence: next.expiresAt, nombres: next.names }, 'Certificado HTTPS renovado');
        }
      } catch (err) {
        app.log.error({ err }, 'No se pudo renovar el certificado HTTPS');
      }
    }, 12 * 3600_000)
  : null;
renewal?.unref();
const stopBackups = startNightlyBackups({ database, config }, app.log);
const stopKeyPurge = startKeyPurge(database.db, app.log);

const shutdown = async () => {
  stopBackups();
  stopKeyPurge();
  if (renewal) clearInterval(renewal);
  install?.close();
  await app.close();
  await database.close();
  releaseDataDir();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.PORT, host: config.HOST });
const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.DATA_DIR}`;
const scheme = https.https ? 'https' : 'http';
const hosts = reachableHosts(config.HOST);
console.log(`\nSistema de maquinarias listo  (${where}; semilla: ${seeded})`);
console.log(`Atiende en (HOST=${config.HOST}):`);
for (const h of hosts) console.log(`  ${scheme}://${h}:${config.PORT}/`);
const extra = extraHosts(config.TLS_HOSTS);
if (extra.length) console.log(`Nombres de TLS_HOSTS (si el DNS o el proxy los llevan a este equipo): ${extra.join(', ')}`);
const cert = https.certificate();
if (cert.huella)
  console.log(`Huella SHA-256 del ${local ? 'certificado de la oficina (autoridad local)' : 'certificado'}:\n  ${cert.huella}`);
if (local) {
  const ca = local();
  if (ca.replaced) {
    console.log(
      `ATENCIÓN: la autoridad anterior («${ca.replaced.name}», huella ${ca.replaced.fingerprint}) podía avalar cualquier sitio` +
        ' o no cubría un nombre de este servidor, y fue reemplazada. Instale la nueva en cada tableta y quite la anterior' +
        ' (la página de instalación explica cómo).',
    );
  }
  const tablets = hosts.filter((x) => x !== 'localhost');
  if (tablets.length === 0) console.log(`Con HOST=${config.HOST} las tabletas no alcanzan este servidor (solo este equipo).`);
  else console.log('Tabletas de la oficina: abran primero la página de instalación (una vez por equipo):');
  for (const h of tablets) console.log(`  http://${h}:${config.INSTALL_PORT}/   →   luego https://${h}:${config.PORT}/`);
}
console.log(`Usuario de demostración: admin / ${process.env.DEFAULT_PASSWORD ? '(DEFAULT_PASSWORD)' : config.DEFAULT_PASSWORD}`);
for (const line of await demoGuide(database.db)) console.log(line);
console.log('');
