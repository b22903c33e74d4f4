// HTTP routes of warehouse exits (Salidas): list and its delta, view, voucher check, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import { salidasApi as api } from '@shared/contract/salidas';
import { route } from '../../lib/route';
import { findVale, getSalida, listSalidas, salidasDelta } from './repository';
import { createSalida, deleteSalida, updateSalida } from './service';

export default async function salidasRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listSalidas(app.db, req.body));
  route(app, api.delta, async (req) => salidasDelta(app.db, req.body));
  // Static path: matched before /api/salidas/:id.
  route(app, api.vales, async (req) => findVale(app.db, req.query.nro_vale));
  route(app, api.get, async (req) => getSalida(app.db, req.params.id));
  route(app, api.create, async (req) => createSalida(req, req.body));
  route(app, api.update, async (req) => updateSalida(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteSalida(req, req.params.id));
}
