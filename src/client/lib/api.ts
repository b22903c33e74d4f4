// API client: base URL rule (same origin, docs/security.md), bearer header, XSRF cookie copy, idempotency keys, 401 handling.
import { isFileAnswer, pathOf, type AddressInput, type AnswerOf, type BodyIn, type EndpointDef } from '@shared/contract/endpoint';
import { LOGIN_MSG as MSG } from '@shared/messages-login';
import { clearToken, getToken } from './session';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Field messages of a 400 answer, when present. */
  get fieldErrors(): Record<string, string> | undefined {
    const b = this.body as { errors?: Record<string, string> } | null;
    return b?.errors;
  }
}

/** True for a request that got no answer (no connection, server down): status 0. */
export function isNoConnection(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/** `protocol//hostname:5201` (spec) unless VITE_API_BASE is set; '' when the page is already served on 5201. */
export function apiBase(): string {
  const env = import.meta.env?.VITE_API_BASE as string | undefined;
  if (env !== undefined && env !== '') return env.replace(/\/$/, '');
  if (typeof location === 'undefined') return '';
  if (location.port === '5201' || location.port === '') return '';
  // Served by the same server on another port (tests, PORT override): same origin.
  if (import.meta.env?.PROD) return '';
  return `${location.protocol}//${location.hostname}:5201`;
}

const unauthorizedHandlers = new Set<() => void>();

/** Registers what to do on any 401 (close modals, drop the token, go to login). */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export function notifyUnauthorized(): void {
  clearToken();
  for (const h of unauthorizedHandlers) h();
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : null;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Token to send instead of the stored one (the outbox sends with its item's user token). */
  token?: string | null;
  /** When false, a 401 is returned as an ApiError without logging the user out. */
  handle401?: boolean;
  /**
   * Given the text of a good answer as it came (a list kept on the device stores that text instead of
   * stringifying 10,000 parsed rows again on the main thread).
   */
  onText?: (text: string) => void;
}

/** Builds the request headers; exported for the outbox, which sends with fetch itself. */
export function buildHeaders(path: string, opts: ApiOptions): Record<string, string> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = opts.token === undefined ? getToken() : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && !/^https?:/i.test(path)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  else if (method !== 'GET') headers['Idempotency-Key'] = crypto.randomUUID();
  return headers;
}

/** Fetches JSON; throws ApiError (status 0 when there was no response). */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  let res: Response;
  try {
    res = await fetch(apiBase() + path, {
      method,
      headers: buildHeaders(path, opts),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.syncNoConnection);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && opts.handle401 !== false) notifyUnauthorized();
    const message = (data as { message?: string } | null)?.message ?? res.statusText;
    throw new ApiError(res.status, message, data);
  }
  if (text) opts.onText?.(text);
  return data as T;
}

/** Fetches a binary answer (a PDF, a photo) with the session's bearer token; throws ApiError like apiFetch. */
export async function apiBlob(path: string, signal?: AbortSignal, send?: { method: 'POST'; body: unknown }): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(apiBase() + path, {
      headers: buildHeaders(path, send ?? {}),
      signal,
      ...(send ? { method: send.method, body: JSON.stringify(send.body) } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.syncNoConnection);
  }
  if (!res.ok) {
    if (res.status === 401) notifyUnauthorized();
    let message = res.statusText;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(res.status, message);
  }
  return res.blob();
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) =>
    apiFetch<T>(path, { method: 'POST', body: body ?? {}, idempotencyKey }),
  put: <T>(path: string, body?: unknown, idempotencyKey?: string) => apiFetch<T>(path, { method: 'PUT', body: body ?? {}, idempotencyKey }),
  del: <T>(path: string, idempotencyKey?: string) => apiFetch<T>(path, { method: 'DELETE', idempotencyKey }),
};

/** What a call of an endpoint takes: its path parameters, query and body (each when it has them), and options. */
export type CallInput<E extends EndpointDef> = AddressInput<E> &
  (E extends { body: object } ? { body: BodyIn<E> } : { body?: undefined }) &
  Pick<ApiOptions, 'signal' | 'idempotencyKey' | 'handle401' | 'token' | 'onText'>;

/** True while developing and in tests: every answer is checked against its endpoint's schema. */
const CHECK_ANSWERS = import.meta.env?.PROD !== true;

/** An answer that does not match its schema: a defect of the server or of the contract, shown loudly. */
export class AnswerMismatch extends Error {
  constructor(
    public endpoint: string,
    public issues: unknown,
  ) {
    super(`La respuesta de ${endpoint} no coincide con su esquema: ${JSON.stringify(issues).slice(0, 2000)}`);
    this.name = 'AnswerMismatch';
  }
}

/**
 * Calls an endpoint of the table (shared/contract): the address from its path and the given parameters and
 * query, its method and body, and its answer typed by the answer schema. In development and tests the answer is
 * parsed with that schema and a mismatch throws AnswerMismatch; a production build trusts the server (parsing
 * 10,000 list rows costs a tablet visible time).
 */
export async function call<const E extends EndpointDef>(e: E, input: CallInput<E>): Promise<AnswerOf<E>> {
  const path = pathOf(e, input);
  if (isFileAnswer(e.answer)) {
    // A file answered to a POST (the CA export: its password travels in the body, never in the address).
    const send = e.method === 'POST' ? { method: 'POST' as const, body: input.body ?? {} } : undefined;
    return (await apiBlob(path, input.signal, send)) as AnswerOf<E>;
  }
  const body = e.method === 'GET' ? undefined : (input.body ?? {});
  const data = await apiFetch<unknown>(path, {
    method: e.method,
    body,
    signal: input.signal,
    idempotencyKey: input.idempotencyKey,
    handle401: input.handle401,
    token: input.token,
    onText: input.onText,
  });
  if (CHECK_ANSWERS) {
    const checked = e.answer.safeParse(data);
    if (!checked.success) {
      const err = new AnswerMismatch(`${e.method} ${e.path}`, checked.error.issues);
      console.error(err);
      throw err;
    }
  }
  return data as AnswerOf<E>;
}
