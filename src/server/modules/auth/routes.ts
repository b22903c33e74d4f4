// POST /api/login (public) and POST /api/logout (revokes the session token).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody } from '@shared/contract/auth';
import { acceptEmptyJson } from './empty-body';
import { createAuthService } from './service';

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAuthService(app);

  // The spec's logout has an empty body; accept it even when sent as application/json (this plugin only).
  acceptEmptyJson(app);

  r.post('/api/login', { schema: { body: loginBody }, config: { rule: 'public' } }, (req, reply) => service.login(req, req.body, reply));

  r.post('/api/logout', async (req) => service.logout(req));
}
