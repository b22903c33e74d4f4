// POST /api/login (public) and POST /api/logout (revokes the session token).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, loginResponse } from '@shared/contract/auth';
import { answers, messageAnswer } from '../../lib/responses';
import { createAuthService } from './service';

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAuthService(app);

  // The spec's logout has an empty body, accepted even when sent as application/json (lib/empty-json.ts, for every route).
  r.post(
    '/api/login',
    { schema: { body: loginBody, response: answers({ 200: loginResponse }) }, config: { rule: 'public' } },
    (req, reply) => service.login(req, req.body, reply),
  );

  r.post('/api/logout', { schema: { response: messageAnswer } }, async (req) => service.logout(req));
}
