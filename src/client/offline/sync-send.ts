// One HTTP attempt of an outbox item or of one of its files: its own Idempotency-Key, the current user's token, a
// timeout. Files go as multipart (one file per request) to the item's upload URL once the server gave its id.
import { buildHeaders } from '@client/lib/api';
import type { OutboxFile, OutboxItem, UploadSpec } from './db';
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

/** What one request got: the server's answer (body parsed, null when empty), or none (timed out or cut). */
export type Exchange = { status: number; body: unknown; headers: Headers } | { status: null; timedOut: boolean };

/** One request; never throws. Reading the body is under the timeout too. */
export async function exchange(path: string, init: RequestInit, deps: SendDeps, timeoutMs = deps.timeoutMs): Promise<Exchange> {
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, timeoutMs);
  try {
    const res = await deps.fetchImpl(deps.baseUrl() + path, { ...init, signal: ctrl.signal });
    return { status: res.status, body: parseBody(await res.text()), headers: res.headers };
  } catch {
    return { status: null, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

/** One request classified by the outcome table; never throws (a failure is a 'retry' outcome). */
async function attempt(path: string, init: RequestInit, deps: SendDeps): Promise<SendOutcome> {
  const got = await exchange(path, init, deps);
  return got.status === null ? classifyFailure(got.timedOut) : classifyResponse(got.status, got.body, got.headers, deps.now());
}

/** Sends the item's own request (JSON body) under its id as Idempotency-Key. */
export function sendItem(item: OutboxItem, token: string, deps: SendDeps): Promise<SendOutcome> {
  const headers = buildHeaders(item.url, { method: item.method, body: item.body, idempotencyKey: item.id, token });
  const body = item.body === undefined ? undefined : JSON.stringify(item.body);
  return attempt(item.url, { method: item.method, headers, body }, deps);
}

/** The upload URL of an accepted record: the spec's template with `{id}` replaced. */
export const uploadUrl = (spec: UploadSpec, serverId: string | number): string =>
  spec.url.replace('{id}', encodeURIComponent(String(serverId)));

/** Uploads one file (multipart, the file under `upload.field`) under the file's own Idempotency-Key. */
export function sendFile(spec: UploadSpec, serverId: string | number, file: OutboxFile, token: string, deps: SendDeps) {
  const url = uploadUrl(spec, serverId);
  const form = new FormData();
  form.append(spec.field, file.blob, file.name);
  // No Content-Type: fetch sets multipart/form-data with its boundary.
  const headers = buildHeaders(url, { method: 'POST', idempotencyKey: file.key, token });
  return attempt(url, { method: 'POST', headers, body: form }, deps);
}

/** The value of `field` in the server's answer ('a.b' reads nested objects); null when it is not an id. */
export function idFromAnswer(data: unknown, field: string): string | number | null {
  let value: unknown = data;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | null)?.[part];
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : null;
}
