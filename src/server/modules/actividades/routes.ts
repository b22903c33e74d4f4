// Activities API: full list (with status), active list for pickers, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import { actividadesApi as api } from '@shared/contract/actividades';
import { route } from '../../lib/route';
import * as service from './service';

export default async function actividadesRoutes(app: FastifyInstance) {
  route(app, api.list, async () => service.list(app.db));
  route(app, api.activas, async () => service.listActive(app.db));
  route(app, api.create, async (req) => service.create(req, req.body));
  route(app, api.update, async (req) => service.update(req, req.params.id, req.body));
  route(app, api.remove, async (req) => service.remove(req, req.params.id));
}
