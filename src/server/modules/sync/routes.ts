// POST /api/sync/batch: the offline queue's batch push (service.ts).
import type { FastifyInstance } from 'fastify';
import { syncApi as api } from '@shared/contract/sync';
import { route } from '../../lib/route';
import { runBatch } from './service';

/** Room for a full batch; each save still meets its own route's limit (1 MB) when it is dispatched. */
const BATCH_BODY_LIMIT = 8 * 1_048_576;

export default async function syncRoutes(app: FastifyInstance) {
  route(app, api.batch, async (req) => ({ answers: await runBatch(app, req, req.body.items) }), { bodyLimit: BATCH_BODY_LIMIT });
}
