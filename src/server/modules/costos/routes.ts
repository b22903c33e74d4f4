// HTTP routes of costs (Costos): list with lines, one schedule, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import { costosApi as api } from '@shared/contract/costos';
import { route } from '../../lib/route';
import { getCosto, listCostos } from './repository';
import { createCosto, deleteCosto, updateCosto } from './service';

export default async function costosRoutes(app: FastifyInstance) {
  route(app, api.list, async () => listCostos(app.db));
  route(app, api.get, async (req) => getCosto(app.db, req.params.id));
  route(app, api.create, async (req) => createCosto(req, req.body));
  route(app, api.update, async (req) => updateCosto(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteCosto(req, req.params.id));
}
