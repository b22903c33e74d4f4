import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_READ_CODE } from '@shared/auth/permissions';
import { actividades, auditLog } from '../../src/server/db/schema/index';
import { runChange } from '../../src/server/plugins/change';
import { call, createTestApp, createUser, login, widest, type TestApp } from './helpers';

/** The widest range the log answers, up to today, as a query. */
const lastYear = new URLSearchParams(widest('auditoria')).toString();

describe('audit log (GET /api/auditoria)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const audits = (resource: string) => t.database.db.select().from(auditLog).where(eq(auditLog.resource, resource));

  it('writes the audit row in the same transaction: a change that fails after auditing leaves neither', async () => {
    const fake = {
      server: t.app,
      user: { id: 1, username: 'admin' },
      headers: { 'idempotency-key': randomUUID() },
      method: 'POST',
      url: '/x',
      body: {},
    } as unknown as FastifyRequest;
    await expect(
      runChange(fake, async ({ tx, audit }) => {
        const [row] = await tx.insert(actividades).values({ activ_nombre: 'Atómica' }).returning();
        await audit({ action: 'create', resource: 'atomic-test', resource_id: row.id, after: row });
        throw new Error('falla después de auditar');
      }),
    ).rejects.toThrow('falla después de auditar');
    expect(await audits('atomic-test')).toHaveLength(0);
    expect(await t.database.db.select().from(actividades).where(eq(actividades.activ_nombre, 'Atómica'))).toHaveLength(0);
  });

  it('a refused API change writes no audit row; a successful one writes one with before/after', async () => {
    const before = (await audits('usuarios')).length;
    expect((await call(t.app, admin, { method: 'DELETE', url: '/api/usuarios/1' })).statusCode).toBe(403);
    expect(await audits('usuarios')).toHaveLength(before);
    const a = (await call(t.app, admin, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Auditada' } })).json();
    await call(t.app, admin, { method: 'PUT', url: `/api/actividades/${a.id}`, payload: { activ_nombre: 'Auditada 2' } });
    const rows = (await audits('actividades')).filter((r) => r.resource_id === String(a.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
    const upd = rows.find((r) => r.action === 'update')!;
    expect(upd).toMatchObject({
      user_id: 1,
      username: 'admin',
      before: { activ_nombre: 'Auditada' },
      after: { activ_nombre: 'Auditada 2' },
    });
  });

  it('lists newest first with username, filtered by user and by Lima dates', async () => {
    const u = await createUser(t, [14, AUDIT_READ_CODE]);
    await call(t.app, u.token, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Del otro usuario' } });
    // an old row: 2024-03-10 23:30 in Lima is 2024-03-11 04:30 UTC
    await t.database.db
      .insert(auditLog)
      .values({ user_id: u.id, username: u.username, action: 'create', resource: 'viejo', created_at: '2024-03-11T04:30:00Z' });
    const all = (await call(t.app, admin, { method: 'GET', url: `/api/auditoria?${lastYear}` })).json();
    expect(all.length).toBeGreaterThan(3);
    for (let i = 1; i < all.length; i++) expect(all[i - 1].created_at >= all[i].created_at).toBe(true);
    const mine = (await call(t.app, admin, { method: 'GET', url: `/api/auditoria?usuario_id=${u.id}&${lastYear}` })).json();
    expect(mine.map((r: { username: string }) => r.username)).toEqual([u.username]);
    const day = (await call(t.app, admin, { method: 'GET', url: '/api/auditoria?fini=2024-03-10&ffin=2024-03-10' })).json();
    expect(day).toEqual([expect.objectContaining({ resource: 'viejo', created_at: '2024-03-11T04:30:00.000Z' })]);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/auditoria?fini=2024-03-11&ffin=2024-03-11' })).json()).toEqual([]);
  });

  it('answers at most 2000 rows', async () => {
    await t.database.db.execute(sql`insert into audit_log (action, resource) select 'x', 'masivo' from generate_series(1, 2100)`);
    const rows = (await call(t.app, admin, { method: 'GET', url: `/api/auditoria?${lastYear}` })).json();
    expect(rows).toHaveLength(2000);
  });

  it('needs code 61 (403 otherwise, 401 without a session) and valid filters (400)', async () => {
    const u = await createUser(t, [14]);
    expect((await call(t.app, u.token, { method: 'GET', url: '/api/auditoria' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auditoria' })).statusCode).toBe(401);
    for (const q of ['usuario_id=abc', 'fini=2024-02-30', 'fini=2024-03-02&ffin=2024-03-01', 'usuario_id=-1']) {
      expect((await call(t.app, admin, { method: 'GET', url: `/api/auditoria?${q}` })).statusCode).toBe(400);
    }
  });
});
