// HTTP routes of supplies: list with stock, searches, part hours and the catalogue CRUD.
import type { FastifyInstance } from 'fastify';
import { insumosApi as api } from '@shared/contract/insumos';
import { route } from '../../lib/route';
import { createInsumo, deleteInsumo, getInsumo, listInsumos, searchHoras, searchInsumos, updateInsumo } from './service';

export default async function insumosRoutes(app: FastifyInstance) {
  route(app, api.list, async () => listInsumos(app.db));
  route(app, api.search, async (req) => searchInsumos(app.db, req.query.q, req.query.mode));
  route(app, api.searchSalida, async (req) => searchInsumos(app.db, req.params.term, 'salida'));
  route(app, api.searchHoras, async (req) => searchHoras(app.db, req.params.term));
  route(app, api.get, async (req) => getInsumo(app.db, req.params.id));
  route(app, api.create, async (req) => createInsumo(req, req.body));
  route(app, api.update, async (req) => updateInsumo(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteInsumo(req, req.params.id));
}
