// GET /api/inicio: the cards of the welcome screen, each only for a user who may open the screen it leads to.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inicioAnswer } from '@shared/contract/inicio';
import { answers } from '../../lib/responses';
import { inicio } from './service';

export default async function inicioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/inicio', { schema: { response: answers({ 200: inicioAnswer }) } }, async (req) => inicio(app.db, req.user?.roles ?? []));
}
