// Fuzzing every /api route: requests generated from each route's own zod schemas (body, params, query),
// then mutated (wrong types, missing and extra fields, huge strings and numbers, unicode/RTL/NUL, nulls,
// arrays for objects, SQL and script fragments, bodies of other routes), sent with an all-codes session and
// without one. Invariants: no answer is a 5xx, and a refused request (4xx) leaves every table as it was.
// Seeded: FUZZ_SEED reproduces a run, FUZZ_ROUNDS raises the number of requests per route.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CODES } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { seedDemo } from '../../../src/server/db/seed/demo';
import { createTestApp, createUser, type TestApp } from '../helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Requests per route with the session; a fifth of it again without one. */
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 24);

/**
 * Tables that change on refused requests by design: the refusal counter, the failed-login window and the readings a
 * keyed daily report was refused for (kept for the alerts; docs/architecture.md, "Meter readings").
 */
const VOLATILE_TABLES = new Set(['solicitudes_rechazadas', 'login_fallos', 'lecturas_rechazadas']);

/** mulberry32: small, fast and the same on every machine, so a seed reproduces the run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const HUGE = 'x'.repeat(70_000);
const STRINGS = [
  '',
  ' ',
  'a',
  HUGE,
  'ñandú Almacén ¿Está? 💥🚜',
  '\u202Eadmin\u202C',
  'مرحبا بالعالم',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\u0007\b\f',
  "' OR 1=1 --",
  "1'; DROP TABLE usuarios; --",
  '"; select pg_sleep(1); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x")',
  '+cmd',
  '-1+1',
  '@SUM(1)',
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  '１２３４５６７８',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x1F',
  '99999999999999999999999',
  '2024-02-30',
  '2024-13-01',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'true',
  'null',
  '__proto__',
];
const NUMBERS = [0, -1, 1, 1.5, -0.0001, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324];
const SHAPES: unknown[] = [null, true, false, [], {}, [null], [1, 2, 3], { a: 1 }, [[[]]], { __proto__: { x: 1 } }];
const weird = (r: Rng): unknown => {
  const k = r.int(0, 2);
  return k === 0 ? r.pick(STRINGS) : k === 1 ? r.pick(NUMBERS) : r.pick(SHAPES);
};

type Json = Record<string, unknown>;

/** JSON Schema of a route's zod schema, as a client would send it (the input side of transforms). */
function jsonSchemaOf(schema: unknown): Json | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return {};
  }
}

const CANNED_PATTERN_VALUES = ['12345678', '20123456789', '2024-05-01', '2024-05-01T10:00:00Z', 'EG-123', '001-2024', '1', 'ABC', 'a'];

/** A value the schema probably accepts (patterns and refinements may still refuse it: that is fine). */
function generate(s: Json | undefined, r: Rng, depth = 0): unknown {
  if (!s || depth > 6) return null;
  const anyOf = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (anyOf?.length) return generate(r.pick(anyOf), r, depth + 1);
  if (Array.isArray(s.allOf) && s.allOf.length) return generate(s.allOf[0] as Json, r, depth + 1);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return r.pick(s.enum);
  const type = Array.isArray(s.type) ? r.pick(s.type as string[]) : (s.type as string | undefined);
  switch (type) {
    case 'string': {
      if (s.format === 'date') return `2024-0${r.int(1, 9)}-1${r.int(0, 9)}`;
      if (s.format === 'date-time') return '2024-05-01T10:00:00.000Z';
      if (s.format === 'email') return `fuzz${r.int(1, 999)}@muni.gob.pe`;
      if (s.format === 'uuid') return randomUUID();
      if (typeof s.pattern === 'string') {
        const re = new RegExp(s.pattern);
        const fit = CANNED_PATTERN_VALUES.filter((v) => re.test(v));
        if (fit.length) return r.pick(fit);
      }
      const min = Number(s.minLength ?? 1);
      const max = Math.min(Number(s.maxLength ?? 20), Math.max(min, 20));
      const len = r.int(min, Math.max(min, max));
      let out = '';
      for (let i = 0; i < len; i++) out += 'ABCDEFGHIJ KLMNÑOPQRSTUVWXYZ0123456789'[r.int(0, 37)];
      return out.trim().length >= min ? out : 'X'.repeat(Math.max(1, min));
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 10;
      const n = r.int(Math.ceil(min), Math.max(Math.ceil(min), Math.min(Math.floor(max), Math.ceil(min) + 10)));
      return type === 'number' && r.chance(0.3) ? n + 0.5 : n;
    }
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = Number(s.minItems ?? 0);
      const n = r.int(min, Math.max(min, Math.min(Number(s.maxItems ?? 3), min + 2)));
      if (Array.isArray(s.prefixItems)) return (s.prefixItems as Json[]).map((p) => generate(p, r, depth + 1));
      return Array.from({ length: n }, () => generate(s.items as Json, r, depth + 1));
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set((s.required ?? []) as string[]);
      const out: Json = {};
      for (const [k, v] of Object.entries(props)) if (required.has(k) || r.chance(0.6)) out[k] = generate(v, r, depth + 1);
      return out;
    }
    default:
      return r.pick(['x', 1, null]);
  }
}

/** A copy of `v` with one spot (at any depth) replaced, removed or added to. */
function mutateDeep(v: unknown, r: Rng, depth = 0): { value: unknown; label: string } {
  if (Array.isArray(v) && v.length && depth < 5 && r.chance(0.7)) {
    const i = r.int(0, v.length - 1);
    const inner = mutateDeep(v[i], r, depth + 1);
    const copy = [...v];
    copy[i] = inner.value;
    return { value: copy, label: `[${i}]${inner.label}` };
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    const op = r.int(0, 9);
    if (keys.length && op < 6) {
      const k = r.pick(keys);
      if (op < 3 && depth < 5) {
        const inner = mutateDeep((v as Json)[k], r, depth + 1);
        return { value: { ...v, [k]: inner.value }, label: `.${k}${inner.label}` };
      }
      if (op < 5) {
        const w = weird(r);
        return { value: { ...v, [k]: w }, label: `.${k}=${short(w)}` };
      }
      const copy: Json = { ...v };
      delete copy[k];
      return { value: copy, label: ` without ${k}` };
    }
    const extra = r.pick(['extra', 'id', 'usuario_id', 'roles', 'estado', 'constructor', 'x'.repeat(300)]);
    const w = weird(r);
    return { value: { ...v, [extra]: w }, label: ` +${extra.slice(0, 20)}=${short(w)}` };
  }
  const w = weird(r);
  return { value: w, label: `=${short(w)}` };
}

const short = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 40);

interface FuzzRoute {
  method: string;
  url: string;
  body: Json | null;
  params: Json | null;
  query: Json | null;
  public: boolean;
}

interface Req {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const PUBLIC = new Set(['POST /api/login', 'GET /api/health', 'GET /api/ajustes']);

/** encodeURIComponent that turns a lone surrogate into invalid UTF-8 bytes instead of throwing (a fuzz case). */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/**
 * A URL Fastify refuses before it finds the route (so before the session check): a parameter longer than its
 * maxParamLength (100) is a 414, bytes that are not UTF-8 a 400.
 */
const unroutable = (url: string) =>
  url.includes('%ED%A0%80') ||
  url
    .split('?')[0]
    .split('/')
    .some((part) => part.length > 100);

function pathOf(route: FuzzRoute, params: unknown): string {
  const p = (params && typeof params === 'object' ? params : {}) as Json;
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const v = p[name];
    const text = typeof v === 'string' ? v : JSON.stringify(v ?? '1');
    return enc(text) || '%20';
  });
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const parts = Object.entries(query as Json).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${enc(k)}=${enc(typeof x === 'string' ? x : JSON.stringify(x))}`),
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One request for `route`: valid-ish, or with its body, params or query mutated, or a body from elsewhere. */
function fuzzRequest(route: FuzzRoute, all: FuzzRoute[], r: Rng): Req {
  const body = route.body ? generate(route.body, r) : undefined;
  let params = route.params ? generate(route.params, r) : {};
  let query = route.query ? generate(route.query, r) : undefined;
  let payload: unknown = body;
  let label = 'valid-ish';
  let raw: string | undefined;
  let contentType = 'application/json';
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const kind = r.int(0, 19);
  if (kind === 0) {
    /* the generated request as it is */
  } else if (kind <= 9 && hasBody) {
    const m = mutateDeep(body ?? {}, r);
    payload = m.value;
    label = `body${m.label}`;
  } else if (kind <= 12 && route.url.includes(':')) {
    const m = mutateDeep(params, r);
    params = m.value;
    label = `params${m.label}`;
  } else if (kind <= 13 && route.method === 'GET') {
    const m = mutateDeep(query ?? {}, r);
    query = m.value;
    label = `query${m.label}`;
  } else if (kind <= 15 && hasBody) {
    const other = r.pick(all.filter((x) => x.body));
    payload = generate(other.body ?? {}, r);
    label = `body of ${other.method} ${other.url}`;
  } else if (kind <= 17 && hasBody) {
    payload = r.pick([null, [], [body], 'texto', 42, true, HUGE, { [HUGE.slice(0, 5000)]: 1 }]);
    label = `whole body ${short(payload)}`;
  } else if (hasBody) {
    [label, raw, contentType] = r.pick([
      ['bad JSON', '{"a": ', 'application/json'],
      ['JSON with NUL', '{"a":"\u0000"}', 'application/json'],
      ['proto pollution', '{"__proto__":{"roles":[1]},"constructor":{"prototype":{"x":1}}}', 'application/json'],
      ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
      ['text/plain', 'a=1', 'text/plain'],
      ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['multipart without boundary', '--x\r\n', 'multipart/form-data'],
    ] as const);
  } else {
    const m = mutateDeep(params, r);
    params = m.value;
    label = `params${m.label}`;
  }
  const url = pathOf(route, params) + (route.method === 'GET' ? queryOf(query) : '');
  // A DELETE as some API clients send it: a JSON content type with an empty, trivial or broken body.
  if (route.method === 'DELETE' && r.chance(0.3)) {
    const body = r.pick(['', 'null', '{}', '[]', '{"a": ', '"texto"']);
    return { label: `${label}; cuerpo ${short(body)}`, method: route.method, url, payload: body, contentType: 'application/json' };
  }
  if (!hasBody) return { label, method: route.method, url };
  return { label, method: route.method, url, payload: raw ?? JSON.stringify(payload ?? null) ?? 'null', contentType };
}

describe(`fuzzing every /api route (seed ${SEED}, ${ROUNDS} rounds)`, () => {
  let t: TestApp;
  let token: string;
  const routes: RouteOptions[] = [];
  let tables: string[] = [];

  beforeAll(async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_ROUNDS=${ROUNDS}`);
    t = await createTestApp({}, { onRoute: (route) => routes.push(route) });
    await seedDemo(t.database.db);
    token = (await createUser(t, ALL_CODES)).token;
    const res = (await t.database.db.execute(
      sql.raw(
        `select table_schema || '.' || table_name as name from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
      ),
    )) as unknown as { rows: { name: string }[] };
    tables = res.rows.map((x) => x.name).filter((n) => !VOLATILE_TABLES.has(n.split('.')[1]));
  });
  afterAll(() => t?.close());

  /**
   * One md5 per table, of its rows in a stable order. The md5 of a table is computed again only when its mark moved:
   * its row count and the sum and maximum of its rows' xmin. A committed insert or update leaves a row version with
   * another transaction id and a delete lowers the count, so an unchanged mark means unchanged rows and the same md5;
   * most tables do not change between two requests, and hashing every row of the demo data after each request was
   * most of this file's time.
   */
  let checksumMs = 0;
  const marks = new Map<string, string>();
  const sums = new Map<string, string>();
  /** One row per table of `names`: its name and `expr` over its rows `x`. */
  const perTable = async (names: string[], expr: string) => {
    const q = names
      .map((name) => {
        const [schema, table] = name.split('.');
        return `select '${name}' as t, ${expr} as h from "${schema}"."${table}" x`;
      })
      .join(' union all ');
    return ((await t.database.db.execute(sql.raw(q))) as unknown as { rows: { t: string; h: string }[] }).rows;
  };
  async function checksum(): Promise<Record<string, string>> {
    const started = performance.now();
    const xid = 'x.xmin::text::bigint';
    const mark = `count(*) || ':' || coalesce(sum(${xid}), 0) || ':' || coalesce(max(${xid}), 0)`;
    const moved = (await perTable(tables, mark)).filter((m) => marks.get(m.t) !== m.h);
    if (moved.length) {
      const md5s = await perTable(
        moved.map((m) => m.t),
        `md5(coalesce(string_agg(x::text, '|' order by x::text), ''))`,
      );
      for (const r of md5s) sums.set(r.t, r.h);
      for (const m of moved) marks.set(m.t, m.h);
    }
    checksumMs += performance.now() - started;
    return Object.fromEntries(tables.map((name) => [name, sums.get(name)!]));
  }

  const changed = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((k) => a[k] !== b[k]);

  it('answers no request with a 5xx and changes no table when it refuses one', async () => {
    const all: FuzzRoute[] = [];
    for (const route of routes) {
      if (!route.url.startsWith('/api')) continue;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown };
        all.push({
          method,
          url: route.url,
          body: jsonSchemaOf(schema.body),
          params: jsonSchemaOf(schema.params),
          query: jsonSchemaOf(schema.querystring),
          public: PUBLIC.has(`${method} ${route.url}`),
        });
      }
    }
    expect(all.length).toBeGreaterThan(50);
    const r = rng(SEED);
    const started = performance.now();
    const failures: string[] = [];
    let sent = 0;
    let before = await checksum();
    const send = async (req: Req, auth: string | null) => {
      sent++;
      const headers: Record<string, string> = { 'idempotency-key': randomUUID() };
      if (auth) headers.authorization = `Bearer ${auth}`;
      if (req.payload !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
      return t.app.inject({ method: req.method as 'GET', url: req.url, payload: req.payload, headers });
    };
    for (const route of all) {
      // Without a session: everything but the public routes is refused before it reaches the route.
      for (let i = 0; i < Math.max(2, Math.ceil(ROUNDS / 5)); i++) {
        const req = fuzzRequest(route, all, r);
        const res = await send(req, null);
        const where = `${req.method} ${req.url.slice(0, 120)} [sin sesión; ${req.label}]`;
        if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (!route.public && res.statusCode !== 401 && !(unroutable(req.url) && [400, 414].includes(res.statusCode)))
          failures.push(`${where} → ${res.statusCode}, se esperaba 401`);
      }
      if (!route.public) {
        const after = await checksum();
        for (const tb of changed(before, after)) failures.push(`${route.method} ${route.url} sin sesión cambió ${tb}`);
        before = after;
      }
      // With the all-codes session.
      for (let i = 0; i < ROUNDS; i++) {
        const req = fuzzRequest(route, all, r);
        const res = await send(req, token);
        const where = `${req.method} ${req.url.slice(0, 120)} [${req.label}]`;
        if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          let body: { message?: unknown } = {};
          try {
            body = res.json();
          } catch {
            /* reported below */
          }
          if (typeof body.message !== 'string') failures.push(`${where} → ${res.statusCode} sin mensaje`);
        }
        if (route.method === 'GET') continue;
        const after = await checksum();
        if (res.statusCode >= 400 && res.statusCode < 500)
          for (const tb of changed(before, after)) failures.push(`${where} → ${res.statusCode} pero cambió ${tb}`);
        before = after;
        // An accepted logout, password change, permission change or deletion may end the fuzzing session.
        if (res.statusCode < 400 && /\/api\/(logout|usuarios)/.test(route.url)) {
          token = (await createUser(t, ALL_CODES)).token;
          before = await checksum();
        }
      }
      if (route.method === 'GET') {
        const after = await checksum();
        for (const tb of changed(before, after)) failures.push(`GET ${route.url} cambió ${tb}`);
        before = after;
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${all.length} routes in ${Math.round(performance.now() - started)} ms ` +
        `(${Math.round(checksumMs)} ms of table checksums), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 900_000);

  // Found by the fuzzing above (seed 20261123): valid JSON nested 5,000 deep on a route without a body schema
  // overflowed the stack while the request was fingerprinted for its Idempotency-Key, a 500.
  it('refuses a body nested thousands of levels deep with a 400 and its reason', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.bodyTooDeep);
  });
});
