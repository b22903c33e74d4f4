// Session contract: the login body and the token answer.
import { z } from 'zod';
import { FIELD } from '../messages';
import { text } from './common';

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
