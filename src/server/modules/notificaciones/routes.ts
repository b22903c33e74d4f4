// GET /api/notificaciones: the bell's recent items (see service.ts).
import type { FastifyInstance } from 'fastify';
import { notificacionesApi as api } from '@shared/contract/notificaciones';
import { route } from '../../lib/route';
import { notifications } from './service';

export default async function notificacionesRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => notifications(app.db, req.user?.roles ?? []));
}
