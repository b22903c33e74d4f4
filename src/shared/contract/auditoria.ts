// Audit log contract ("Actividad Log"): filters and rows.
import { z } from 'zod';
import { AUDIT_READ_CODE } from '../auth/permissions';
import { dateStr, id } from './common';
import { endpoint } from './endpoint';
import { RANGE_MONTHS, boundedRange, rangeDoc } from './ranges';

/** Empty query parameters (`?usuario_id=`) mean "no filter". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const auditoriaQuery = z
  .object({
    usuario_id: z.preprocess(blankToUndefined, id.optional()),
    fini: z.preprocess(blankToUndefined, dateStr.optional()),
    ffin: z.preprocess(blankToUndefined, dateStr.optional()),
  })
  .superRefine(boundedRange(RANGE_MONTHS.auditoria));
export type AuditoriaQuery = z.infer<typeof auditoriaQuery>;

export const AUDIT_LIMIT = 2000;

export const auditoriaRow = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditoriaRow = z.infer<typeof auditoriaRow>;

export const auditoriaApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/auditoria',
    summary: 'El registro de actividad (Actividad Log): cada cambio con su usuario, antes y después, el más reciente primero',
    description: `Filtra por usuario y por fechas de Lima; devuelve a lo más ${AUDIT_LIMIT} filas. ${rangeDoc(RANGE_MONTHS.auditoria)}`,
    access: [AUDIT_READ_CODE],
    query: auditoriaQuery,
    answer: z.array(auditoriaRow),
  }),
} as const;
