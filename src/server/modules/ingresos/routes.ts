// HTTP routes of warehouse entries (Ingresos): order lookup, list, view, create, note change, delete.
import type { FastifyInstance } from 'fastify';
import { ingresosApi as api } from '@shared/contract/ingresos';
import { route } from '../../lib/route';
import { getIngreso, listIngresos, ingresosDelta } from './repository';
import { createIngreso, deleteIngreso, infoOrden, updateIngreso } from './service';

export default async function ingresosRoutes(app: FastifyInstance) {
  route(app, api.orden, async (req) => infoOrden(req, req.body.nro_ordencompra, req.body.anio));
  route(app, api.list, async (req) => listIngresos(app.db, req.body));
  route(app, api.delta, async (req) => ingresosDelta(app.db, req.body));
  route(app, api.get, async (req) => getIngreso(app.db, req.params.id));
  route(app, api.create, async (req) => createIngreso(req, req.body));
  route(app, api.update, async (req) => updateIngreso(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteIngreso(req, req.params.id));
}
