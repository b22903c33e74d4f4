// POST /api/search: top-bar person search by DNI over operators and the identity mirror, with where they appear.
import type { FastifyInstance } from 'fastify';
import { searchApi as api } from '@shared/contract/search';
import { route } from '../../lib/route';
import { searchPerson } from './service';

export default async function searchRoutes(app: FastifyInstance) {
  route(app, api.person, async (req) => searchPerson(app.db, req.body.dni));
}
