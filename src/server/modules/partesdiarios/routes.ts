// HTTP routes of daily work reports (Partes diarios): list, one report, create (idempotent), edit, correct the readings, delete.
import type { FastifyInstance } from 'fastify';
import { partesdiariosApi as api } from '@shared/contract/partesdiarios';
import { route } from '../../lib/route';
import { getParte, listPartes } from './repository';
import { corregirLecturas, createParte, deleteParte, updateParte } from './service';

export default async function partesDiariosRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listPartes(app.db, req.body));
  route(app, api.get, async (req) => getParte(app.db, req.params.id));
  route(app, api.create, async (req) => createParte(req, req.body));
  route(app, api.update, async (req) => updateParte(req, req.params.id, req.body));
  route(app, api.corregirLecturas, async (req) => corregirLecturas(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteParte(req, req.params.id));
}
