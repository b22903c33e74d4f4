import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { seedMachine } from './fixtures';
import { call, type TestApp, createTestApp, login, createUser } from './helpers';

describe('supply requests API (/api/pedidos)', () => {
  let t: TestApp;
  let token: string;
  let editor: string;
  let maq: { id: number; placa: string };
  let s1: number;
  let s2: number;
  let und: number;
  let gln: number;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tok = token) =>
    call(t.app, tok, { method, url, payload });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const body = (lines: object[], extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    maquinaria_id: maq.id,
    fecha: '2024-08-01',
    observacion: 'Urgente',
    pedidos_det: lines,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    editor = (await createUser(t, [47, 52, 53, 54, 55])).token;
    maq = await seedMachine(t.database.db, 'MOTONIVELADORA');
    const units = (await get('/api/pedidos/unimeds')).json() as { unimed_id: number; unimed_abrev: string }[];
    und = units.find((u) => u.unimed_abrev === 'UND')!.unimed_id;
    gln = units.find((u) => u.unimed_abrev === 'GLN')!.unimed_id;
    s1 = (await send('POST', '/api/insumos', { insumo_codigo: 'PED-1', insumo_name: 'Cuchilla de motoniveladora', unimed_id: und })).json()
      .id;
    s2 = (await send('POST', '/api/insumos', { insumo_codigo: 'PED-2', insumo_name: 'Refrigerante', unimed_id: gln })).json().id;
  });
  afterAll(() => t.close());

  let pid: number;
  it('creates a request as PENDIENTE with lines from the typeahead (bien_id) and default units', async () => {
    const res = await send(
      'POST',
      '/api/pedidos',
      body([
        { bien_id: s1, cantidad: 2 },
        { insumo_id: s2, unimed_id: gln, cantidad: 1.5 },
      ]),
      editor,
    );
    expect(res.statusCode).toBe(201);
    const p = res.json();
    pid = p.pedido_id;
    expect(p).toMatchObject({ maquinaria_id: maq.id, placa: maq.placa, fecha: '2024-08-01', estado: 0, observacion: 'Urgente' });
    expect(p.pedidos_det).toEqual([
      {
        pedido_det_id: expect.any(Number),
        pedido_id: pid,
        insumo_id: s1,
        insumo_name: 'Cuchilla de motoniveladora',
        insumo_codigo: 'PED-1',
        unimed_id: und,
        unimed_abrev: 'UND',
        cantidad: 2,
      },
      {
        pedido_det_id: expect.any(Number),
        pedido_id: pid,
        insumo_id: s2,
        insumo_name: 'Refrigerante',
        insumo_codigo: 'PED-2',
        unimed_id: gln,
        unimed_abrev: 'GLN',
        cantidad: 1.5,
      },
    ]);
    expect((await get(`/api/pedidos/${pid}`)).json()).toEqual(p);
  });

  it('only role 12 may create with or change the status (403 with the Spanish message)', async () => {
    const created = await send('POST', '/api/pedidos', body([{ insumo_id: s1, cantidad: 1 }], { estado: 1 }), editor);
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe(MSG.requestStatusForbidden);
    const changed = await send('PUT', `/api/pedidos/${pid}`, body([{ insumo_id: s1, cantidad: 1 }], { estado: 1 }), editor);
    expect(changed.statusCode).toBe(403);
    expect(changed.json().message).toBe(MSG.requestStatusForbidden);
    const ok = await send('PUT', `/api/pedidos/${pid}`, { ...(await get(`/api/pedidos/${pid}`)).json(), estado: 1, editorMode: 'editar' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().estado).toBe(1);
    // Sending the stored status unchanged is fine without role 12.
    const same = await send('PUT', `/api/pedidos/${pid}`, { ...ok.json(), observacion: 'Atendido parcial', editorMode: 'editar' }, editor);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ estado: 1, observacion: 'Atendido parcial' });
  });

  it('edits lines: update, add and trash', async () => {
    const cur = (await get(`/api/pedidos/${pid}`)).json();
    const [l1, l2] = cur.pedidos_det;
    const res = await send(
      'PUT',
      `/api/pedidos/${pid}`,
      {
        ...cur,
        pedidos_det: [
          { ...l1, cantidad: 3 },
          { insumo_id: s2, cantidad: 4 },
        ],
        trash: [{ pedido_det_id: l2.pedido_det_id }],
      },
      editor,
    );
    expect(res.statusCode).toBe(200);
    expect(
      res.json().pedidos_det.map((l: { pedido_det_id: number; cantidad: number }) => [l.pedido_det_id === l1.pedido_det_id, l.cantidad]),
    ).toEqual([
      [true, 3],
      [false, 4],
    ]);
    const bad = await send('PUT', `/api/pedidos/${pid}`, { ...cur, pedidos_det: [{ ...l1, pedido_det_id: 999999 }] }, editor);
    expect(bad.statusCode).toBe(400);
  });

  it('lists by machine and dates with hidden details; validates input; 401/403/404', async () => {
    const other = await seedMachine(t.database.db, 'VOLQUETE');
    await send('POST', '/api/pedidos', { ...body([{ insumo_id: s2, cantidad: 1 }]), maquinaria_id: other.id, fecha: '2024-09-01' });
    const all = (await send('POST', '/api/pedidos/list', { maquinaria_id: 0, fini: '2024-01-01', ffin: '2024-12-31' })).json();
    expect(all.map((r: { fecha: string }) => r.fecha)).toEqual(['2024-09-01', '2024-08-01']);
    const mine = (await send('POST', '/api/pedidos/list', { maquinaria_id: maq.id, fini: '2024-08-01', ffin: '2024-08-31' })).json();
    expect(mine).toEqual([
      {
        pedido_id: pid,
        fecha: '2024-08-01',
        maquinaria_id: maq.id,
        placa: maq.placa,
        estado: 1,
        observacion: 'Atendido parcial',
        created_at: expect.any(String),
        detalle: 'PED-1 Cuchilla de motoniveladora x 3 UND; PED-2 Refrigerante x 4 GLN',
      },
    ]);
    expect((await send('POST', '/api/pedidos', body([{ insumo_id: s1, cantidad: -1 }]))).statusCode).toBe(400);
    expect((await send('POST', '/api/pedidos', body([{ insumo_id: 999999, cantidad: 1 }]))).statusCode).toBe(400);
    expect((await send('POST', '/api/pedidos', body([{ insumo_id: s1, cantidad: 1 }], { maquinaria_id: 999999 }))).statusCode).toBe(400);
    expect((await send('POST', '/api/pedidos', body([{ insumo_id: s1, cantidad: 1 }], { estado: 5 }))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/pedidos/list', payload: {} })).statusCode).toBe(401);
    const reader = (await createUser(t, [47, 52])).token;
    expect((await send('POST', '/api/pedidos', body([{ insumo_id: s1, cantidad: 1 }]), reader)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/pedidos/${pid}`, undefined, reader)).statusCode).toBe(403);
    expect((await get('/api/pedidos/999999')).statusCode).toBe(404);
  });

  it('deletes a request with its lines', async () => {
    // Sent as some API clients do: JSON content type, empty body.
    const del = await call(t.app, editor, {
      method: 'DELETE',
      url: `/api/pedidos/${pid}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/pedidos/${pid}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/pedidos/${pid}`)).statusCode).toBe(404);
  });
});
