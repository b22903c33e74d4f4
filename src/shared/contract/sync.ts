// The offline queue's batch push (POST /api/sync/batch): a run of queued saves in one request, each under its own
// Idempotency-Key and answered on its own (docs/architecture.md, offline engine: "A long queue").
import { z } from 'zod';
import { FIELD, MSG } from '../messages';
import { endpoint } from './endpoint';

/** Most saves one batch carries. */
export const SYNC_BATCH_MAX = 100;

/** The Idempotency-Key a save carries (the write path's rule: plugins/change.ts). */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

/** One queued save: the request the outbox would have sent on its own. */
export const syncItem = z.object({
  key: z.string({ error: FIELD.uuid }).regex(IDEMPOTENCY_KEY_RE, FIELD.uuid),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  url: z.string().startsWith('/api/').max(300),
  body: z.unknown().optional(),
});
export type SyncItem = z.infer<typeof syncItem>;

export const syncBatchBody = z.object({
  items: z
    .array(syncItem)
    .min(1, MSG.syncBatchBounds(SYNC_BATCH_MAX))
    .max(SYNC_BATCH_MAX, MSG.syncBatchBounds(SYNC_BATCH_MAX))
    .refine((items) => new Set(items.map((i) => i.key)).size === items.length, MSG.syncBatchKeysRepeated),
});
export type SyncBatchBody = z.infer<typeof syncBatchBody>;

/** The answer one save got, as its own request would have had it (status, body, whether it came from the store). */
export const syncAnswer = z.object({
  key: z.string(),
  status: z.number().int(),
  body: z.unknown(),
  replayed: z.boolean(),
});
export type SyncAnswer = z.infer<typeof syncAnswer>;

/**
 * The answers in the order of the items. Fewer answers than items: the batch stopped at an answer that stops the
 * queue (5xx, 401, 408, 429, 409 in progress) and the saves after it were not tried.
 */
export const syncBatchAnswer = z.object({ answers: z.array(syncAnswer) });

export const syncApi = {
  batch: endpoint({
    method: 'POST',
    path: '/api/sync/batch',
    summary: `Envía en una petición hasta ${SYNC_BATCH_MAX} grabaciones de la cola sin conexión, cada una con su clave y su respuesta`,
    description:
      'Cada elemento es la petición que el dispositivo habría enviado sola (verbo HTTP, dirección de una escritura idempotente, ' +
      'cuerpo y su Idempotency-Key). Se aplican en orden, cada una en su propio punto de guardado de la transacción del lote, con los códigos de rol, la ' +
      'validación, la auditoría y la respuesta guardada de su propia ruta: un rechazo no deshace las demás y una ' +
      'repetición devuelve la respuesta guardada. Se detiene en la primera respuesta 5xx, 401, 408, 429 o 409 en proceso; ' +
      'las siguientes no se intentan y no tienen respuesta. Las fotos (multipart) van en su propia petición.',
    access: 'session',
    body: syncBatchBody,
    answer: syncBatchAnswer,
  }),
} as const;
