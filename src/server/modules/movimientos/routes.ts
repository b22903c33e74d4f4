// HTTP route of the kardex (warehouse movements ledger).
import type { FastifyInstance } from 'fastify';
import { movimientosApi as api } from '@shared/contract/movimientos';
import { route } from '../../lib/route';
import { kardex } from './service';

export default async function movimientosRoutes(app: FastifyInstance) {
  route(app, api.list, async (req, reply) => {
    const { rows, nextOffset } = await kardex(app.db, req.body);
    if (nextOffset != null) reply.header('X-Next-Offset', String(nextOffset));
    return rows;
  });
}
