// Counts the API requests the server refuses (4xx: bad input, no session, no permission, conflicts, rate
// limits) per hour and status, in the database so every server of the office adds to the same count; the
// Operations page shows the last day's. Written after the answer is sent: it never slows a request.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { solicitudesRechazadas } from '../db/schema/index';

export default fp(async function refusals(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || !req.url.startsWith('/api')) return;
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
