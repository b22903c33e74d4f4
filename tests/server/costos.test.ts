import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';
import { reportBody, seedValoriza, type ValorizaFixture } from './valoriza-fixture';

describe('costs API (/api/costos)', () => {
  let t: TestApp;
  let admin: string;
  let f: ValorizaFixture;
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });
  /** A DELETE as some API clients send it: JSON content type and an empty body. */
  const delJson = (url: string) =>
    call(t.app, admin, { method: 'DELETE', url, headers: { 'content-type': 'application/json' }, payload: '' });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    f = await seedValoriza(t);
  });
  afterAll(() => t.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    descripcion: '  Tarifario de volquetes ',
    costos_det: [
      { descripcion: 'Viaje de volquete', precio: '120.5', unidad: 'VIAJE' },
      { descripcion: 'Metro cúbico de material', precio: 35, unidad: 'M3', estado: 0 },
      { descripcion: 'Hora de cargador', precio: 0 },
    ],
    ...extra,
  });

  let created: { id: number; costos_det: { costo_det_id: number }[] };
  it('creates a schedule with its lines (201): units, default status and HORA, the hidden detail text', async () => {
    const res = await req('POST', '/api/costos', body());
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      descripcion: 'Tarifario de volquetes',
      estado: 1,
      detalle: 'Viaje de volquete (VIAJE) 120.50; Metro cúbico de material (M3) 35.00; Hora de cargador (HORA) 0.00',
      created_at: expect.stringMatching(/Z$/),
      costos_det: [
        {
          costo_det_id: expect.any(Number),
          costo_id: created.id,
          descripcion: 'Viaje de volquete',
          precio: 120.5,
          estado: 1,
          unidad: 'VIAJE',
          en_uso: false,
        },
        {
          costo_det_id: expect.any(Number),
          costo_id: created.id,
          descripcion: 'Metro cúbico de material',
          precio: 35,
          estado: 0,
          unidad: 'M3',
          en_uso: false,
        },
        {
          costo_det_id: expect.any(Number),
          costo_id: created.id,
          descripcion: 'Hora de cargador',
          precio: 0,
          estado: 1,
          unidad: 'HORA',
          en_uso: false,
        },
      ],
    });
  });

  it('lists every schedule newest first with its lines; GET /:id answers one, 404 for an unknown one', async () => {
    const list = (await req('GET', '/api/costos')).json();
    expect(list[0]).toEqual(created);
    expect(list.map((c: { id: number }) => c.id)).toContain(f.costo);
    expect((await req('GET', `/api/costos/${created.id}`)).json()).toEqual(created);
    const missing = await req('GET', '/api/costos/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.notFound);
  });

  it('refuses negative prices, more than 2 decimals, unknown units, empty descriptions (400, nothing saved)', async () => {
    const before = (await req('GET', '/api/costos')).json().length;
    const cases: [unknown[], string][] = [
      [[{ descripcion: 'x', precio: -1 }], 'costos_det.0.precio'],
      [[{ descripcion: 'x', precio: 1.234 }], 'costos_det.0.precio'],
      [[{ descripcion: 'x', precio: 'abc' }], 'costos_det.0.precio'],
      [[{ descripcion: 'x', precio: 1, unidad: 'LITRO' }], 'costos_det.0.unidad'],
      [[{ descripcion: ' ', precio: 1 }], 'costos_det.0.descripcion'],
    ];
    for (const [lines, field] of cases) {
      const res = await req('POST', '/api/costos', body({ costos_det: lines }));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const noName = await req('POST', '/api/costos', body({ descripcion: '' }));
    expect(noName.json().errors.descripcion).toBe('Campo obligatorio');
    expect((await req('POST', '/api/costos', body({ estado: 2 }))).statusCode).toBe(400);
    expect((await req('GET', '/api/costos')).json()).toHaveLength(before);
  });

  it('edits header and lines in one save: update, insert, trash', async () => {
    const [viaje, m3, hora] = created.costos_det.map((l) => l.costo_det_id);
    const res = await req('PUT', `/api/costos/${created.id}`, {
      id: created.id,
      editorMode: 'editar',
      descripcion: 'Tarifario de volquetes 2025',
      estado: 0,
      costos_det: [
        { costo_det_id: viaje, descripcion: 'Viaje de volquete', precio: 130, unidad: 'VIAJE', estado: 1 },
        { costo_det_id: m3, descripcion: 'Metro cúbico', precio: 36.75, unidad: 'M3', estado: 1 },
        { descripcion: 'Kilómetro', precio: 5.1, unidad: 'KM' },
      ],
      trash: [{ costo_det_id: hora }, { costo_det_id: null, descripcion: 'added and removed before saving' }],
    });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.descripcion).toBe('Tarifario de volquetes 2025');
    expect(c.estado).toBe(0);
    expect(c.costos_det.map((l: { descripcion: string; precio: number; estado: number }) => [l.descripcion, l.precio, l.estado])).toEqual([
      ['Viaje de volquete', 130, 1],
      ['Metro cúbico', 36.75, 1],
      ['Kilómetro', 5.1, 1],
    ]);
    expect(c.costos_det.some((l: { costo_det_id: number }) => l.costo_det_id === hora)).toBe(false);
  });

  it('refuses a line id of another schedule (400) and an unknown schedule (404)', async () => {
    const foreign = await req(
      'PUT',
      `/api/costos/${created.id}`,
      body({ costos_det: [{ costo_det_id: f.hora, descripcion: 'x', precio: 1 }] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(MSG.lineNotInRecord);
    expect((await req('PUT', `/api/costos/${created.id}`, body({ trash: [f.hora] }))).statusCode).toBe(400);
    expect((await req('PUT', '/api/costos/999999', body())).statusCode).toBe(404);
    expect((await req('DELETE', '/api/costos/999999')).statusCode).toBe(404);
  });

  it('a line used by a daily report cannot be trashed, nor its schedule deleted (403 with the reason); it may be edited', async () => {
    const rep = await req('POST', '/api/partesdiarios', reportBody(f));
    expect(rep.statusCode).toBe(201);
    const schedule = (await req('GET', `/api/costos/${f.costo}`)).json();
    const inUse = (id: number) => schedule.costos_det.find((l: { costo_det_id: number }) => l.costo_det_id === id).en_uso;
    expect([inUse(f.hora), inUse(f.km), inUse(f.dia)]).toEqual([true, false, false]);
    const lines = schedule.costos_det.map((l: Record<string, unknown>) => ({ ...l }));
    const trashUsed = await req('PUT', `/api/costos/${f.costo}`, { descripcion: schedule.descripcion, costos_det: lines, trash: [f.hora] });
    expect(trashUsed.statusCode).toBe(403);
    expect(trashUsed.json().message).toBe(MSG.costLineInUse('Hora máquina retroexcavadora'));
    for (const del of [await req('DELETE', `/api/costos/${f.costo}`), await delJson(`/api/costos/${f.costo}`)]) {
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe(MSG.costInUse);
    }
    expect((await req('GET', `/api/costos/${f.costo}`)).json().costos_det).toHaveLength(4);
    // A new price applies to new reports; the stored report keeps its own.
    lines[0].precio = 90;
    const edit = await req('PUT', `/api/costos/${f.costo}`, { descripcion: schedule.descripcion, costos_det: lines });
    expect(edit.statusCode).toBe(200);
    expect((await req('GET', `/api/partesdiarios/${rep.json().parte_id}`)).json().preuni).toBe(85.5);
  });

  it('deletes an unused schedule with its lines', async () => {
    const res = await delJson(`/api/costos/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect((await req('GET', `/api/costos/${created.id}`)).statusCode).toBe(404);
  });

  it('needs a session (401) and codes 27 / 28 / 29 (403)', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/costos' })).statusCode).toBe(401);
    const reader = await createUser(t, [26]);
    expect((await req('GET', '/api/costos', undefined, reader.token)).statusCode).toBe(200);
    expect((await req('POST', '/api/costos', body(), reader.token)).statusCode).toBe(403);
    expect((await req('PUT', `/api/costos/${f.costo}`, body(), reader.token)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/costos/${f.costo}`, undefined, reader.token)).statusCode).toBe(403);
    const creator = await createUser(t, [ROLE.costoNuevo]);
    expect((await req('POST', '/api/costos', body(), creator.token)).statusCode).toBe(201);
  });
});
