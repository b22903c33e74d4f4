// GET /api/auditoria: the audit log ("Actividad Log"), newest first, filtered by user and Lima dates.
import type { FastifyInstance } from 'fastify';
import { auditoriaApi as api } from '@shared/contract/auditoria';
import { route } from '../../lib/route';
import { listAudit } from './service';

export default async function auditoriaRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listAudit(app.db, req.query));
}
