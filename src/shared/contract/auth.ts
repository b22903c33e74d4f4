// Session contract: the login body and the token answer, and the login and logout endpoints. The login screen
// loads this module when the user signs in, not with its first download (docs/architecture.md, "The login
// screen's first download"): its zod schemas would add zod itself to that download.
import { z } from 'zod';
import { FIELD } from '../messages';
import { messageResponse, text } from './common';
import { endpoint } from './endpoint';

export const loginBody = z.object({
  username: text(60),
  // No validator beyond presence (spec); the cap keeps hashing cheap.
  password: z.string({ error: FIELD.required }).min(1, FIELD.required).max(200, FIELD.tooLong(200)),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    summary: 'Inicia sesión: devuelve el token de la sesión (Bearer)',
    description:
      'Usuario o contraseña incorrectos, o un usuario inactivo, responden 401 con el mismo mensaje. Tras varios intentos fallidos por usuario o por dirección, 429 con `Retry-After`.',
    access: 'public',
    body: loginBody,
    answer: loginResponse,
    errors: [429],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    summary: 'Cierra la sesión: el token deja de valer',
    access: 'session',
    idempotent: true,
    answer: messageResponse,
  }),
} as const;
