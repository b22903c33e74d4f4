// The outbox outcome table (docs/architecture.md, offline engine): classifies one send's result and computes the
// backoff delay.
import { MSG } from '@shared/messages';

export type SendOutcome =
  | { kind: 'success'; status: number; data: unknown; replayed: boolean }
  | { kind: 'retry'; status: number; message: string; offline: boolean; retryAfterMs: number }
  | { kind: 'auth'; status: 401; message: string }
  | { kind: 'reject'; status: number; message: string; body: unknown; errors: Record<string, string> | null };

/** The server answered (accepted or refused): the queue goes on with the next item. */
export const answered = (outcome: SendOutcome) => outcome.kind === 'success' || outcome.kind === 'reject';
/** No answer at all: the device is offline. */
export const noAnswer = (outcome: SendOutcome) => outcome.kind === 'retry' && outcome.offline;

const RETRY_BASE_MS = 2_000;
export const RETRY_CAP_MS = 5 * 60_000;

/** Exponential backoff with jitter: attempt n waits between half and all of min(cap, base·2^(n-1)). */
export function backoffDelay(attempts: number, random: () => number, retryAfterMs = 0): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.min(RETRY_CAP_MS, Math.max(jittered, retryAfterMs));
}

function messageOf(body: unknown): string | undefined {
  const m = (body as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m !== '' ? m : undefined;
}

/** 409 answered while the same Idempotency-Key is still being processed by the server. */
export function isInProgressConflict(body: unknown): boolean {
  const b = body as { code?: unknown; inProgress?: unknown } | null;
  if (b?.code === 'idempotency_in_progress' || b?.inProgress === true) return true;
  const m = messageOf(body);
  return m !== undefined && (m === MSG.idempotencyInProgress || /in[ _-]?progress|procesando/i.test(m));
}

function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const secs = Number(header);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** Outcome of an HTTP answer (body already parsed, null when empty). */
export function classifyResponse(status: number, body: unknown, headers: Headers, now: number): SendOutcome {
  if (status >= 200 && status < 300) {
    return { kind: 'success', status, data: body, replayed: headers.get('Idempotency-Replayed') === 'true' };
  }
  const message = messageOf(body);
  if (status === 401) return { kind: 'auth', status, message: message ?? MSG.sessionRequired };
  if (status >= 500 || status === 429 || status === 408 || (status === 409 && isInProgressConflict(body))) {
    return {
      kind: 'retry',
      status,
      message: message ?? MSG.syncServerError(status),
      offline: false,
      retryAfterMs: retryAfterMs(headers.get('Retry-After'), now),
    };
  }
  const errors = (body as { errors?: Record<string, string> } | null)?.errors ?? null;
  return { kind: 'reject', status, message: message ?? MSG.saveFailed, body, errors };
}

/** Outcome when no answer arrived: the connection failed or the timeout aborted the request. */
export function classifyFailure(timedOut: boolean): SendOutcome {
  return {
    kind: 'retry',
    status: 0,
    message: timedOut ? MSG.syncTimeout : MSG.syncNoConnection,
    offline: true,
    retryAfterMs: 0,
  };
}
