// Session check on every /api route except the public ones, and the role guard: the codes each endpoint's
// declaration gives (shared/contract, the endpoint table).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access, EndpointDef } from '@shared/contract/endpoint';
import { MSG } from '@shared/messages';
import { idempotencyKeys, revokedTokens, usuarios } from '../db/schema/index';
import { batchScope } from '../lib/batch-item';
import { denied, unauthorized } from '../lib/errors';
import { verifyToken, type TokenPayload } from '../lib/tokens';
import { validKey } from './change';

export interface SessionUser {
  id: number;
  username: string;
  fullName: string;
  roles: number[];
  areaId: number | null;
  jti: string;
  exp: number;
  token: TokenPayload;
}

/** A registered /api route and who may call it (read by the permission tests). */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  selfAllowed: boolean;
  endpoint: EndpointDef;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser> {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized(MSG.sessionRequired);
  const payload = await verifyToken(app.config.jwtSecret, match[1]);
  if (!payload) throw unauthorized(MSG.sessionRequired);
  // The user, whether this token was revoked (logout) and, for a write with an Idempotency-Key, the answer stored
  // for that key (change.ts replays it) in one query: it runs before every request.
  const key = req.method === 'GET' || req.method === 'HEAD' ? null : validKey(req);
  const [u] = await app.db
    .select({
      id: usuarios.id,
      username: usuarios.username,
      fullName: usuarios.fullName,
      estado: usuarios.estado,
      roles: usuarios.roles,
      areaId: usuarios.areaId,
      sessionsValidFrom: usuarios.sessionsValidFrom,
      sessionKeptJti: usuarios.sessionKeptJti,
      revoked: revokedTokens.jti,
      stored: {
        request_hash: idempotencyKeys.request_hash,
        status_code: idempotencyKeys.status_code,
        response_body: idempotencyKeys.response_body,
      },
    })
    .from(usuarios)
    .leftJoin(revokedTokens, eq(revokedTokens.jti, payload.jti))
    // No key: '' matches no stored key (they have 8 characters or more).
    .leftJoin(idempotencyKeys, and(eq(idempotencyKeys.user_id, usuarios.id), eq(idempotencyKeys.key, key ?? '')))
    .where(eq(usuarios.id, payload.user.id))
    .limit(1);
  if (!u || u.revoked !== null || u.estado !== 1) throw unauthorized(MSG.sessionRequired);
  // A password change ends the sessions opened before it (a lost tablet, a leaked password).
  if (u.sessionsValidFrom !== null && payload.iat < u.sessionsValidFrom && payload.jti !== u.sessionKeptJti) {
    throw unauthorized(MSG.sessionRequired);
  }
  if (key) req.storedKey = u.stored;
  // Roles are read from the database on every request, so a revoked permission takes effect at once.
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    roles: u.roles,
    areaId: u.areaId,
    jti: payload.jti,
    exp: payload.exp,
    token: payload,
  };
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorate('apiRoutes', [] as ApiRoute[]);

  // Every /api route comes from the endpoint table (lib/route.ts), which says who may call it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      const endpoint = route.config?.endpoint;
      if (!endpoint) throw new Error(`Ruta fuera de la tabla de endpoints (shared/contract): ${m} ${route.url}`);
      app.apiRoutes.push({ method: m, url: route.url, access: endpoint.access, selfAllowed: !!endpoint.selfAllowed, endpoint });
    }
  });

  // onRequest (not preHandler): 401/403 come before body parsing and validation, so an anonymous or
  // unauthorized caller learns nothing about the body a route expects and never costs a parse.
  app.addHook('onRequest', async (req) => {
    const endpoint = req.routeOptions.config?.endpoint;
    if (!endpoint || endpoint.access === 'public') return;
    const batch = batchScope();
    if (batch) {
      // A save of a batch: the batch's request checked the session (the same token, a moment before) and read the
      // stored answers of every save's key in one query; the role codes are still this route's.
      req.user = batch.user;
      const key = req.method === 'GET' || req.method === 'HEAD' ? null : validKey(req);
      if (key) req.storedKey = batch.stored.get(key) ?? null;
    } else req.user = await authenticate(app, req);
    if (endpoint.access === 'session') return;
    // Acting on one's own record (one's password, a photo of one's failure) is checked by the service.
    if (!endpoint.access.some((code) => req.user?.roles.includes(code)) && !endpoint.selfAllowed) throw denied(MSG.forbidden);
  });
});
