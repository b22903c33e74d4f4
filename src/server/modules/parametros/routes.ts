// HTTP routes of the parameters (Parámetros): read them, save them (audited).
import type { FastifyInstance } from 'fastify';
import { parametrosApi as api } from '@shared/contract/parametros';
import { route } from '../../lib/route';
import { getParametros, updateParametros } from './service';

export default async function parametrosRoutes(app: FastifyInstance) {
  route(app, api.get, async () => getParametros(app.db));
  route(app, api.update, async (req) => updateParametros(req, req.body));
}
