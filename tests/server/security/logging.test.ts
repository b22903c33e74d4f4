// Request logging: every request is logged, and no password, token or session header ever reaches the log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, login, TEST_PASSWORD, type TestApp } from '../helpers';

describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logText = () => lines.join('');
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('logs each request with method, url and status, without the password of a login', async () => {
    const token = await login(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'Clave-Equivocada-77' },
    });
    expect(wrong.statusCode).toBe(401);
    // The response line is written once the refusal is counted (an awaited write on PostgreSQL): wait for it.
    await vi.waitFor(() => expect(logText()).toContain('"statusCode":401'), { timeout: 5000 });
    const text = logText();
    expect(text).toContain('/api/login');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain('Clave-Equivocada-77');
    expect(text).not.toContain(token);
  });

  it('writes one line per request, with method, address, status and time', async () => {
    const before = lines.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBeLessThan(500);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(before));
    const mine = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/api/health' }, msg: expect.stringMatching(/^GET \/api\/health \d{3}$/) });
    expect(typeof mine[0].responseTime).toBe('number');
  });

  it('never writes the bearer token, a new password or the issued access token', async () => {
    const token = await login(t.app);
    expect((await call(t.app, token, { method: 'GET', url: '/api/usuarios' })).statusCode).toBe(200);
    const pwd = await call(t.app, token, {
      method: 'PUT',
      url: '/api/usuarios/setpwd/1',
      payload: { id: 1, password: 'Nueva-Clave-Segura-1', confirmedPassword: 'Nueva-Clave-Segura-1' },
    });
    expect(pwd.statusCode).toBe(200);
    const text = logText();
    expect(text).toContain('/api/usuarios/setpwd/1');
    for (const secret of [token, token.split('.')[2], 'Nueva-Clave-Segura-1']) expect(text).not.toContain(secret);
  });

  it('removes passwords, tokens and session headers even when a handler logs the request itself', () => {
    const before = lines.length;
    t.app.log.info(
      {
        headers: { authorization: 'Bearer SECRETO-1', cookie: 'XSRF-TOKEN=SECRETO-2', host: 'x' },
        body: { username: 'admin', password: 'SECRETO-3', confirmedPassword: 'SECRETO-4' },
        result: { access_token: 'SECRETO-5', token: 'SECRETO-6' },
      },
      'handler log',
    );
    const text = lines.slice(before).join('');
    expect(text).toContain('handler log');
    expect(text).toContain('"username":"admin"');
    expect(text).not.toMatch(/SECRETO-\d/);
  });
});
