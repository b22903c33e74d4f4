// Sessions: credential check with constant-shape failures, token issue, logout (jti revocation).
import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginBody, LoginResponse } from '@shared/contract/auth';
import { MSG } from '@shared/messages';
import { areas, auditLog, revokedTokens, usuarios } from '../../db/schema/index';
import { AppError, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { signToken } from '../../lib/tokens';
import { runChange } from '../../plugins/change';
import { LoginLimits, type Window } from './rate-limit';

const WINDOW_MS = 10 * 60 * 1000;
/** Offices share one public address behind NAT, so the per-address budget is wider than the per-user one. */
const ADDRESS_FACTOR = 3;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export function createAuthService(app: FastifyInstance) {
  const max = app.config.LOGIN_MAX_ATTEMPTS;
  const byUser: Window = { prefix: 'u:', max };
  const byAddress: Window = { prefix: 'a:', max: max * ADDRESS_FACTOR };
  const limits = new LoginLimits(app.db, [byUser, byAddress], WINDOW_MS);
  // Verified when the username is unknown, so that answer takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  let lastPurge = 0;
  let lastFailurePurge = 0;

  async function login(req: FastifyRequest, body: LoginBody, reply: { header(k: string, v: string): unknown }): Promise<LoginResponse> {
    const userKey = body.username.toLowerCase();
    const address = req.ip || 'unknown';
    // The attempt is counted (as a failure) before the password is verified, in the same step as the check.
    const claim = await limits.claim([userKey, address]);
    if (!claim.ok) {
      reply.header('Retry-After', String(claim.retryAfter));
      throw new AppError(429, MSG.loginRateLimited);
    }
    const [u] = await app.db
      .select({
        id: usuarios.id,
        username: usuarios.username,
        fullName: usuarios.fullName,
        passwordHash: usuarios.passwordHash,
        defaultPassword: usuarios.defaultPassword,
        estado: usuarios.estado,
        roles: usuarios.roles,
        areaId: usuarios.areaId,
        areaName: areas.nombre,
        sessionsValidFrom: usuarios.sessionsValidFrom,
      })
      .from(usuarios)
      .leftJoin(areas, eq(areas.id, usuarios.areaId))
      .where(sql`lower(${usuarios.username}) = lower(${body.username.trim()})`)
      .limit(1);
    // Always one argon2 verification, whether the user exists, is inactive or not.
    const ok = await verifyPassword(u ? u.passwordHash : await dummy(), body.password);
    if (!u || !ok || u.estado !== 1) throw unauthorized(MSG.loginFailed);
    await limits.succeeded(claim, userKey, byUser);
    if (Date.now() - lastFailurePurge > PURGE_EVERY_MS) {
      lastFailurePurge = Date.now();
      await limits.purge();
    }
    const ttl = app.config.TOKEN_TTL_SECONDS;
    const { token } = await signToken(
      app.config.jwtSecret,
      ttl,
      {
        user: { id: u.id, fullName: u.fullName, matchPassword: u.defaultPassword === 1 },
        area: { id: u.areaId ?? 0, name: u.areaName ?? '' },
        roles: u.roles,
      },
      u.sessionsValidFrom,
    );
    await app.db
      .insert(auditLog)
      .values({ user_id: u.id, username: u.username, action: 'login', resource: 'sesion', resource_id: String(u.id) });
    return { access_token: token, token_type: 'bearer', expires_in: ttl };
  }

  async function logout(req: FastifyRequest): Promise<{ message: string }> {
    const user = req.user!;
    const result = await runChange(req, async ({ tx, audit }) => {
      await tx
        .insert(revokedTokens)
        .values({ jti: user.jti, expires_at: new Date(user.exp * 1000).toISOString() })
        .onConflictDoNothing();
      await audit({ action: 'logout', resource: 'sesion', resource_id: user.id });
      return { message: MSG.loggedOut };
    });
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      // Expired tokens fail verification anyway; their revocation rows are no longer needed.
      await app.db.delete(revokedTokens).where(lt(revokedTokens.expires_at, sql`now()`));
    }
    return result;
  }

  return { login, logout };
}
