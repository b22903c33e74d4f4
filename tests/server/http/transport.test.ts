// How the server reaches an office LAN: plain http works (no forced https upgrade), answers are compressed for
// clients that accept it, and HTTPS is served when a certificate is configured.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { call, createTestApp, login, type TestApp } from '../helpers';

describe('transport', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    // Enough activities for a list well above the compression threshold.
    for (let i = 0; i < 40; i++)
      await call(t.app, token, {
        method: 'POST',
        url: '/api/actividades',
        payload: { activ_nombre: `Actividad de prueba ${i}`, activ_estado: 1 },
      });
  });
  afterAll(() => t.close());

  it('does not ask browsers to upgrade requests to https (a LAN server on plain http would show a blank page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('compresses a list for clients that accept gzip or brotli and sends it plain to the others', async () => {
    const plain = await call(t.app, token, { method: 'GET', url: '/api/actividades' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = plain.json() as unknown[];
    expect(rows.length).toBeGreaterThanOrEqual(40);

    const gz = await call(t.app, token, { method: 'GET', url: '/api/actividades', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(rows);

    const br = await call(t.app, token, { method: 'GET', url: '/api/actividades', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(rows);
  });

  it('sends a list the database builds compressed to the byte, by what the client accepts, and plain when it is small', async () => {
    await t.database.db.execute(
      sql`insert into operadores (dni, nombres) select (70000000 + g)::text, 'OPERADOR DE PRUEBA ' || g from generate_series(1, 60) g`,
    );
    const get = (accept?: string) =>
      call(t.app, token, { method: 'GET', url: '/api/operadores', headers: accept ? { 'accept-encoding': accept } : {} });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((plain.json() as unknown[]).length).toBeGreaterThanOrEqual(60);

    const answers = {
      'br, gzip': 'br',
      'gzip, deflate': 'gzip',
      'x-gzip': 'gzip',
      'br;q=0.5, gzip': 'gzip',
      'br;q=0, *': 'gzip',
      '*': 'br',
      'gzip;q=0, br;q=0': undefined,
      identity: undefined,
      deflate: undefined,
    } as const;
    for (const [accept, encoding] of Object.entries(answers)) {
      const res = await get(accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      if (!encoding) {
        expect(res.body, accept).toBe(plain.body);
        continue;
      }
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
      const text = (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).toString('utf8');
      expect(text, accept).toBe(plain.body);
    }

    // Below the threshold a list is not worth compressing: one operator's list travels plain.
    await t.database.db.execute(sql`delete from operadores where dni not like '7%' or dni > '70000001'`);
    const small = await get('br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(1);
  });
});

describe('https', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maq-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert],
      {
        stdio: 'ignore',
      },
    );
    t = await createTestApp({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('serves the API over TLS when a certificate and key are configured', async () => {
    const { port } = t.app.server.address() as { port: number };
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });

  it('refuses a certificate without its key at start, in Spanish', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/maq-test-data', TLS_CERT_FILE: '/tmp/solo-cert.pem' })).toThrow(
      /TLS_CERT_FILE y TLS_KEY_FILE van juntos/,
    );
  });
});
