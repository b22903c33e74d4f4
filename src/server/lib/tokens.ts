// JWT HS256 session tokens (jose): the payload the client reads (user, roles, Lima date, expiry, a unique id that
// logout revokes), signing and verification.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { limaDate } from '@shared/domain/dates';

export interface TokenPayload {
  user: { id: number; fullName: string; matchPassword: boolean };
  area: { id: number; name: string };
  roles: number[];
  date: string;
  exp: number;
  iat: number;
  jti: string;
}

/**
 * `validFrom` is the user's sessions_valid_from: a token is never issued before it. A password change sets it to
 * the second after the change, so tokens issued in the change's own second (iat is whole seconds) are refused,
 * while a login right after the change, still in that second, gets iat = validFrom and is accepted.
 */
export async function signToken(
  secret: string,
  ttlSeconds: number,
  data: Omit<TokenPayload, 'exp' | 'iat' | 'jti' | 'date'>,
  validFrom?: number | null,
): Promise<{ token: string; payload: TokenPayload }> {
  const iat = Math.max(Math.floor(Date.now() / 1000), validFrom ?? 0);
  const payload: TokenPayload = { ...data, date: limaDate(), iat, exp: iat + ttlSeconds, jti: randomUUID() };
  const token = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
  return { token, payload };
}

/** Verifies signature and expiry; returns null for anything malformed, forged or expired. */
export async function verifyToken(secret: string, token: string): Promise<TokenPayload | null> {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) || token.length > 8192) return null;
  try {
    // exp/iat/jti are required: jose only checks exp when present, and a token without exp would never expire.
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'jti'],
    });
    const p = payload as unknown as TokenPayload;
    if (!p.user || !Number.isSafeInteger(p.user.id) || typeof p.jti !== 'string' || p.jti.length > 64 || !Array.isArray(p.roles))
      return null;
    return p;
  } catch {
    return null;
  }
}
