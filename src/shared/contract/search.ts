// Top-bar person search (POST /api/search): an 8-digit DNI, answered with operators and registry persons; its endpoint.
import { READERS } from '../auth/permissions';
import { z } from 'zod';
import { FIELD, LABELS } from '../messages';
import { endpoint } from './endpoint';

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

/**
 * The DNI as typed in the top bar, with the screen's own messages: required, digits only, at least
 * 8 (the box never keeps more, see the client's dniInputValue). What passes here also passes `searchBody`.
 */
export const searchTyped = z.string().trim().min(1, FIELD.required).regex(/^\d+$/, FIELD.digits).min(8, LABELS.shell.dniMin);

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
export type SearchAnswer = z.infer<typeof searchAnswer>;

/** The endpoint of the top-bar search. */
export const searchApi = {
  person: endpoint({
    method: 'POST',
    path: '/api/search',
    summary: 'Busca una persona por DNI entre los operadores y el registro de identidad, con dónde aparece',
    access: READERS.conCodigo,
    body: searchBody,
    answer: searchAnswer,
  }),
} as const;
