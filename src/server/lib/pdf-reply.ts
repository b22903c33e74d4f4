// A PDF answer: shown in the browser's viewer (inline) under a safe file name, never cached.
import type { FastifyReply } from 'fastify';
import { safeFileName } from '@shared/reports/types';

export function sendPdf(reply: FastifyReply, bytes: Uint8Array, name: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${safeFileName(name, 'pdf')}"`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}
