// Two servers on one database behave as one (docs/architecture.md, "Several servers on one PostgreSQL"): sessions and their revocation, idempotency,
// login rate limits, the nightly backup and the refused-request count hold across both. On PostgreSQL each
// app has its own connection pool, as two processes behind a proxy would.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { loadConfig } from '../../../src/server/config';
import { openPostgres, type Database } from '../../../src/server/db/client';
import { prepareDatabase } from '../../../src/server/db/prepare';
import { actividades, respaldos, usuarios } from '../../../src/server/db/schema/index';
import { nightlyBackupIfDue } from '../../../src/server/ops/backups';
import { sharedJwtSecret } from '../../../src/server/db/shared-secret';
import { entryBody, seedMachine, seedOperator, seedOrder } from '../fixtures';
import { dbUrl } from '../global-setup';
import { call, createTestApp, createUser, login, twinApp, TEST_PASSWORD, type TestApp } from '../helpers';

const pgUrl = process.env.TEST_DATABASE_URL;

/** Runs `work` against a new, empty PostgreSQL database, dropped afterwards. */
async function onEmptyPostgres(work: (url: string) => Promise<void>): Promise<void> {
  const name = `twin_start_${process.pid}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    await work(dbUrl(pgUrl!, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe('two servers on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let dir: string;
  beforeAll(async () => {
    a = await createTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
    b = await twinApp(a, { LOGIN_MAX_ATTEMPTS: '3' });
    dir = mkdtempSync(join(tmpdir(), 'maq-twin-'));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a session opened on one server works on the other, and a logout on either ends it on both', async () => {
    const token = await login(a.app);
    expect((await call(b.app, token, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
    expect((await call(b.app, token, { method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    expect((await call(a.app, token, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(401);
    expect((await call(b.app, token, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(401);
  });

  it('without JWT_SECRET, every server takes the session key the first one stored', async () => {
    const first = await sharedJwtSecret(a.database.db, 'clave-del-primer-servidor-000');
    const second = await sharedJwtSecret(b.database.db, 'clave-del-segundo-servidor-00');
    expect(second).toBe(first);
  });

  it('the same Idempotency-Key sent to both servers at once makes one row and one answer', async () => {
    const token = await login(a.app);
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const name = `Gemela ${round} ${key.slice(0, 6)}`;
      const send = (t: TestApp) => call(t.app, token, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: name }, key });
      const [x, y] = await Promise.all([send(a), send(b)]);
      expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
      expect(y.json()).toEqual(x.json());
      expect([x.headers['idempotency-replayed'], y.headers['idempotency-replayed']].filter(Boolean)).toHaveLength(1);
      expect(await a.database.db.select().from(actividades).where(eq(actividades.activ_nombre, name))).toHaveLength(1);
    }
  });

  it('exits racing on both servers for the same stock, each also resent to the other: never negative, no duplicate', async () => {
    const token = await login(a.app);
    const maq = await seedMachine(a.database.db);
    await seedOperator(a.database.db, '42000077');
    const items = [{ insumo_codigo: 'TWIN-A', insumo_name: 'Filtro de aire gemelo', cantidad: 12, unimed: 'UND' }];
    await seedOrder(a.database.db, { orden_id: 7701, nro: '7701', anio: 2024, items });
    const entry = await call(a.app, token, { method: 'POST', url: '/api/ingresos', payload: entryBody('7701', 2024, items) });
    expect(entry.statusCode).toBe(201);
    const insumoId = entry.json().ingresos_det[0].insumo_id as number;
    const asks = Array.from({ length: 24 }, (_, i) => 1 + (i % 2)); // 36 units asked for 12
    // Each exit goes to one server and, with the same Idempotency-Key, to the other (a device retrying through
    // the proxy): both copies get the same answer and at most one exit is stored.
    const res = await Promise.all(
      asks.map(async (q, i) => {
        const key = randomUUID();
        const payload = {
          nro_vale: `TW-${i}`,
          fecha: '2024-06-01',
          maquinaria_id: maq.id,
          operador_dni: '42000077',
          salidas_det: [{ insumo_id: insumoId, cantidad: q }],
        };
        const [first, second] = i % 2 ? [b, a] : [a, b];
        return Promise.all([first, second].map((t) => call(t.app, token, { method: 'POST', url: '/api/salidas', payload, key })));
      }),
    );
    let accepted = 0;
    res.forEach(([x, y], i) => {
      expect([201, 409]).toContain(x.statusCode);
      expect(y.statusCode).toBe(x.statusCode);
      if (x.statusCode === 201) {
        expect(y.json()).toEqual(x.json());
        accepted += asks[i];
      }
    });
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(12);
    const rows = (await a.database.db.execute(sql`select stock::float8 as stock from insumos where id = ${insumoId}`)) as unknown as {
      rows: { stock: number }[];
    };
    expect(rows.rows[0].stock).toBe(12 - accepted);
    const stored = (await a.database.db.execute(
      sql`select nro_vale, count(*)::int as n from salidas where nro_vale like 'TW-%' group by nro_vale`,
    )) as unknown as { rows: { nro_vale: string; n: number }[] };
    expect(stored.rows.every((r) => r.n === 1)).toBe(true);
    expect(stored.rows).toHaveLength(res.filter(([x]) => x.statusCode === 201).length);
  });

  it('login failures count on both servers: the limit reached on one blocks the next attempt on the other', async () => {
    const u = await createUser(a, []);
    const attempt = (t: TestApp, password: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password }, remoteAddress: ip });
    expect((await attempt(a, 'mala', '10.7.0.1')).statusCode).toBe(401);
    expect((await attempt(b, 'mala', '10.7.0.2')).statusCode).toBe(401);
    expect((await attempt(a, 'mala', '10.7.0.3')).statusCode).toBe(401);
    const blocked = await attempt(b, TEST_PASSWORD, '10.7.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.loginRateLimited });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the nightly backup is taken once when both servers find it due at the same moment', async () => {
    const at = new Date('2026-05-20T08:00:00Z'); // 03:00 in Lima
    const cfg = { DATA_DIR: dir, BACKUP_KEEP: 14, BACKUP_HOUR: 2 };
    const taken = await Promise.all([
      nightlyBackupIfDue({ database: a.database, config: cfg }, at),
      nightlyBackupIfDue({ database: b.database, config: cfg }, at),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await a.database.db.select().from(respaldos).where(eq(respaldos.dia, '2026-05-20'))).toHaveLength(1);
  });

  it('requests refused by either server add up on the Operations page', async () => {
    const admin = await login(a.app);
    const before = (await call(b.app, admin, { method: 'GET', url: '/api/operaciones' })).json().rechazadas.total as number;
    for (const t of [a, b, a]) expect((await t.app.inject({ method: 'GET', url: '/api/actividades' })).statusCode).toBe(401);
    // The count is written after the answer is sent; give it a moment.
    await new Promise((r) => setTimeout(r, 300));
    const after = (await call(b.app, admin, { method: 'GET', url: '/api/operaciones' })).json();
    expect(after.rechazadas.total).toBeGreaterThanOrEqual(before + 3);
    expect(after.rechazadas.por_estado.find((s: { status: number }) => s.status === 401).total).toBeGreaterThanOrEqual(3);
  });

  it.runIf(pgUrl)('two servers starting together on an empty PostgreSQL migrate and seed it once, with one session key', async () => {
    await onEmptyPostgres(async (url) => {
      const open: Database[] = [await openPostgres(url), await openPostgres(url)];
      try {
        const configs = ['clave-del-servidor-uno-000000', 'clave-del-servidor-dos-000000'].map((secret) => ({
          ...loadConfig({ DATABASE_URL: url, SEED: 'base', DEFAULT_PASSWORD: TEST_PASSWORD, DATA_DIR: dir }),
          jwtSecret: secret,
        }));
        const [x, y] = await Promise.all(open.map((d, i) => prepareDatabase(d, configs[i])));
        expect([x.seeded, y.seeded].sort()).toEqual(['seeded-base', 'skipped']);
        expect(y.jwtSecret).toBe(x.jwtSecret);
        const admins = await open[0].db.select().from(usuarios).where(eq(usuarios.username, 'admin'));
        expect(admins).toHaveLength(1);
      } finally {
        for (const d of open) await d.close();
      }
    });
  });
});
