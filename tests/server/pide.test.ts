import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { importFile } from '../../src/server/integrations/import';
import { TEST_JWT_SECRET, TEST_PASSWORD } from './constants';
import { call, createTestApp, login, type TestApp } from './helpers';

describe('identity lookups (/api/pide)', () => {
  let t: TestApp;
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), 'maq-pide-'));
  const get = (url: string, app: FastifyInstance = t.app, tok: string | null = token) => call(app, tok, { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    // What `npm run import -- personas <file>` and `-- contribuyentes <file>` run.
    const personas = join(dir, 'personas.csv');
    writeFileSync(personas, 'dni,prenombres,ap_primer,ap_segundo\n41234567,MARÍA ELENA,QUISPE,ÑAUPARI\n7654321,JOSÉ,ROJAS,\n');
    const contribuyentes = join(dir, 'contribuyentes.csv');
    writeFileSync(contribuyentes, 'ruc,razon_social\n20486512347,CONSTRUCTORA LOS ANDES S.A.C.\n');
    expect((await importFile(t.database.db, 'personas', personas)).imported).toBe(2);
    expect((await importFile(t.database.db, 'contribuyentes', contribuyentes)).imported).toBe(1);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /reniec/:dni answers the imported person (a 7-digit DNI of a spreadsheet keeps its zero)', async () => {
    const res = await get('/api/pide/reniec/41234567');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ prenombres: 'MARÍA ELENA', apPrimer: 'QUISPE', apSegundo: 'ÑAUPARI' });
    expect((await get('/api/pide/reniec/07654321')).json()).toEqual({ prenombres: 'JOSÉ', apPrimer: 'ROJAS', apSegundo: '' });
  });

  it('GET /sunat/:ruc answers the imported taxpayer', async () => {
    const res = await get('/api/pide/sunat/20486512347');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ razon_social: 'CONSTRUCTORA LOS ANDES S.A.C.' });
  });

  it('unknown numbers are a 404 with a Spanish message; bad formats a 400; no session a 401', async () => {
    const dni = await get('/api/pide/reniec/99999999');
    expect(dni.statusCode).toBe(404);
    expect(dni.json().message).toBe(MSG.dniNotFound('99999999'));
    const ruc = await get('/api/pide/sunat/20999999999');
    expect(ruc.statusCode).toBe(404);
    expect(ruc.json().message).toBe(MSG.rucNotFound('20999999999'));
    for (const url of [
      '/api/pide/reniec/1234567',
      '/api/pide/reniec/1234567A',
      '/api/pide/sunat/2048651234',
      '/api/pide/sunat/204865123470',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json().errors)).toEqual([
        url.includes('reniec') ? 'El DNI debe tener 8 dígitos' : 'El RUC debe tener 11 dígitos',
      ]);
    }
    expect((await get('/api/pide/reniec/41234567', t.app, null)).statusCode).toBe(401);
  });

  describe('with RENIEC_URL and SUNAT_URL configured', () => {
    let server: Server;
    let remote: FastifyInstance;
    let online = true;
    const hits: string[] = [];
    beforeAll(async () => {
      server = createServer((req: IncomingMessage, res: ServerResponse) => {
        hits.push(req.url ?? '');
        if (!online) return void res.writeHead(503).end();
        const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/reniec/dni/45678912') return send({ prenombres: 'ROSA', apPrimer: 'CCORI', apSegundo: 'MAMANI' });
        if (req.url === '/sunat/ruc/20600011122') return send({ razonSocial: 'TRANSPORTES EL CONDOR E.I.R.L.' });
        res.writeHead(404).end();
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const config = loadConfig({
        DATA_DIR: '/tmp/maq-test-data',
        JWT_SECRET: TEST_JWT_SECRET,
        DEFAULT_PASSWORD: TEST_PASSWORD,
        LOG_LEVEL: 'silent',
        RENIEC_URL: `${base}/reniec`,
        SUNAT_URL: `${base}/sunat`,
      });
      remote = await buildApp(config, { database: t.database });
      await remote.ready();
    });
    afterAll(async () => {
      await remote.close();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    });

    it('asks the service, keeps the answer in the mirror, and answers from it when the service is down', async () => {
      expect((await get('/api/pide/reniec/45678912', remote)).json()).toEqual({
        prenombres: 'ROSA',
        apPrimer: 'CCORI',
        apSegundo: 'MAMANI',
      });
      expect((await get('/api/pide/sunat/20600011122', remote)).json()).toEqual({ razon_social: 'TRANSPORTES EL CONDOR E.I.R.L.' });
      expect(hits).toEqual(['/reniec/dni/45678912', '/sunat/ruc/20600011122']);
      online = false;
      expect((await get('/api/pide/reniec/45678912', remote)).json()).toEqual({
        prenombres: 'ROSA',
        apPrimer: 'CCORI',
        apSegundo: 'MAMANI',
      });
      expect((await get('/api/pide/sunat/20600011122', remote)).json()).toEqual({ razon_social: 'TRANSPORTES EL CONDOR E.I.R.L.' });
      // The local mirror (default configuration) now knows them too.
      expect((await get('/api/pide/reniec/45678912')).statusCode).toBe(200);
      expect((await get('/api/pide/reniec/11112222', remote)).statusCode).toBe(404);
    });
  });
});
