// Operations page (Configuración, 61): GET /api/operaciones (server state), POST /api/operaciones/respaldos
// (a backup now) and GET /api/operaciones/respaldos/:archivo (download one of this server's backups).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OPERATIONS_CODE } from '@shared/auth/permissions';
import { operacionesInfo, respaldoParams, respaldoTomado, type OperacionesInfo, type RespaldoRow } from '@shared/contract/operaciones';
import { MSG } from '@shared/messages';
import { AppError } from '../../lib/errors';
import { answers } from '../../lib/responses';
import { backupDir, BACKUP_FILE_RE, takeBackup } from '../../ops/backups';
import { databaseBytes, recentBackups, refusedLastDay } from './service';

const VERSION: string = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../package.json'), 'utf8')).version;

export default async function operacionesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dir = backupDir(app.config);
  const here = hostname();

  r.get(
    '/api/operaciones',
    { schema: { response: answers({ 200: operacionesInfo }) }, config: { rule: OPERATIONS_CODE } },
    async (): Promise<OperacionesInfo> => {
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
    },
  );

  r.post('/api/operaciones/respaldos', { schema: { response: answers({ 201: respaldoTomado }) } }, async (req, reply) => {
    const taken = await takeBackup(
      { database: app.database, config: app.config },
      { tipo: 'manual', user: req.user ? { id: req.user.id, username: req.user.username } : null },
    );
    return reply.code(201).send(taken);
  });

  r.get(
    '/api/operaciones/respaldos/:archivo',
    { schema: { params: respaldoParams }, config: { rule: OPERATIONS_CODE } },
    async (req, reply) => {
      const { archivo } = req.params;
      const file = join(dir, archivo);
      if (!BACKUP_FILE_RE.test(archivo) || !existsSync(file)) throw new AppError(404, MSG.backupNotHere);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', statSync(file).size)
        .header('content-disposition', `attachment; filename="${archivo}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );
}
