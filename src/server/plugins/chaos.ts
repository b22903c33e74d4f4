// TEST-ONLY chaos hook (off unless CHAOS_DROP_AFTER_COMMIT is set): after a write committed its change and stored
// its idempotent answer, the connection is destroyed instead of answered, as if the server died between commit and
// reply. The client's replay of the same Idempotency-Key must then get the stored answer (docs/offline-chaos.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { insideBatch } from '../lib/batch-item';

/** Header that asks for the drop of one request when the hook runs in 'header' mode (the e2e specs set it). */
export const CHAOS_DROP_HEADER = 'x-chaos-drop-after-commit';

/** 'header': drop the requests that carry CHAOS_DROP_HEADER; a number in (0, 1]: drop that fraction at random. */
export type ChaosMode = 'header' | number;

export function parseChaosMode(raw: string | undefined): ChaosMode | null {
  if (raw === undefined || raw === '' || raw === '0') return null;
  if (raw === 'header') return 'header';
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1) throw new Error(`CHAOS_DROP_AFTER_COMMIT: use 'header' or a fraction in (0, 1], not ${raw}`);
  return n;
}

/**
 * A committed first answer of a keyed write of a session (stored for replays; never a replay, a refusal or a read),
 * or of a batch of them.
 */
function committedWrite(req: FastifyRequest, reply: FastifyReply): boolean {
  // A save of a batch has no socket of its own: the batch's answer is dropped instead, when one of them committed.
  if (insideBatch()) return false;
  if (req.batchCommitted) return reply.statusCode === 200;
  if (req.method === 'GET' || req.method === 'HEAD' || !req.headers['idempotency-key'] || !req.user) return false;
  if (reply.getHeader('idempotency-replayed') === 'true') return false;
  return reply.statusCode >= 200 && reply.statusCode < 300;
}

export default fp(async function chaos(app: FastifyInstance, opts: { mode: ChaosMode; random?: () => number }) {
  const random = opts.random ?? Math.random;
  app.log.warn({ mode: opts.mode }, 'CHAOS_DROP_AFTER_COMMIT activo: solo para pruebas');
  app.addHook('onSend', async (req, reply, payload) => {
    if (!committedWrite(req, reply)) return payload;
    const drop = opts.mode === 'header' ? req.headers[CHAOS_DROP_HEADER] !== undefined : random() < opts.mode;
    if (drop) req.raw.socket?.destroy();
    return payload;
  });
});
