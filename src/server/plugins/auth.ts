// Session check on every /api route except the public ones, and the role guard driven by permissions.ts.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ENDPOINT_PERMISSIONS, READ_PERMISSIONS, type EndpointRule } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { idempotencyKeys, revokedTokens, usuarios } from '../db/schema/index';
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

/** A registered /api route and the rule the guard applies to it (read by the permission tests). */
export interface ApiRoute {
  method: string;
  url: string;
  rule: EndpointRule;
  selfAllowed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Overrides the table: 'public' routes need no session. */
    rule?: EndpointRule;
    /** The role may be skipped when the user acts on their own record (the service checks it). */
    selfAllowed?: boolean;
  }
}

/** GET routes readable without a session. */
const PUBLIC_GETS = new Set(['/api/health', '/api/ajustes']);

export function ruleFor(method: string, url: string, config?: { rule?: EndpointRule }): EndpointRule | undefined {
  if (config?.rule !== undefined) return config.rule;
  if (method === 'GET' || method === 'HEAD') return PUBLIC_GETS.has(url) ? 'public' : 'session';
  return ENDPOINT_PERMISSIONS[`${method} ${url}`];
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

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { rule?: EndpointRule; selfAllowed?: boolean } | undefined;
    for (const m of methods) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      const rule = ruleFor(m, route.url, config);
      if (rule === undefined) throw new Error(`Ruta sin permiso en permissions.ts: ${m} ${route.url}`);
      app.apiRoutes.push({ method: m, url: route.url, rule, selfAllowed: !!config?.selfAllowed });
    }
  });

  // onRequest (not preHandler): 401/403 come before body parsing and validation, so an anonymous or
  // unauthorized caller learns nothing about the body a route expects and never costs a parse.
  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (!url || !url.startsWith('/api')) return;
    const rule = ruleFor(req.method, url, req.routeOptions.config as { rule?: EndpointRule });
    if (rule === 'public') return;
    req.user = await authenticate(app, req);
    if (typeof rule === 'number' && !req.user.roles.includes(rule)) {
      // Changing one's own password needs no role 66 (checked by the users service).
      if (!req.routeOptions.config?.selfAllowed) throw denied(MSG.forbidden);
    }
    const anyOf = READ_PERMISSIONS[`${req.method} ${url}`];
    if (anyOf && !anyOf.some((code) => req.user?.roles.includes(code))) throw denied(MSG.forbidden);
  });
});
