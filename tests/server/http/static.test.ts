// The built PWA served by the API server: files, the index.html fallback of client routes, and JSON 404s
// for /api and missing files (the server used to refuse to start with both plugins setting a 404 handler).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createTestApp, type TestApp } from '../helpers';

describe('static PWA', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maq-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Maquinarias</title>');
    writeFileSync(join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.x=1');
    t = await createTestApp({ STATIC_DIR: dir }, { serveStatic: true });
  });
  afterAll(() => t.close());

  it('serves files with their cache policy', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with index.html', async () => {
    for (const url of ['/', '/actividad', '/salida?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Maquinarias</title>');
    }
  });

  it('never answers /api, other methods or missing files with the page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MSG.notFound);
    const post = await t.app.inject({ method: 'POST', url: '/actividad', payload: {} });
    expect(post.statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toContain('application/json');
  });
});
