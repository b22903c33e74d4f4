// GET /api/notificaciones: the bell's recent items (see service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationsAnswer } from '@shared/contract/notificaciones';
import { answers } from '../../lib/responses';
import { notifications } from './service';

export default async function notificacionesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/notificaciones', { schema: { response: answers({ 200: notificationsAnswer }) } }, () => notifications(app.db));
}
