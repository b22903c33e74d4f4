// Counts the API requests the server refuses for the reasons the Operations page names (README): no session
// or a wrong password (401), no permission (403 for a missing code or someone else's record), invalid data
// (400, 413, 415) and too many attempts (429). Business answers (a stock 409, a record in use, a billed
// report's 403, a 404, a 422) are the service doing its job and are not counted. The error handler
// (plugins/errors.ts) marks the request; the count is per hour and status, in the database so every server of
// the office adds to the same count; the Operations page shows the last day's. Written after the answer is
// sent: it never slows a request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { solicitudesRechazadas } from '../db/schema/index';
import { outsideBatch } from '../lib/batch-item';
import { PermissionDenied } from '../lib/errors';

const DATA_STATUSES = new Set([400, 413, 415]);

/** Whether an error answered with `status` is a refusal the Operations page counts. */
export function isCountedRefusal(err: unknown, status: number): boolean {
  if (status === 401 || status === 429 || DATA_STATUSES.has(status)) return true;
  return status === 403 && err instanceof PermissionDenied;
}

const refused = new WeakSet<FastifyRequest>();

/** Called by the error handler with the error it answers. */
export function noteRefusal(req: FastifyRequest, err: unknown, status: number): void {
  if (isCountedRefusal(err, status)) refused.add(req);
}

export default fp(async function refusals(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    if (!refused.has(req) || !req.url.startsWith('/api')) return;
    const status = reply.statusCode;
    // A save of a batch: counted after the batch's transaction, so the rollback of the refused save keeps the count.
    await outsideBatch(async () => {
      try {
        await app.db
          .insert(solicitudesRechazadas)
          .values({ hora: sql`date_trunc('hour', now())`, status, total: 1 })
          .onConflictDoUpdate({
            target: [solicitudesRechazadas.hora, solicitudesRechazadas.status],
            set: { total: sql`${solicitudesRechazadas.total} + 1` },
          });
      } catch (err) {
        req.log.warn({ err }, 'no se pudo contar la solicitud rechazada');
      }
    });
  });
});
