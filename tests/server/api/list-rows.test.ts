// Every list route (its 200 answer declared as an array) answers, on the demo data, rows its contract schema
// describes: the right types and formats, and no field the schema leaves out.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limaDate } from '@shared/domain/dates';
import { MAX_MESES_COSTO, sumarMeses } from '@shared/domain/meses';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import { seedDemo } from '../../../src/server/db/seed/demo';
import { fallas, insumos, salidas } from '../../../src/server/db/schema/index';
import { jsonRows, MAX_LIST_ROWS } from '../../../src/server/lib/json-rows';
import { call, createTestApp, login, widest, type TestApp } from '../helpers';
import { RANGE_MONTHS } from '@shared/contract/ranges';

let t: TestApp;
let token: string;
const routes: RouteOptions[] = [];
/** Bodies of the lists that look up the rows of one record (the rest are filters, called with `{}`). */
const bodies: Record<string, object> = {};
/** Query strings of the GET lists that need one (a voucher number already used by a demo exit). */
const queries: Record<string, string> = {};

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);
const responseOf = (r: RouteOptions) => (r.schema?.response ?? {}) as Record<string, unknown>;
const isApi = (r: RouteOptions) => r.url.startsWith('/api/') && !methodsOf(r).includes('HEAD');

/** Routes without path parameters whose 200 answer is an array: the lists. */
const lists = () => routes.filter((r) => isApi(r) && !r.url.includes(':') && responseOf(r)[200] instanceof z.ZodArray);

/** Keys of `raw` (the wire) that the schema's output lacks, with the path where they were found. */
function undeclared(raw: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((v, i) => undeclared(v, parsed[i], `${path}[${i}]`));
  if (raw && typeof raw === 'object' && parsed && typeof parsed === 'object') {
    const p = parsed as Record<string, unknown>;
    return Object.entries(raw).flatMap(([k, v]) => (k in p ? undeclared(v, p[k], `${path}.${k}`) : [`${path}.${k}`]));
  }
  return [];
}

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  await seedDemo(t.database.db);
  token = await login(t.app);
  const [pending] = await t.database.db.select({ id: fallas.maquinaria_id }).from(fallas).where(eq(fallas.estado, 0)).limit(1);
  bodies['/api/fallas/bymaquinaria'] = { maquinaria_id: pending.id };
  // The lists with a bounded range ask the widest one up to today.
  for (const resource of Object.keys(RANGE_MONTHS) as (keyof typeof RANGE_MONTHS)[]) bodies[`/api/${resource}/list`] = widest(resource);
  queries['/api/auditoria'] = `?${new URLSearchParams(widest('auditoria')).toString()}`;
  bodies['/api/planes/cumplimiento'] = { fini: '2000-01-01', ffin: limaDate() };
  bodies['/api/maquinarias/disponibilidad'] = { fini: '2000-01-01', ffin: limaDate() };
  bodies['/api/costosmaquina/list'] = { desde: sumarMeses(limaDate().slice(0, 7), 1 - MAX_MESES_COSTO), hasta: limaDate().slice(0, 7) };
  const [vale] = await t.database.db.select({ nro: salidas.nro_vale }).from(salidas).limit(1);
  queries['/api/salidas/vales'] = `?nro_vale=${encodeURIComponent(vale.nro)}`;
  // A physical count sheet (the demo has none).
  const [insumo] = await t.database.db.select({ id: insumos.id }).from(insumos).limit(1);
  await call(t.app, token, {
    method: 'POST',
    url: '/api/inventarios',
    payload: { fecha: limaDate(), descripcion: 'CONTEO', insumos: [insumo.id] },
  });
  // One change through the API, so the audit log has a row too.
  const res = await call(t.app, token, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'LIMPIEZA DE CUNETAS' } });
  expect(res.statusCode).toBe(201);
});
afterAll(() => t?.close());

describe('list routes', () => {
  it('are found among the registered routes', () => {
    const urls = lists().map((r) => r.url);
    for (const url of ['/api/salidas/list', '/api/operadores', '/api/fallas/list', '/api/fallas/bymaquinaria', '/api/reparaciones/list'])
      expect(urls).toContain(url);
  });

  it('answer rows that match their row schema, with no field the schema does not declare', async () => {
    for (const route of lists()) {
      const method = methodsOf(route).includes('GET') ? 'GET' : 'POST';
      const res = await call(t.app, token, {
        method,
        url: route.url + (queries[route.url] ?? ''),
        ...(method === 'POST' ? { payload: bodies[route.url] ?? {} } : {}),
      });
      expect(res.statusCode, `${method} ${route.url}`).toBe(200);
      expect(res.headers['content-type'], route.url).toMatch(/^application\/json/);
      const body: unknown = res.json();
      expect((body as unknown[]).length, `${route.url} answers rows on the demo data`).toBeGreaterThan(0);
      const parsed = (responseOf(route)[200] as z.ZodType).safeParse(body);
      expect(parsed.error?.issues.slice(0, 3), `${method} ${route.url}`).toBeUndefined();
      expect(undeclared(body, parsed.data), `${method} ${route.url}`).toEqual([]);
    }
  });
});

describe('the bound on every list', () => {
  it('answers a 400 saying how to narrow the filter past the most rows, and the rows in order within it', async () => {
    const query = sql`select n from generate_series(1, 5) as n order by n desc`;
    expect(JSON.parse(await jsonRows(t.database.db, query, 5))).toEqual([{ n: 5 }, { n: 4 }, { n: 3 }, { n: 2 }, { n: 1 }]);
    await expect(jsonRows(t.database.db, query, 4)).rejects.toMatchObject({ statusCode: 400, message: MSG.listTooLong(4) });
    expect(MSG.listTooLong(MAX_LIST_ROWS)).toContain('25,000');
  });
});
