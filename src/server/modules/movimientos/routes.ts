// HTTP route of the kardex (warehouse movements ledger).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { movimientoListBody, movimientoRow } from '@shared/contract/movimientos';
import { listAnswer } from '../../lib/responses';
import { kardex } from './service';

export default async function movimientosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/movimientos/list', { schema: { body: movimientoListBody, response: listAnswer(movimientoRow) } }, async (req, reply) => {
    const { rows, nextOffset } = await kardex(app.db, req.body);
    if (nextOffset != null) reply.header('X-Next-Offset', String(nextOffset));
    return rows;
  });
}
