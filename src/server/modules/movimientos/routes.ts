// HTTP route of the kardex (warehouse movements ledger). The rows are plain numbers and texts the service already
// shaped to the contract, so they go out as JSON text (like a jsonRows list) instead of through the answer's schema:
// 5,000 rows of the valued kardex cost a few ms to write instead of a per-field encoding.
import type { FastifyInstance } from 'fastify';
import { movimientosApi as api, type MovimientoRow } from '@shared/contract/movimientos';
import type { JsonRows } from '../../lib/json-rows';
import { route } from '../../lib/route';
import { kardex } from './service';

export default async function movimientosRoutes(app: FastifyInstance) {
  route(app, api.list, async (req, reply) => {
    const { rows, nextOffset } = await kardex(app.db, req.body);
    if (nextOffset != null) reply.header('X-Next-Offset', String(nextOffset));
    return JSON.stringify(rows) as JsonRows<MovimientoRow>;
  });
}
