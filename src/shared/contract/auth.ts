// Session and top-bar contract: login, token answer, person search, notifications and office settings.
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

/** Top-bar person search: 8 digits; a JSON number lost its leading zeros, so it is padded to 8. */
export const searchBody = z.object({
  dni: z.union(
    [
      z
        .string({ error: FIELD.dni })
        .trim()
        .regex(/^\d{8}$/, FIELD.dni),
      z
        .number({ error: FIELD.dni })
        .int(FIELD.dni)
        .min(0, FIELD.dni)
        .max(99_999_999, FIELD.dni)
        .transform((n) => String(n).padStart(8, '0')),
    ],
    { error: FIELD.dni },
  ),
});
export type SearchBody = z.infer<typeof searchBody>;

export const searchItem = z.object({
  tipo: z.enum(['OPERADOR', 'PERSONA']),
  dni: z.string(),
  nombres: z.string(),
  detalle: z.string(),
  operador_id: z.number().optional(),
  salidas: z.number().optional(),
  partes_diarios: z.number().optional(),
});
export type SearchItem = z.infer<typeof searchItem>;
export const searchAnswer = z.object({ items: z.array(searchItem) });

export const notificationItem = z.object({
  tipo: z.enum(['FALLA', 'INSUMO']),
  abrev: z.string(),
  fecha: z.string(),
  descripcion: z.string(),
  band: z.enum(['warning', 'danger']).optional(),
  /** Parts: their machine and the forecast date of reaching the limit (null: no forecast). */
  maquinaria_id: z.number().optional(),
  fecha_limite: z.string().nullable().optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationsAnswer = z.object({ items: z.array(notificationItem) });

export const officeSettings = z.object({ officeName: z.string(), shortName: z.string(), cityLabel: z.string() });
export type OfficeSettings = z.infer<typeof officeSettings>;
