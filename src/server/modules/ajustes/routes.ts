// GET /api/ajustes (public): office name, short name and city label shown on login, welcome and PDFs.
import type { FastifyInstance } from 'fastify';
import { ajustesApi as api } from '@shared/contract/ajustes';
import { route } from '../../lib/route';
import { officeSettings } from './service';

export default async function ajustesRoutes(app: FastifyInstance) {
  route(app, api.get, async () => officeSettings(app.db));
}
