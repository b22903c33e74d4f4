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
import { FailureWindow } from './rate-limit';

const WINDOW_MS = 10 * 60 * 1000;
/** Offices share one public address behind NAT, so the per-address budget is wider than the per-user one. */
const ADDRESS_FACTOR = 3;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export function createAuthService(app: FastifyInstance) {
  const max = app.config.LOGIN_MAX_ATTEMPTS;
  const byUser = new FailureWindow(app.db, 'u:', max, WINDOW_MS);
  const byAddress = new FailureWindow(app.db, 'a:', max * ADDRESS_FACTOR, WINDOW_MS);
  // Verified when the username is unknown, so that answer takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  let lastPurge = 0;
  let lastFailurePurge = 0;

  async function refuseIfLimited(userKey: string, address: string, reply: { header(k: string, v: string): unknown }) {
    for (const [win, key] of [
      [byUser, userKey],
      [byAddress, address],
    ] as const) {
      const wait = await win.retryAfter(key);
      if (wait) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, MSG.loginRateLimited);
      }
    }
  }

  async function login(req: FastifyRequest, body: LoginBody, reply: { header(k: string, v: string): unknown }): Promise<LoginResponse> {
    const userKey = body.username.toLowerCase();
    const address = req.ip || 'unknown';
    await refuseIfLimited(userKey, address, reply);
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
    if (!u || !ok || u.estado !== 1) {
      await byUser.fail(userKey);
      await byAddress.fail(address);
      throw unauthorized(MSG.loginFailed);
    }
    await byUser.clear(userKey);
    if (Date.now() - lastFailurePurge > PURGE_EVERY_MS) {
      lastFailurePurge = Date.now();
      await byUser.purge();
      await byAddress.purge();
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
