// Failures API: list with machine and date filters, the modal's create and edit (status never
// from the form), idempotent creates from the field outbox, delete only while PENDIENTE, the failures a repair
// may take, and role codes 32/33/34.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { FIELD, MSG } from '@shared/messages';
import { seedMachine } from './fixtures';
import { fallas, reparaciones } from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp, widest } from './helpers';

/** A day 40 days ago (UTC 20:15 is the same Lima day), and the day after it. */
const DAY_REPORTED = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
const DAY_AFTER = new Date(Date.parse(DAY_REPORTED) + 86_400_000).toISOString().slice(0, 10);

describe('failures API (/api/fallas)', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number; placa: string };
  let maq2: { id: number; placa: string };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, opts: { key?: string; tok?: string } = {}) =>
    call(t.app, opts.tok ?? token, { method, url, payload, key: opts.key });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const list = async (filter: object) => (await send('POST', '/api/fallas/list', filter)).json() as { falla_id: number }[];
  const failure = (extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    maquinaria_id: maq.id,
    estado: 1,
    descripcion: 'Rotura de manguera hidráulica',
    detalle: 'Manguera del brazo reventada durante el carguío',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    maq = await seedMachine(t.database.db, 'CARGADOR FRONTAL');
    maq2 = await seedMachine(t.database.db, 'RETROEXCAVADORA');
  });
  afterAll(() => t.close());

  let first: number;
  it('POST creates a PENDIENTE failure whatever status the body says, 201 with the list row and no photos', async () => {
    const res = await send('POST', '/api/fallas', failure());
    expect(res.statusCode).toBe(201);
    const f = res.json();
    first = f.falla_id;
    expect(f).toEqual({
      falla_id: expect.any(Number),
      maquinaria_id: maq.id,
      placa: maq.placa,
      maquinaria: 'CARGADOR FRONTAL',
      descripcion: 'Rotura de manguera hidráulica',
      detalle: 'Manguera del brazo reventada durante el carguío',
      maquina_detenida: false,
      estado: 0,
      fecha: limaDate(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      nro_fotos: 0,
      reparacion_id: null,
      fotos: [],
    });
    expect((await get(`/api/fallas/${first}`)).json()).toEqual(f);
  });

  it('POST keeps the time a device reported the failure offline (past), never a future one', async () => {
    const past = await send(
      'POST',
      '/api/fallas',
      failure({ maquinaria_id: maq2.id, created_at: `${DAY_REPORTED}T20:15:00.000Z`, detalle: '' }),
    );
    expect(past.statusCode).toBe(201);
    expect(past.json()).toMatchObject({ created_at: `${DAY_REPORTED}T20:15:00.000Z`, fecha: DAY_REPORTED, detalle: null });
    const future = await send('POST', '/api/fallas', failure({ created_at: '2999-01-01T00:00:00Z' }));
    expect(future.json().fecha).toBe(limaDate());
    expect((await send('DELETE', `/api/fallas/${future.json().falla_id}`)).statusCode).toBe(200);
    const byDate = await send(
      'POST',
      '/api/fallas',
      failure({ maquinaria_id: maq2.id, created_at: DAY_REPORTED, descripcion: 'Por fecha' }),
    );
    expect(byDate.json()).toMatchObject({ fecha: DAY_REPORTED, created_at: `${DAY_REPORTED}T17:00:00.000Z` });
    expect((await send('DELETE', `/api/fallas/${byDate.json().falla_id}`)).statusCode).toBe(200);
    const bad = await send('POST', '/api/fallas', failure({ created_at: 'ayer' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.created_at).toBe(FIELD.invalidValue);
  });

  it('POST refuses bad input with field messages and stores nothing (400)', async () => {
    const before = (await list({})).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ descripcion: '' }, 'descripcion', FIELD.required],
      [{ descripcion: undefined }, 'descripcion', FIELD.required],
      [{ descripcion: 'x'.repeat(251) }, 'descripcion', FIELD.tooLong(250)],
      [{ maquinaria_id: undefined }, 'maquinaria_id', FIELD.required],
      [{ maquinaria_id: 0 }, 'maquinaria_id', FIELD.required],
      [{ maquinaria_id: -3 }, 'maquinaria_id', FIELD.invalidValue],
      [{ maquinaria_id: 999999 }, 'maquinaria_id', MSG.machineNotFound],
    ];
    for (const [extra, field, message] of cases) {
      const res = await send('POST', '/api/fallas', failure(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(extra)).toBe(message);
    }
    expect((await list({})).length).toBe(before);
  });

  it('a failure sent again by the outbox with its Idempotency-Key is stored once; the key with another body is a 409', async () => {
    const key = randomUUID();
    const body = failure({ descripcion: 'Fuga de aceite', created_at: '2024-02-01T13:00:00Z' });
    const a = await send('POST', '/api/fallas', body, { key });
    const b = await send('POST', '/api/fallas', body, { key });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const [{ n }] = await t.database.db.select({ n: count() }).from(fallas).where(eq(fallas.descripcion, 'Fuga de aceite'));
    expect(n).toBe(1);
    const c = await send('POST', '/api/fallas', { ...body, descripcion: 'Otra' }, { key });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe(MSG.idempotencyConflict);
  });

  it('POST /api/fallas/list filters by machine (0 = all) and by the Lima date of the report', async () => {
    const all = await list({ maquinaria_id: 0, ...widest('fallas') });
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(await list(widest('fallas'))).toEqual(all);
    const ofMaq2 = await list({ maquinaria_id: maq2.id, ...widest('fallas') });
    expect(ofMaq2.map((f) => f.falla_id).length).toBe(1);
    expect((await list({ fini: DAY_REPORTED, ffin: DAY_REPORTED })).map((f) => (f as unknown as { fecha: string }).fecha)).toEqual([
      DAY_REPORTED,
    ]);
    expect(await list({ fini: DAY_AFTER, ffin: DAY_AFTER })).toEqual([]);
    const today = await list({ fini: limaDate(), ffin: limaDate(), maquinaria_id: maq.id });
    expect(today.map((f) => f.falla_id)).toContain(first);
    const bad = await send('POST', '/api/fallas/list', { fini: '2026-02-01', ffin: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect((await send('POST', '/api/fallas/list', { maquinaria_id: 'x' })).statusCode).toBe(400);
  });

  it('PUT edits machine, description and detail; the status is never taken from the body; 404 for an unknown id', async () => {
    const res = await send(
      'PUT',
      `/api/fallas/${first}`,
      failure({ editorMode: 'editar', estado: 1, descripcion: 'Manguera rota', maquinaria_id: maq2.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      falla_id: first,
      estado: 0,
      descripcion: 'Manguera rota',
      maquinaria_id: maq2.id,
      placa: maq2.placa,
    });
    expect((await send('PUT', `/api/fallas/${first}`, failure({ maquinaria_id: maq.id }))).json().maquinaria_id).toBe(maq.id);
    expect((await send('PUT', '/api/fallas/999999', failure())).statusCode).toBe(404);
    expect((await send('PUT', `/api/fallas/${first}`, failure({ descripcion: '' }))).statusCode).toBe(400);
    expect((await get('/api/fallas/999999')).statusCode).toBe(404);
  });

  it('POST bymaquinaria answers the pending failures of the machine, plus the one a repair being edited holds', async () => {
    const db = t.database.db;
    const [repaired] = await db
      .insert(fallas)
      .values({ maquinaria_id: maq.id, descripcion: 'Frenos', estado: 1 })
      .returning({ id: fallas.falla_id });
    const [rep] = await db
      .insert(reparaciones)
      .values({ maquinaria_id: maq.id, descripcion: 'Cambio de zapatas', fecha: '2026-02-02', falla_id: repaired.id })
      .returning({ id: reparaciones.reparacion_id });
    const pending = (await send('POST', '/api/fallas/bymaquinaria', { maquinaria_id: maq.id })).json();
    expect(pending.every((f: { estado: number }) => f.estado === 0)).toBe(true);
    expect(pending.map((f: { falla_id: number }) => f.falla_id)).toContain(first);
    expect(pending[0]).toEqual({
      falla_id: expect.any(Number),
      descripcion: expect.any(String),
      detalle: expect.anything(),
      estado: 0,
      fecha: expect.any(String),
    });
    const editing = (await send('POST', '/api/fallas/bymaquinaria', { maquinaria: { id: maq.id }, reparacion_id: rep.id })).json();
    expect(editing.map((f: { falla_id: number }) => f.falla_id)).toEqual(expect.arrayContaining([first, repaired.id]));
    expect(editing.find((f: { falla_id: number }) => f.falla_id === repaired.id).estado).toBe(1);
    // The held failure is only offered for its own machine.
    const other = (await send('POST', '/api/fallas/bymaquinaria', { maquinaria_id: maq2.id, reparacion_id: rep.id })).json();
    expect(other.map((f: { falla_id: number }) => f.falla_id)).not.toContain(repaired.id);
    expect((await send('POST', '/api/fallas/bymaquinaria', { maquinaria_id: 999999 })).statusCode).toBe(404);
    expect((await send('POST', '/api/fallas/bymaquinaria', {})).statusCode).toBe(400);

    // A repaired failure keeps its machine (the repair belongs to it) and cannot be deleted.
    const move = await send('PUT', `/api/fallas/${repaired.id}`, failure({ maquinaria_id: maq2.id, descripcion: 'Frenos' }));
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(MSG.failureMachineLocked);
    const same = await send('PUT', `/api/fallas/${repaired.id}`, failure({ descripcion: 'Frenos gastados' }));
    expect(same.json()).toMatchObject({ estado: 1, reparacion_id: rep.id, descripcion: 'Frenos gastados' });
    const del = await send('DELETE', `/api/fallas/${repaired.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: MSG.failureNotPending });
  });

  it('DELETE removes a pending failure (Registro eliminado); then 404', async () => {
    const f = (await send('POST', '/api/fallas', failure({ descripcion: 'Para borrar' }))).json();
    const res = await send('DELETE', `/api/fallas/${f.falla_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect((await get(`/api/fallas/${f.falla_id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/fallas/${f.falla_id}`)).statusCode).toBe(404);
  });

  it('codes: 32 creates, 33 edits, 34 deletes; each refused (403) without its code; lists need a session', async () => {
    const only32 = (await createUser(t, [ROLE.fallaNuevo])).token;
    const only33 = (await createUser(t, [ROLE.fallaEditar])).token;
    const only34 = (await createUser(t, [ROLE.fallaEliminar])).token;
    expect((await send('POST', '/api/fallas', failure(), { tok: only33 })).statusCode).toBe(403);
    const created = await send('POST', '/api/fallas', failure(), { tok: only32 });
    expect(created.statusCode).toBe(201);
    const id = created.json().falla_id;
    expect((await send('PUT', `/api/fallas/${id}`, failure(), { tok: only32 })).statusCode).toBe(403);
    expect((await send('PUT', `/api/fallas/${id}`, failure(), { tok: only33 })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/fallas/${id}`, undefined, { tok: only33 })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/fallas/${id}`, undefined, { tok: only34 })).statusCode).toBe(200);
    expect((await send('POST', '/api/fallas/list', widest('fallas'), { tok: only34 })).statusCode).toBe(200);
    expect((await call(t.app, null, { method: 'POST', url: '/api/fallas/list', payload: {} })).statusCode).toBe(401);
  });
});
