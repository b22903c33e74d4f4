// Operations page API (Configuración, 61): server state, a backup now, and the download of this server's files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU } from '@shared/auth/permissions';
import { operacionesInfo } from '@shared/contract/operaciones';
import { MSG } from '@shared/messages';
import { auditLog } from '../../src/server/db/schema/index';
import { readHeader } from '../../src/server/ops/backup';
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
    expect(info.certificado).toEqual({ modo: 'ninguno', vence: null, nombres: [] });
    // The 401 and 403s of the test above were counted.
    expect(info.rechazadas.total).toBeGreaterThanOrEqual(4);
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
