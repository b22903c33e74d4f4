// GET /api/inicio: the cards of the welcome screen, each only for a user who may open the screen it leads to.
import type { FastifyInstance } from 'fastify';
import { inicioApi as api } from '@shared/contract/inicio';
import { route } from '../../lib/route';
import { inicio } from './service';

export default async function inicioRoutes(app: FastifyInstance) {
  route(app, api.cards, async (req) => inicio(app.db, req.user?.roles ?? []));
}
