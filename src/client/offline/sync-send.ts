// One HTTP attempt of an outbox item: its own Idempotency-Key, the current user's token, a timeout.
import { buildHeaders } from '@client/lib/api';
import type { OutboxItem } from './db';
import { classifyFailure, classifyResponse, type SendOutcome } from './sync-outcome';

export interface SendDeps {
  fetchImpl: typeof fetch;
  baseUrl: () => string;
  timeoutMs: number;
  now: () => number;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends the item once; never throws (a failure is a 'retry' outcome). Reading the body is under the timeout too. */
export async function sendItem(item: OutboxItem, token: string, deps: SendDeps): Promise<SendOutcome> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, deps.timeoutMs);
  try {
    const res = await deps.fetchImpl(deps.baseUrl() + item.url, {
      method: item.method,
      headers: buildHeaders(item.url, {
        method: item.method,
        body: item.body,
        idempotencyKey: item.id,
        token,
      }),
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
      signal: ctrl.signal,
    });
    const body = parseBody(await res.text());
    return classifyResponse(res.status, body, res.headers, deps.now());
  } catch {
    return classifyFailure(timedOut);
  } finally {
    clearTimeout(timer);
  }
}
