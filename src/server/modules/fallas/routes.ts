// HTTP routes of failures (Fallas): list, one with its photos, create (also from the field outbox), edit,
// delete while pending, and the failures a repair of a machine may take.
import type { FastifyInstance } from 'fastify';
import { fallasApi as api } from '@shared/contract/fallas';
import { route } from '../../lib/route';
import { getFalla, listFallas } from './repository';
import { createFalla, deleteFalla, fallasByMaquinaria, updateFalla } from './service';

export default async function fallasRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listFallas(app.db, req.body));
  route(app, api.byMaquinaria, async (req) => fallasByMaquinaria(app.db, req.body));
  route(app, api.get, async (req) => getFalla(app.db, req.params.id));
  route(app, api.create, async (req) => createFalla(req, req.body));
  route(app, api.update, async (req) => updateFalla(req, req.params.falla_id, req.body));
  route(app, api.remove, async (req) => deleteFalla(req, req.params.id));
}
