import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { actividades } from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';
import { seedWear } from './wear-fixture';

describe('activities API (/api/actividades)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });

  it('creates an activity (201), active by default, ignoring editorMode and unknown fields', async () => {
    const res = await req('POST', '/api/actividades', { activ_nombre: '  Limpieza de cunetas ', editorMode: 'crear', extra: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      activ_nombre: 'Limpieza de cunetas',
      activ_estado: 1,
      created_at: expect.stringMatching(/Z$/),
    });
  });

  it('lists every activity with its status, newest first; /activas only the active ones', async () => {
    const off = (await req('POST', '/api/actividades', { activ_nombre: 'Riego de vías', activ_estado: 0 })).json();
    const on = (await req('POST', '/api/actividades', { activ_nombre: 'Afirmado', activ_estado: '1' })).json();
    const all = (await req('GET', '/api/actividades')).json();
    expect(all[0]).toEqual(on);
    expect(all).toContainEqual(off);
    const active = (await req('GET', '/api/actividades/activas')).json();
    expect(active.map((a: { id: number }) => a.id)).toContain(on.id);
    expect(active.map((a: { id: number }) => a.id)).not.toContain(off.id);
    expect(active.every((a: { activ_estado: number }) => a.activ_estado === 1)).toBe(true);
  });

  it('stores text as given: quotes, SQL fragments and markup are data', async () => {
    const name = `O'Brien "); DROP TABLE actividades; -- <script>alert(1)</script> ñáé`;
    const res = await req('POST', '/api/actividades', { activ_nombre: name });
    expect(res.statusCode).toBe(201);
    expect((await t.database.db.select().from(actividades).where(eq(actividades.id, res.json().id)))[0].activ_nombre).toBe(name);
  });

  it('edits name and status; 404 for an unknown id; 400 for invalid fields', async () => {
    const a = (await req('POST', '/api/actividades', { activ_nombre: 'Bacheo' })).json();
    const res = await req('PUT', `/api/actividades/${a.id}`, {
      id: a.id,
      activ_nombre: 'Bacheo menor',
      activ_estado: 0,
      editorMode: 'editar',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...a, activ_nombre: 'Bacheo menor', activ_estado: 0 });
    expect((await req('PUT', '/api/actividades/999999', { activ_nombre: 'X' })).statusCode).toBe(404);
    const bad = await req('PUT', `/api/actividades/${a.id}`, { activ_nombre: '', activ_estado: 2 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['activ_estado', 'activ_nombre']);
  });

  it('deletes an unused activity; refuses with 403 and a Spanish message one used by a daily report', async () => {
    const a = (await req('POST', '/api/actividades', { activ_nombre: 'Temporal' })).json();
    expect((await req('DELETE', `/api/actividades/${a.id}`)).json()).toEqual({ message: MSG.deleted });
    expect((await req('DELETE', `/api/actividades/${a.id}`)).statusCode).toBe(404);
    const w = await seedWear(t);
    const used = await req('DELETE', `/api/actividades/${w.actividadId}`);
    expect(used.statusCode).toBe(403);
    expect(used.json().message).toBe(MSG.activityInUse);
    expect(await t.database.db.select().from(actividades).where(eq(actividades.id, w.actividadId))).toHaveLength(1);
  });

  it('checks the role of each button (14 new, 15 edit, 16 delete); reading needs a code of a screen that shows activities', async () => {
    const reader = await createUser(t, [MENU.actividades]);
    const a = (await req('POST', '/api/actividades', { activ_nombre: 'Con roles' })).json();
    expect((await req('GET', '/api/actividades', undefined, reader.token)).statusCode).toBe(200);
    expect((await req('GET', '/api/actividades', undefined, (await createUser(t, [])).token)).statusCode).toBe(403);
    expect((await req('POST', '/api/actividades', { activ_nombre: 'X' }, reader.token)).statusCode).toBe(403);
    expect((await req('PUT', `/api/actividades/${a.id}`, { activ_nombre: 'X' }, reader.token)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/actividades/${a.id}`, undefined, reader.token)).statusCode).toBe(403);
    const editor = await createUser(t, [ROLE.actividadEditar]);
    expect((await req('PUT', `/api/actividades/${a.id}`, { activ_nombre: 'Editada' }, editor.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/actividades' })).statusCode).toBe(401);
  });
});
