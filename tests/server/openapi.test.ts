import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { buildOpenApi } from '../../src/server/modules/openapi/service';
import { call, createTestApp, login, type TestApp } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const version = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string }).version;
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document (GET /api/openapi.json, docs/openapi.json)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
  });
  afterAll(() => t.close());

  it('the committed docs/openapi.json is the one the endpoint table writes (else: npm run openapi)', () => {
    const committed = JSON.parse(readFileSync(resolve(root, 'docs/openapi.json'), 'utf8'));
    expect(committed).toEqual(buildOpenApi(version));
  });

  it('the routes the server registers are exactly the endpoints of the table', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const declared = ENDPOINTS.map((e) => endpointKey(e.endpoint)).sort();
    expect(declared.filter((k) => !registered.includes(k))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('lists every endpoint with its success answer described and its error answers', () => {
    const doc = buildOpenApi(version) as unknown as Doc;
    for (const { name, endpoint: e } of ENDPOINTS) {
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name.replace('.', '_'));
      const ok = op.responses[String(e.status ?? 200)];
      expect(Object.values(ok.content ?? {})[0]?.schema, name).toBeTruthy();
      if (e.access !== 'public') expect(op.responses['401'], name).toBeTruthy();
      if (Array.isArray(e.access)) expect(op.responses['403'], name).toBeTruthy();
    }
  });

  it('is served to a logged-in user only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(401);
    const res = await call(t.app, token, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(buildOpenApi(version));
  });
});
