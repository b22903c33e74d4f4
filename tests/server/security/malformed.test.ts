import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers';

const HUGE = 'x'.repeat(100_000);
const SQLI = "' OR 1=1 --";
const XSS = '<script>alert(1)</script>';
const NUL = 'a\u0000b';
const SHAPES = [null, true, [], {}, [1, 2]];

/** Invalid values per kind of field (each one must be refused). */
const BAD = {
  username: [...SHAPES, 123, '', 'ab', HUGE, SQLI, XSS, 'con espacios', 'üsér', NUL, '\u202Eadmin'],
  email: [123, true, [], {}, 'no-es-correo', `${SQLI}@x`, `${XSS}@x.pe`, `${HUGE}@x.pe`, NUL],
  state: [...SHAPES, 2, -1, 1.5, '1; DROP TABLE usuarios', 'abc', '', '１', 1e308, Number.MAX_SAFE_INTEGER],
  optionalText: [123, true, [], {}, HUGE, NUL],
  id: [true, [], {}, 0, -1, 1.5, 'abc', SQLI, '', 2 ** 31, '1e3'],
  activity: [...SHAPES, 123, '', '   ', HUGE, 'x'.repeat(201), NUL, 'línea\u0007'],
  choices: [null, 'abc', {}, SQLI, [0], [-1], [1.5], ['x'], [999], [null], [[13]], Array(501).fill(13)],
  password: [...SHAPES, 123, '', 'corta', HUGE],
  dni: [...SHAPES, 1.5, -1, 123456789, '1234567', '123456789', SQLI, XSS, 'abcdefgh', '１２３４５６７８', ` 1234567`],
};
const BAD_PATH_IDS = ['-1', '0', '1.5', 'abc', "1' OR '1'='1", '99999999999', '1e3', XSS, '%00', ' '];

interface Target {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET';
  url: string;
  base?: Record<string, unknown>;
  fields?: Record<string, unknown[]>;
  required?: string[];
}

describe('malformed requests against the users, activities and session routes', () => {
  let t: TestApp;
  let admin: string;
  let targets: Target[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const u = await createUser(t, [13]);
    const a = (await call(t.app, admin, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Base' } })).json();
    const userForm = { username: 'nuevo_usuario', email: 'n@muni.gob.pe', estado: 1, full_name: 'Nuevo', area_id: 1 };
    const userFields = {
      username: BAD.username,
      email: BAD.email,
      estado: BAD.state,
      full_name: BAD.optionalText,
      area_id: [...BAD.id, 999999],
      id: BAD.id,
    };
    const actForm = { activ_nombre: 'Actividad', activ_estado: 1 };
    const actFields = { activ_nombre: BAD.activity, activ_estado: BAD.state, id: BAD.id };
    targets = [
      {
        method: 'POST',
        url: '/api/login',
        base: { username: 'admin', password: 'x' },
        fields: {
          username: BAD.username.filter((v) => typeof v !== 'string' || v === '' || v.length > 60 || v.includes('\u0000')),
          password: [...SHAPES, 123, '', HUGE],
        },
        required: ['username', 'password'],
      },
      { method: 'POST', url: '/api/logout' },
      { method: 'POST', url: '/api/search', base: { dni: '12345678' }, fields: { dni: BAD.dni }, required: ['dni'] },
      { method: 'POST', url: '/api/usuarios', base: userForm, fields: userFields, required: ['username'] },
      { method: 'PUT', url: `/api/usuarios/${u.id}`, base: { ...userForm, id: u.id }, fields: userFields, required: ['username'] },
      { method: 'DELETE', url: '/api/usuarios/:id' },
      { method: 'GET', url: '/api/usuarios/getpermissions/:id' },
      {
        method: 'PUT',
        url: `/api/usuarios/savepermission/${u.id}`,
        base: { id: u.id, myChoices: [13] },
        fields: { myChoices: BAD.choices, id: BAD.id },
        required: ['myChoices'],
      },
      {
        method: 'PUT',
        url: `/api/usuarios/setpwd/${u.id}`,
        base: { id: u.id, password: 'Clave-larga-1' },
        fields: { password: BAD.password, confirmedPassword: ['otra-clave-99', 123, HUGE], id: BAD.id },
        required: ['password'],
      },
      { method: 'POST', url: '/api/actividades', base: actForm, fields: actFields, required: ['activ_nombre'] },
      { method: 'PUT', url: `/api/actividades/${a.id}`, base: { ...actForm, id: a.id }, fields: actFields, required: ['activ_nombre'] },
      { method: 'DELETE', url: '/api/actividades/:id' },
    ];
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const table of ['usuarios', 'actividades', 'revoked_tokens', 'idempotency_keys', 'audit_log', 'areas']) {
      const res = (await t.database.db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as { rows: unknown[] };
      out[table] = JSON.parse(JSON.stringify(res.rows));
    }
    return out;
  };

  type Req = { label: string; method: Target['method']; url: string; payload?: unknown; headers?: Record<string, string> };

  function generate(): Req[] {
    const out: Req[] = [];
    for (const tg of targets) {
      if (tg.url.includes(':id')) {
        for (const bad of BAD_PATH_IDS)
          out.push({ label: `path ${bad}`, method: tg.method, url: tg.url.replace(':id', encodeURIComponent(bad)) });
        continue;
      }
      if (tg.method === 'GET') continue;
      for (const [field, values] of Object.entries(tg.fields ?? {})) {
        for (const v of values)
          out.push({
            label: `${field}=${JSON.stringify(v)?.slice(0, 40)}`,
            method: tg.method,
            url: tg.url,
            payload: { ...tg.base, [field]: v },
          });
      }
      for (const field of tg.required ?? []) {
        const body = { ...tg.base };
        delete body[field];
        out.push({ label: `without ${field}`, method: tg.method, url: tg.url, payload: body });
      }
      const json = { 'content-type': 'application/json' };
      const raw: [string, string, Record<string, string>][] = [
        ['bad JSON', '{"username": ', json],
        ['truncated JSON', '[{', json],
        ['proto pollution', '{"__proto__": {"roles": [1]}, "username": "x"}', json],
        ['text/plain', 'username=admin', { 'content-type': 'text/plain' }],
        ['form urlencoded', 'username=admin&password=x', { 'content-type': 'application/x-www-form-urlencoded' }],
        ['body too large', JSON.stringify({ x: 'y'.repeat(1_100_000) }), json],
      ];
      // logout ignores its body, so a text/plain one is a valid logout, not a malformed request
      for (const [label, payload, headers] of raw.filter(([label]) => tg.url !== '/api/logout' || label !== 'text/plain'))
        out.push({ label, method: tg.method, url: tg.url, payload, headers });
      if (tg.base)
        for (const whole of [null, [], 'texto', 42, [tg.base]])
          out.push({
            label: `body ${JSON.stringify(whole)}`,
            method: tg.method,
            url: tg.url,
            payload: JSON.stringify(whole),
            headers: json,
          });
    }
    for (const q of [
      'usuario_id=abc',
      'usuario_id=-5',
      'usuario_id=1.5',
      `usuario_id=${encodeURIComponent(SQLI)}`,
      'fini=2024-13-01',
      'fini=ayer',
      'ffin=2024-02-30',
      'fini=2024-05-02&ffin=2024-05-01',
      `fini=${encodeURIComponent(XSS)}`,
      'usuario_id=1&usuario_id=2',
    ]) {
      out.push({ label: `auditoria ${q}`, method: 'GET', url: `/api/auditoria?${q}` });
    }
    return out;
  }

  it('answers every one of ~200 malformed requests with a 4xx and changes no data', async () => {
    const before = await snapshot();
    const requests = generate();
    expect(requests.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const r of requests) {
      const res = await call(t.app, admin, { method: r.method, url: r.url, payload: r.payload as string, headers: r.headers });
      // 401 would mean the session was lost on the way (only a login may answer it)
      const allowed401 = r.url === '/api/login' || res.statusCode !== 401;
      const ok = res.statusCode >= 400 && res.statusCode < 500 && allowed401 && typeof res.json().message === 'string';
      if (!ok) failures.push(`${r.method} ${r.url} [${r.label}] → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // the session used for all of it is still valid (nothing logged it out)
    expect((await call(t.app, admin, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
  });
});
