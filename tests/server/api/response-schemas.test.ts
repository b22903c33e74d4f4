// Every API route declares what it answers (docs/architecture.md, "The shape of a module"): a zod schema from the
// contract for each success status, and the error body for 4xx and 5xx, so the server serialises through them and
// no field the contract does not declare leaves the server. Routes that answer a file are listed below, with why.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse } from '../../../src/shared/contract/common';
import { createTestApp, type TestApp } from '../helpers';

/** Routes whose success answer is a file, not JSON: a zod schema would have nothing to describe. */
const FILE_ROUTES: Record<string, string> = {
  'GET /api/maquinarias/viewpdfgraficos': 'the wear charts as a PDF (application/pdf)',
  'GET /api/maquinarias/viewpdfmantenimiento': 'the maintenance report as a PDF (application/pdf)',
  'GET /api/valoriza/viewpdfvaloriza': 'the valuation as a PDF (application/pdf)',
  'GET /api/hojadevida/:id/pdf': "a machine's record as a PDF (application/pdf)",
  'GET /api/indicadores/pdf': 'the monthly management report as a PDF (application/pdf)',
  'GET /api/operaciones/respaldos/:archivo': 'a backup file, streamed (application/gzip)',
  'POST /api/operaciones/certificado': 'the office CA with its key, password-protected (application/x-pkcs12)',
  'GET /api/ordenestrabajo/:uid/pdf': 'the work order as a PDF (application/pdf)',
  'GET /api/inventarios/:id/pdf': 'a count sheet, blank or filled, as a PDF (application/pdf)',
  'GET /api/fotos/:id': 'a photo of a failure as stored (image/jpeg, image/png or image/webp), or a 304 without body',
};

let t: TestApp;
const routes: RouteOptions[] = [];

const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
const responseOf = (r: RouteOptions) => (r.schema?.response ?? {}) as Record<string, unknown>;
const api = () => routes.filter((r) => r.url.startsWith('/api/') && methodsOf(r).length > 0);
const nameOf = (r: RouteOptions) => `${methodsOf(r).join(',')} ${r.url}`;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
});
afterAll(() => t?.close());

describe('response schemas', () => {
  it('walks every API route', () => {
    expect(api().length).toBeGreaterThan(80);
  });

  it('every JSON route declares a zod schema for its success status and the error body', () => {
    const missing: string[] = [];
    for (const route of api()) {
      const name = nameOf(route);
      if (name in FILE_ROUTES) continue;
      const response = responseOf(route);
      const success = Object.keys(response).filter((s) => /^2\d\d$/.test(s));
      if (success.length === 0) missing.push(`${name}: no success answer`);
      for (const s of success) if (!(response[s] instanceof z.ZodType)) missing.push(`${name}: ${s} is not a zod schema`);
      for (const s of ['4xx', '5xx']) if (response[s] !== errorResponse) missing.push(`${name}: ${s} is not errorResponse`);
    }
    expect(missing).toEqual([]);
  });

  it('the file routes exist and declare no JSON answer (the list holds no stale entry)', () => {
    const byName = new Map(api().map((r) => [nameOf(r), r]));
    for (const name of Object.keys(FILE_ROUTES)) {
      const route = byName.get(name);
      expect(route, name).toBeDefined();
      expect(responseOf(route!)[200], name).toBeUndefined();
    }
  });
});
