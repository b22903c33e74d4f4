// GET /api/ajustes (public): office name, short name and city label shown on login, welcome and PDFs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeSettings as officeSettingsAnswer } from '@shared/contract/ajustes';
import { answers } from '../../lib/responses';
import { officeSettings } from './service';

export default async function ajustesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/ajustes', { schema: { response: answers({ 200: officeSettingsAnswer }) } }, () => officeSettings(app.db));
}
