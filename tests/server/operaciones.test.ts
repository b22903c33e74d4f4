// Operations page API (Configuración, 61): server state, a backup now, and the download of this server's files.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createSecureContext } from 'node:tls';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_CODES, MENU } from '@shared/auth/permissions';
import { operacionesInfo } from '@shared/contract/operaciones';
import { MSG } from '@shared/messages';
import { auditLog, idempotencyKeys, respaldos } from '../../src/server/db/schema/index';
import { readHeader } from '../../src/server/ops/backup';
import { ensureLocalTls } from '../../src/server/ops/tls';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, createTestApp, createUser, type TestApp, type TestUser } from './helpers';

describe('operations API', () => {
  let t: TestApp;
  let dir: string;
  let ops: TestUser;
  let clerk: TestUser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'maq-ops-'));
    t = await createTestApp({ DATA_DIR: dir, BACKUP_KEEP: '5', BACKUP_HOUR: '3' });
    ops = await createUser(t, [MENU.configuracion]);
    clerk = await createUser(t, [MENU.almacen, MENU.salidas]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('needs a session and the Configuración role (61) for every route', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/operaciones' })).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/operaciones'],
      ['POST', '/api/operaciones/respaldos'],
      ['GET', '/api/operaciones/respaldos/respaldo-2026-01-01_020000.gz'],
    ] as const) {
      const res = await call(t.app, clerk.token, { method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
  });

  it('answers version, database kind and size, backup policy, certificate and refused requests', async () => {
    const res = await call(t.app, ops.token, { method: 'GET', url: '/api/operaciones' });
    expect(res.statusCode).toBe(200);
    const info = operacionesInfo.parse(res.json());
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(info.version).toBe(pkg.version);
    expect(info.base.tipo).toBe(t.database.kind);
    expect(info.base.bytes).toBeGreaterThan(1_000_000);
    expect(info.nocturno).toEqual({ hora: 3, conservar: 5 });
    expect(info.certificado).toEqual({ modo: 'ninguno', vence: null, nombres: [], huella: null, autoridad: null, anterior: null });
    // The 401 and 403s of the test above were counted.
    expect(info.rechazadas.total).toBeGreaterThanOrEqual(4);
  });

  it('counts only session, permission, invalid-data and too-many-attempts refusals, not business answers', async () => {
    const all = await createUser(t, ALL_CODES);
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token: string | null = all.token) =>
      call(t.app, token, { method, url, payload });
    const counts = async () => {
      const info = (await call(t.app, ops.token, { method: 'GET', url: '/api/operaciones' })).json();
      return Object.fromEntries(info.rechazadas.por_estado.map((s: { status: number; total: number }) => [s.status, s.total])) as Record<
        number,
        number
      >;
    };
    // One stocked item to refuse an exit on.
    const maq = await seedMachine(t.database.db);
    await seedOperator(t.database.db, '41234567', 'HUAMAN ROJAS, PEDRO');
    const items = [{ insumo_codigo: 'OPS-A', insumo_name: 'Aceite motor 15W40', cantidad: 2, unimed: 'GLN' }];
    await seedOrder(t.database.db, { orden_id: 9101, nro: '9101', anio: 2024, items });
    const entry = await send('POST', '/api/ingresos', entryBody('9101', 2024, items));
    expect(entry.statusCode).toBe(201);
    const insumo = entry.json().ingresos_det[0].insumo_id as number;
    const before = await counts();

    // Business answers: a stock 409, a business 403, a 404, a 422. None is counted.
    const exit = { editorMode: 'crear', nro_vale: 'V-OPS', fecha: '2024-05-02', maquinaria_id: maq.id, operador_dni: '41234567' };
    const stock = await send('POST', '/api/salidas', { ...exit, salidas_det: [{ insumo_id: insumo, cantidad: 50 }] });
    expect(stock.statusCode).toBe(409);
    const self = await send('DELETE', `/api/usuarios/${all.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(MSG.cannotDeleteSelf);
    expect((await send('GET', '/api/salidas/999999')).statusCode).toBe(404);
    const again = await send('POST', '/api/ingresos', entryBody('9101', 2024, items));
    expect(again.statusCode).toBe(422);

    // Refusals: invalid data (400), no session (401), no permission (403, the guard and another user's record).
    expect((await send('POST', '/api/salidas', { ...exit, salidas_det: 'x' })).statusCode).toBe(400);
    expect((await send('GET', '/api/salidas/999999', undefined, null)).statusCode).toBe(401);
    expect((await send('GET', '/api/operaciones', undefined, clerk.token)).statusCode).toBe(403);
    const other = await send('PUT', `/api/usuarios/setpwd/${ops.id}`, { id: ops.id, password: 'Clave-larga-1' }, clerk.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MSG.forbidden);

    const expected = { ...before, 400: (before[400] ?? 0) + 1, 401: (before[401] ?? 0) + 1, 403: (before[403] ?? 0) + 2 };
    // The count is written after each answer is sent: wait for the last ones to land.
    await vi.waitFor(async () => expect(await counts()).toEqual(expected), { timeout: 5000, interval: 100 });
  });

  it('takes a backup now, lists it as downloadable, serves its bytes and writes the audit line', async () => {
    const res = await call(t.app, ops.token, { method: 'POST', url: '/api/operaciones/respaldos' });
    expect(res.statusCode).toBe(201);
    const { archivo, bytes } = res.json();
    expect(archivo).toMatch(/^respaldo-\d{4}-\d{2}-\d{2}_\d{6}\.gz$/);
    const file = join(dir, 'backups', archivo);
    expect((await readHeader(file)).source).toBe(t.database.kind);

    const info = (await call(t.app, ops.token, { method: 'GET', url: '/api/operaciones' })).json();
    expect(info.respaldos[0]).toMatchObject({ archivo, tipo: 'manual', estado: 'ok', bytes, descargable: true });

    const dl = await call(t.app, ops.token, { method: 'GET', url: `/api/operaciones/respaldos/${archivo}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="${archivo}"`);
    expect(dl.rawPayload.equals(readFileSync(file))).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup'), eq(auditLog.resource_id, archivo)));
    expect(audit).toMatchObject({ user_id: ops.id, username: ops.username, resource: 'respaldo' });
  });

  it('a retried request with the same Idempotency-Key takes one backup (write path), also when the retry races the first', async () => {
    const manual = async () => (await t.database.db.select().from(respaldos).where(eq(respaldos.tipo, 'manual'))).length;
    const before = await manual();
    const key = randomUUID();
    const send = () => call(t.app, ops.token, { method: 'POST', url: '/api/operaciones/respaldos', key });
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await manual()).toBe(before + 1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup'), eq(auditLog.resource_id, first.json().archivo)));
    expect(audits).toHaveLength(1);

    // A retry sent while the backup is still being written is told to wait (409 in progress, which the outbox
    // keeps and retries), never a second backup.
    const key2 = randomUUID();
    const racing = await Promise.all(
      [0, 1, 2].map(() => call(t.app, ops.token, { method: 'POST', url: '/api/operaciones/respaldos', key: key2 })),
    );
    const done = racing.filter((r) => r.statusCode === 201);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of racing.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ message: MSG.idempotencyInProgress, code: 'idempotency_in_progress' });
    }
    for (const r of done) expect(r.json()).toEqual(done[0].json());
    expect(await manual()).toBe(before + 2);
    const later = await call(t.app, ops.token, { method: 'POST', url: '/api/operaciones/respaldos', key: key2 });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(done[0].json());
  });

  it('a backup that fails gives its key back: the retry runs again (no stuck "in progress"), each attempt marked failed', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'maq-ops-broken-'));
    writeFileSync(join(broken, 'backups'), 'no es una carpeta'); // the backup folder cannot be made
    const b = await createTestApp({ DATA_DIR: broken });
    try {
      const admin = await createUser(b, [MENU.configuracion]);
      const key = randomUUID();
      const send = () => call(b.app, admin.token, { method: 'POST', url: '/api/operaciones/respaldos', key });
      const first = await send();
      const retry = await send();
      expect(first.statusCode).toBe(500);
      expect(retry.statusCode).toBe(500);
      expect(retry.headers['idempotency-replayed']).toBeUndefined();
      const rows = await b.database.db.select().from(respaldos).where(eq(respaldos.tipo, 'manual'));
      expect(rows.map((r) => r.estado)).toEqual(['error', 'error']);
      expect(await b.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    } finally {
      await b.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('exports the office CA with its key as a password-protected .p12 (TLS_MODE=local only), with an audit line', async () => {
    const url = '/api/operaciones/certificado';
    // This server has no local CA: nothing to export.
    const none = await call(t.app, ops.token, { method: 'POST', url, payload: { password: 'una-clave-larga-2026' } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: MSG.caNotLocal });

    const caDir = mkdtempSync(join(tmpdir(), 'maq-ops-ca-'));
    const local = await createTestApp({ DATA_DIR: caDir, TLS_MODE: 'local' });
    try {
      const ca = ensureLocalTls(caDir, ['127.0.0.1', 'localhost', 'oficina']);
      const admin = await createUser(local, [MENU.configuracion]);
      const other = await createUser(local, [MENU.almacen]);
      expect((await call(local.app, other.token, { method: 'POST', url, payload: { password: 'una-clave-larga-2026' } })).statusCode).toBe(
        403,
      );
      expect((await call(local.app, admin.token, { method: 'POST', url, payload: { password: 'corta' } })).statusCode).toBe(400);
      const res = await call(local.app, admin.token, { method: 'POST', url, payload: { password: 'una-clave-larga-2026' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-pkcs12');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(() => createSecureContext({ pfx: res.rawPayload, passphrase: 'una-clave-larga-2026' })).not.toThrow();
      expect(() => createSecureContext({ pfx: res.rawPayload, passphrase: 'otra-clave-distinta' })).toThrow();
      const [audit] = await local.database.db.select().from(auditLog).where(eq(auditLog.resource, 'autoridad_certificacion'));
      expect(audit).toMatchObject({ user_id: admin.id, action: 'export', after: { huella: ca.caFingerprint } });
    } finally {
      await local.close();
      rmSync(caDir, { recursive: true, force: true });
    }
  });

  it('refuses a file it does not have (404, in Spanish) and any name that is not a backup (400)', async () => {
    const missing = await call(t.app, ops.token, { method: 'GET', url: '/api/operaciones/respaldos/respaldo-2020-01-01_000000.gz' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MSG.backupNotHere });
    for (const name of ['..%2Fjwt-secret', 'jwt-secret', 'respaldo-x.txt']) {
      const res = await call(t.app, ops.token, { method: 'GET', url: `/api/operaciones/respaldos/${name}` });
      expect(res.statusCode).toBe(400);
    }
  });
});
