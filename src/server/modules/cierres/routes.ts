// Monthly close API: the months, one closed month's valued stock, close and reopen.
import type { FastifyInstance } from 'fastify';
import { cierresApi as api } from '@shared/contract/cierres';
import { route } from '../../lib/route';
import * as service from './service';

export default async function cierresRoutes(app: FastifyInstance) {
  route(app, api.list, async () => service.list(app.db));
  route(app, api.detail, async (req) => service.detail(app.db, req.params.periodo));
  route(app, api.close, async (req) => service.cerrar(req, req.body));
  route(app, api.reopen, async (req) => service.reabrir(req, req.params.periodo, req.body));
}
