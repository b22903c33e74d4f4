// The shape of one endpoint of the REST API, declared once in the contract (docs/architecture.md, "The endpoint
// table"): method, path, the schemas of what it takes and answers, who may call it and whether it is an idempotent
// write. The server registers its route from it, the role guard reads its codes, the client's fetcher builds its
// address and checks its answer, and the OpenAPI document is written from it.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: 'public' (no session), 'session' (any logged-in user) or role codes, any one of which
 * allows it (shared/auth/permissions.ts).
 */
export type Access = 'public' | 'session' | readonly number[];

/** An answer that is a file (a PDF, a photo, a backup) rather than JSON: its content type. */
export interface FileAnswer {
  readonly file: string;
}

/** Error answers an endpoint documents beyond those every route may give (400, 401, 403, 404). */
export type ErrorStatus = 409 | 413 | 415 | 422 | 429;

export interface EndpointDef {
  readonly method: Method;
  /** Fastify style: `/api/salidas/:id`. */
  readonly path: `/api/${string}`;
  /** One Spanish line for the OpenAPI document (and the reader). */
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /**
   * The codes may be skipped when the user acts on their own record; the service checks it (one's own password, a
   * photo of a failure one reported).
   */
  readonly selfAllowed?: boolean;
  /** A write through the write path: it accepts `Idempotency-Key`, and a repeat answers the stored response. */
  readonly idempotent?: boolean;
  /**
   * An idempotent write whose change runs in two transactions around work outside the database (runLongChange, a
   * backup): a batch of saves runs it alone, between its own transactions.
   */
  readonly long?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The body comes as `multipart/form-data` (a photo upload); `body` is its parsed fields. */
  readonly multipart?: boolean;
  readonly answer: z.ZodType | FileAnswer;
  /** The success status: 200 unless said (201 for a create). */
  readonly status?: 200 | 201;
  readonly errors?: readonly ErrorStatus[];
}

/** Declares an endpoint; the literal type is kept so the route, the fetcher and the forms read its schemas. */
export function endpoint<const E extends EndpointDef>(e: E): E {
  return e;
}

export const fileAnswer = (type: string): FileAnswer => ({ file: type });

export function isFileAnswer(answer: EndpointDef['answer']): answer is FileAnswer {
  return typeof (answer as FileAnswer).file === 'string';
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler reads (after validation) and the client sends (before it). */
export type ParamsOut<E extends EndpointDef> = E extends { params: infer S } ? Output<S> : undefined;
export type QueryOut<E extends EndpointDef> = E extends { query: infer S } ? Output<S> : undefined;
export type BodyOut<E extends EndpointDef> = E extends { body: infer S } ? Output<S> : undefined;
export type ParamsIn<E extends EndpointDef> = E extends { params: infer S } ? Input<S> : undefined;
export type QueryIn<E extends EndpointDef> = E extends { query: infer S } ? Input<S> : undefined;
export type BodyIn<E extends EndpointDef> = E extends { body: infer S } ? Input<S> : undefined;

/** The JSON answer as the client reads it; a file answer is a Blob. */
export type AnswerOf<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.output<E['answer']> : Blob;
/** The JSON answer as the server's handler returns it (before the answer schema encodes it). */
export type AnswerIn<E extends EndpointDef> = E['answer'] extends z.ZodType ? z.input<E['answer']> : never;

/** An endpoint whose body is sent by the offline outbox: an idempotent write. */
export type IdempotentEndpoint = EndpointDef & { readonly idempotent: true };

/** What an address needs: the path parameters and the query, each only when the endpoint has them. */
export type AddressInput<E extends EndpointDef> = (E extends { params: z.ZodType } ? { params: ParamsIn<E> } : { params?: undefined }) &
  (E extends { query: z.ZodType } ? { query: QueryIn<E> } : { query?: undefined });

/** A query value as text: lists become comma lists (`id=1,2,3`), null and undefined are left out. */
function queryText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (Array.isArray(v)) return v.map(String).join(',');
  return String(v);
}

/** The address of an endpoint: `:name` replaced by its parameter (encoded) and the query appended. */
export function pathOf(e: EndpointDef, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`Falta el parámetro ${name} de ${e.method} ${e.path}`);
    return encodeURIComponent(String(v));
  });
  const query = (input.query ?? {}) as Record<string, unknown>;
  const pairs = Object.entries(query)
    .map(([k, v]) => [k, queryText(v)] as const)
    .filter((p): p is readonly [string, string] => p[1] !== null);
  if (!pairs.length) return path;
  return `${path}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&')}`;
}

/** The resource an endpoint belongs to: the first segment after `/api` (its tag in the OpenAPI document). */
export const resourceOf = (e: Pick<EndpointDef, 'path'>): string => (e.path.split('/')[2] ?? '').replace(/\.json$/, '');

/** `METHOD /path` (how logs, tests and the OpenAPI document name an endpoint). */
export const endpointKey = (e: Pick<EndpointDef, 'method' | 'path'>): string => `${e.method} ${e.path}`;
