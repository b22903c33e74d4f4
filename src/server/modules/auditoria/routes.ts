// GET /api/auditoria: the audit log ("Actividad Log"), newest first, filtered by user and Lima dates.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_READ_CODE } from '@shared/auth/permissions';
import { auditoriaQuery, auditoriaRow } from '@shared/contract/auditoria';
import { listAnswer } from '../../lib/responses';
import { listAudit } from './service';

export default async function auditoriaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/auditoria',
    { schema: { querystring: auditoriaQuery, response: listAnswer(auditoriaRow) }, config: { rule: AUDIT_READ_CODE } },
    (req) => listAudit(app.db, req.query),
  );
}
