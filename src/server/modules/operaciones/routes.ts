// Operations page (Configuración, 61): GET /api/operaciones (server state), POST /api/operaciones/respaldos
// (a backup now) and GET /api/operaciones/respaldos/:archivo (download one of this server's backups).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { operacionesApi as api, type OperacionesInfo, type RespaldoRow } from '@shared/contract/operaciones';
import { MSG } from '@shared/messages';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { exportCaPkcs12, tlsDir } from '../../ops/tls';
import { runLongChange } from '../../plugins/change';
import { backupDir, backupFailed, BACKUP_FILE_RE, claimBackup, pruneBackups, recordBackup, writeClaimedBackup } from '../../ops/backups';
import { auditCaExport, databaseBytes, recentBackups, refusedLastDay } from './service';

const VERSION: string = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../package.json'), 'utf8')).version;

export default async function operacionesRoutes(app: FastifyInstance) {
  const dir = backupDir(app.config);
  const here = hostname();

  route(app, api.info, async (): Promise<OperacionesInfo> => {
    const [size, list, refused] = await Promise.all([databaseBytes(app.db), recentBackups(app.db), refusedLastDay(app.db)]);
    const hour = app.config.BACKUP_HOUR;
    return {
      version: VERSION,
      servidor: here,
      base: { tipo: app.database.kind, bytes: size },
      respaldos: list.map((b): RespaldoRow => ({
        ...b,
        tipo: b.tipo as RespaldoRow['tipo'],
        estado: b.estado as RespaldoRow['estado'],
        descargable: !!b.archivo && b.estado === 'ok' && b.servidor === here && existsSync(join(dir, b.archivo)),
      })),
      nocturno: { hora: hour > 23 ? null : hour, conservar: app.config.BACKUP_KEEP },
      certificado: app.certificate(),
      rechazadas: { total: refused.reduce((n, x) => n + x.total, 0), por_estado: refused },
    };
  });

  // Through the write path in two steps around the file (a retried request with its Idempotency-Key takes one
  // backup and gets the same answer): the claim of the key and the row, the file, then the row done and the answer.
  const ctx = { database: app.database, config: app.config };
  route(app, api.backup, async (req) =>
    runLongChange(
      req,
      {
        start: ({ tx }) => claimBackup(tx, { tipo: 'manual' }),
        work: (id) => (id == null ? Promise.resolve(null) : writeClaimedBackup(ctx, { tipo: 'manual' })),
        finish: async ({ tx, audit }, id, written) => {
          if (id == null || !written) return null;
          await audit(await recordBackup(tx, id, 'manual', written));
          return { id, archivo: written.archivo, bytes: written.bytes, filas: written.filas };
        },
        failed: async (id, err) => {
          if (id != null) await backupFailed(app.db, id, err);
        },
      },
      201,
    ).finally(() => pruneBackups(dir, app.config.BACKUP_KEEP)),
  );

  // The CA with its key, for safekeeping (the nightly backups never carry it): an audit line says who took it.
  route(app, api.exportCa, async (req, reply) => {
    const files = tlsDir(app.config.DATA_DIR);
    if (app.config.TLS_MODE !== 'local' || app.config.TLS_CERT_FILE || !existsSync(join(files, 'ca-key.pem')))
      throw new AppError(404, MSG.caNotLocal);
    const { p12, fingerprint } = exportCaPkcs12(app.config.DATA_DIR, req.body.password);
    await auditCaExport(app.db, req.user, fingerprint);
    return reply
      .header('content-type', 'application/x-pkcs12')
      .header('content-length', p12.length)
      .header('content-disposition', 'attachment; filename="autoridad-maquinarias.p12"')
      .header('cache-control', 'no-store')
      .send(p12);
  });

  route(app, api.download, async (req, reply) => {
    const { archivo } = req.params;
    const file = join(dir, archivo);
    if (!BACKUP_FILE_RE.test(archivo) || !existsSync(file)) throw new AppError(404, MSG.backupNotHere);
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', statSync(file).size)
      .header('content-disposition', `attachment; filename="${archivo}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file));
  });
}
