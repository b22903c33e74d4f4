// POST /api/search: top-bar person search by DNI over operators and the identity mirror, with where they appear.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchAnswer, searchBody } from '@shared/contract/search';
import { answers } from '../../lib/responses';
import { searchPerson } from './service';

export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/search', { schema: { body: searchBody, response: answers({ 200: searchAnswer }) } }, (req) =>
    searchPerson(app.db, req.body.dni),
  );
}
