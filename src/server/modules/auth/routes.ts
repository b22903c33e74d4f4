// POST /api/login (public) and POST /api/logout (revokes the session token).
import type { FastifyInstance } from 'fastify';
import { authApi as api } from '@shared/contract/auth';
import { route } from '../../lib/route';
import { createAuthService } from './service';

export default async function authRoutes(app: FastifyInstance) {
  const service = createAuthService(app);

  route(app, api.login, async (req, reply) => service.login(req, req.body, reply));
  // The spec's logout has an empty body, accepted even when sent as application/json (lib/empty-json.ts, for every route).
  route(app, api.logout, async (req) => service.logout(req));
}
