// HTTP routes of repairs (Reparaciones): list, one, the service-order lookup, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import { reparacionesApi as api } from '@shared/contract/reparaciones';
import { route } from '../../lib/route';
import { getReparacion, listReparaciones } from './repository';
import * as service from './service';

export default async function reparacionesRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listReparaciones(app.db, req.body));
  route(app, api.orden, async (req) => service.infoOrdenServicio(req, req.body.nro_orden, req.body.anio));
  route(app, api.get, async (req) => getReparacion(app.db, req.params.id));
  route(app, api.create, async (req) => service.createReparacion(req, req.body));
  route(app, api.update, async (req) => service.updateReparacion(req, req.params.reparacion_id, req.body));
  route(app, api.remove, async (req) => service.deleteReparacion(req, req.params.id));
}
