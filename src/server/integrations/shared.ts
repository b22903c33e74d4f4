// Pieces every integration shares: JSON GET with an 8 s timeout, remote-then-mirror fallback, date and
// text normalisation, and the `excluded.col` sets of the mirror upserts.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { limaDate } from '@shared/domain/dates';
import { FIELD } from '@shared/messages';

export const HTTP_TIMEOUT_MS = 8000;

export interface HttpOptions {
  /** Injected fetch (tests); defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Called when a remote call fails and the mirror answers instead. */
  onError?: (source: string, error: unknown) => void;
}

export class IntegrationError extends Error {
  constructor(
    public source: string,
    message: string,
    public status?: number,
  ) {
    super(`${source}: ${message}`);
    this.name = 'IntegrationError';
  }
}

/** Joins the configured base URL with path segments (each one URL-encoded) and a query. */
export function remoteUrl(base: string, segments: (string | number)[], query?: Record<string, string>): string {
  const url = new URL(segments.map((s) => encodeURIComponent(String(s))).join('/'), base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** GET a JSON document: the parsed body, null on 404, IntegrationError on anything else. */
export async function getJson(source: string, url: string, opts: HttpOptions): Promise<unknown> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs ?? HTTP_TIMEOUT_MS) });
  } catch (err) {
    throw new IntegrationError(
      source,
      `sin respuesta (${(err as Error).name === 'TimeoutError' ? 'tiempo agotado' : (err as Error).message})`,
    );
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new IntegrationError(source, `respuesta HTTP ${res.status}`, res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new IntegrationError(source, 'respuesta que no es JSON', res.status);
  }
}

/** Parses a remote answer with its zod schema; a shape we do not understand counts as a failure. */
export function parseRemote<T>(source: string, schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new IntegrationError(source, `respuesta con forma inesperada (${parsed.error.issues[0]?.path.join('.')})`);
  return parsed.data;
}

/**
 * Asks the remote system; when it fails (network, timeout, 5xx, bad shape) or does not know the record
 * (404 / null), the mirror answers: it may hold imported or previously synced records.
 */
export async function remoteOrMirror<T>(
  source: string,
  opts: HttpOptions,
  remote: () => Promise<T | null>,
  mirror: () => Promise<T>,
): Promise<T> {
  let answer: T | null = null;
  try {
    answer = await remote();
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    opts.onError?.(source, err);
  }
  return answer ?? mirror();
}

/** `YYYY-MM-DD` from a date-only string, an ISO timestamp (Lima date), `DD/MM/YYYY` or a Date. */
export function toIsoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // Spreadsheet dates without a time arrive as UTC midnight: keep their calendar day.
    return value.toISOString().slice(0, 10);
  }
  const s = String(value).trim();
  let iso: string | null = null;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) iso = s;
  else if (dmy) iso = `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  else if (/^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))) return limaDate(new Date(s));
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** Trimmed text cut to a column's length; empty → null. */
export const clip = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => {
      const s = v === null || v === undefined ? '' : String(v).trim();
      return s ? s.slice(0, max) : null;
    });

/** Required trimmed text cut to a column's length. */
export const reqClip = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().slice(0, max))
    .pipe(z.string().min(1));

/** A date in any accepted form, normalised to `YYYY-MM-DD` (or null). */
export const looseDate = z.unknown().transform((v, ctx) => {
  if (v === null || v === undefined || v === '') return null;
  const d = toIsoDate(v);
  if (!d) ctx.addIssue({ code: 'custom', message: FIELD.dateUnreadable });
  return d;
});

/** `{ col: excluded.col }` for an upsert's `set`. */
export function excluded<K extends string>(cols: readonly K[]): Record<K | 'synced_at', SQL> {
  const set = Object.fromEntries(cols.map((c) => [c, sql.raw(`excluded."${c}"`)])) as Record<K, SQL>;
  return { ...set, synced_at: sql`now()` };
}

/** Splits rows into batches that stay well under PostgreSQL's 65 535 bind parameters. */
export function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
