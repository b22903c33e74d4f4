import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD, MSG } from '@shared/messages';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, type TestApp, createTestApp, login, createUser } from './helpers';

const GUIAS = [
  { nro_guiaremision: 'G001-123', fecha_guiaremision: '2024-03-01' },
  { nro_guiaremision: 'G001-124', fecha_guiaremision: '2024-03-05' },
];
const ITEMS = [
  {
    insumo_codigo: 'ING-ACE',
    insumo_name: 'Aceite hidráulico',
    cantidad: 10,
    unimed: 'GLN',
    cotidet_marca: 'SHELL',
    precio_unitario: 58.5,
  },
  { insumo_codigo: 'ING-BOL', insumo_name: 'Bolsa de cemento', cantidad: 20.5, unimed: 'BOL', cotidet_marca: 'ANDINO' },
];

describe('warehouse entries API (/api/ingresos)', () => {
  let t: TestApp;
  let token: string;
  const post = (url: string, payload: object, tok = token) => call(t.app, tok, { method: 'POST', url, payload });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const kardexOf = async (insumo_id: number) => (await post('/api/movimientos/list', { insumo_id })).json();

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    await seedOrder(t.database.db, {
      orden_id: 9001,
      nro: '0000123',
      anio: 2024,
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      items: ITEMS,
      guias: GUIAS,
    });
    await seedOrder(t.database.db, {
      orden_id: 9002,
      nro: '0000124',
      anio: 2024,
      items: [{ insumo_codigo: 'ING-ACE', insumo_name: 'Aceite hidráulico', cantidad: 4, unimed: 'GLN' }],
    });
    await seedOrder(t.database.db, {
      orden_id: 9003,
      nro: '0000125',
      anio: 2025,
      items: [{ insumo_codigo: 'ING-FIL', insumo_name: 'Filtro', cantidad: 3, unimed: 'UND' }],
    });
  });
  afterAll(() => t.close());

  it('looks up a purchase order: items, brands and delivery notes', async () => {
    const res = await post('/api/ingresos/getinforden', { nro_ordencompra: '0000123', anio: 2024 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toEqual({
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      nro_ordencompra: '0000123',
      orden_id: 9001,
      fecha_ordencompra: '2024-01-15',
      insumo_codigo: 'ING-ACE',
      insumo_name: 'Aceite hidráulico',
      cantidad: 10,
      unimed: 'GLN',
      precio_unitario: 58.5,
    });
    expect(body.marcas).toEqual([{ cotidet_marca: 'SHELL' }, { cotidet_marca: 'ANDINO' }]);
    expect(body.guias).toEqual(GUIAS);
    expect(body.registrado).toBeNull(); // not entered yet
  });

  it('answers 404 for an unknown order, 400 for a year outside 2022..server year, 401/403 by session and role', async () => {
    const nf = await post('/api/ingresos/getinforden', { nro_ordencompra: '999', anio: 2024 });
    expect(nf.statusCode).toBe(404);
    expect(nf.json().message).toBe(MSG.orderNotFound);
    const old = await post('/api/ingresos/getinforden', { nro_ordencompra: '0000123', anio: 2021 });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.anio).toBe(FIELD.orderYearFrom);
    expect((await post('/api/ingresos/getinforden', { nro_ordencompra: '0000123', anio: 2099 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/ingresos/getinforden', payload: {} })).statusCode).toBe(401);
    const viewer = (await createUser(t, [47, 48])).token;
    expect((await post('/api/ingresos/getinforden', { nro_ordencompra: '0000123', anio: 2024 }, viewer)).statusCode).toBe(403);
    expect((await post('/api/ingresos', entryBody('0000123', 2024, ITEMS), viewer)).statusCode).toBe(403);
  });

  it('refuses lines outside the order or above its quantities (422) and an entry without lines (400)', async () => {
    const extra = await post(
      '/api/ingresos',
      entryBody('0000123', 2024, [...ITEMS, { insumo_codigo: 'OTRO', insumo_name: 'x', cantidad: 1, unimed: 'UND' }]),
    );
    expect(extra.statusCode).toBe(422);
    expect(extra.json().message).toBe(MSG.entryLineNotInOrder('OTRO'));
    const over = await post('/api/ingresos', entryBody('0000123', 2024, [{ ...ITEMS[0], cantidad: 10.01 }]));
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(MSG.entryLineExceedsOrder('ING-ACE', '10.00'));
    expect((await post('/api/ingresos', entryBody('0000123', 2024, []))).statusCode).toBe(400);
    const guide = await post('/api/ingresos', entryBody('0000123', 2024, ITEMS, { nro_guiaremision: 'G999' }));
    expect(guide.statusCode).toBe(422);
    expect((await get('/api/insumos')).json().filter((i: { insumo_codigo: string }) => i.insumo_codigo.startsWith('ING-'))).toEqual([]);
  });

  let entryId: number;
  it('creates the entry: supplies by code (unit by abbreviation), stock and INGRESO movements', async () => {
    const res = await post('/api/ingresos', entryBody('0000123', 2024, ITEMS, { nro_guiaremision: 'G001-124', guias_remision: GUIAS }));
    expect(res.statusCode).toBe(201);
    const e = res.json();
    entryId = e.id;
    expect(e).toMatchObject({
      nro_ordencompra: '0000123',
      anio: 2024,
      orden_id: 9001,
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      fecha: '2024-02-01',
      nro_guiaremision: 'G001-124',
      fecha_guiaremision: '2024-03-05',
    });
    expect(e.guias_remision).toEqual(GUIAS);
    expect(
      e.ingresos_det.map((l: { insumo: object; cantidad: number; unimed: string; marca: string }) => [
        l.insumo,
        l.cantidad,
        l.unimed,
        l.marca,
      ]),
    ).toEqual([
      [{ insumo_codigo: 'ING-ACE', insumo_name: 'Aceite hidráulico' }, 10, 'GLN', 'SHELL'],
      [{ insumo_codigo: 'ING-BOL', insumo_name: 'Bolsa de cemento' }, 20.5, 'BOL', 'ANDINO'],
    ]);
    const supplies = (await get('/api/insumos')).json();
    const bol = supplies.find((i: { insumo_codigo: string }) => i.insumo_codigo === 'ING-BOL');
    expect(bol).toMatchObject({ unimed: 'BOL', stock: 20.5 });
    const k = await kardexOf(bol.id);
    expect(k).toEqual([
      expect.objectContaining({
        tipo: 'INGRESO',
        fecha: '2024-02-01',
        proveedor: 'LUBRICANTES DEL CENTRO SAC',
        nro_guiaremision: 'G001-124',
        ingreso: 20.5,
        salida: 0,
        saldo: 20.5,
      }),
    ]);
    expect((await get(`/api/ingresos/${entryId}`)).json()).toEqual(e);
  });

  it('refuses a second entry for the same order with 422, also when both race', async () => {
    const again = await post('/api/ingresos', entryBody('123', 2024, ITEMS));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: MSG.orderAlreadyRegistered });
    // The lookup already says so, before the clerk fills anything.
    const info = (await post('/api/ingresos/getinforden', { nro_ordencompra: '0000123', anio: 2024 })).json();
    expect(info.registrado).toMatchObject({ id: expect.any(Number), fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const race = await Promise.all(
      [1, 2, 3].map(() =>
        post(
          '/api/ingresos',
          entryBody('0000125', 2025, [{ insumo_codigo: 'ING-FIL', insumo_name: 'Filtro', cantidad: 3, unimed: 'UND' }], {
            fecha: '2025-02-01',
          }),
        ),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    for (const r of race.filter((x) => x.statusCode === 422)) expect(r.json().message).toBe(MSG.orderAlreadyRegistered);
    const fil = (await get('/api/insumos/search/ING-FIL')).json().items[0];
    expect(fil.stock).toBe(3);
  });

  it('lists entries in a date range, newest first, with every delivery note', async () => {
    await post('/api/ingresos', {
      ...entryBody('0000124', 2024, [{ insumo_codigo: 'ING-ACE', insumo_name: 'Aceite hidráulico', cantidad: 4, unimed: 'GLN' }]),
      fecha: '2024-06-10',
    });
    const rows = (await post('/api/ingresos/list', { fini: '2024-01-01', ffin: '2024-12-31' })).json();
    expect(rows.map((r: { nro_ordencompra: string }) => r.nro_ordencompra)).toEqual(['0000124', '0000123']);
    expect(rows[1]).toEqual({
      id: entryId,
      fecha: '2024-02-01',
      nro_ordencompra: '0000123',
      anio: 2024,
      fecha_ordencompra: '2024-01-15',
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
      nro_guiaremision: 'G001-124',
      fecha_guiaremision: '2024-03-05',
      guias: 'G001-123 (2024-03-01), G001-124 (2024-03-05)',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await post('/api/ingresos/list', { fini: '2024-03-01', ffin: '2024-12-31' })).json()).toHaveLength(1);
    expect((await post('/api/ingresos/list', { fini: '2024-01-01', ffin: '2025-12-31' })).json()).toHaveLength(3);
    expect((await post('/api/ingresos/list', { fini: '2024-12-31', ffin: '2024-01-01' })).statusCode).toBe(400);
    expect((await get('/api/ingresos/999999')).statusCode).toBe(404);
  });

  it('view mode changes only the selected delivery note, in the entry and its movements', async () => {
    const res = await call(t.app, token, {
      method: 'PUT',
      url: `/api/ingresos/${entryId}`,
      payload: { nro_guiaremision: 'G001-123', proveedor: 'IGNORADO' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nro_guiaremision: 'G001-123',
      fecha_guiaremision: '2024-03-01',
      proveedor: 'LUBRICANTES DEL CENTRO SAC',
    });
    const bol = (await get('/api/insumos/search/ING-BOL')).json().items[0];
    expect((await kardexOf(bol.id))[0].nro_guiaremision).toBe('G001-123');
    expect(
      (await call(t.app, token, { method: 'PUT', url: `/api/ingresos/${entryId}`, payload: { nro_guiaremision: 'G404' } })).statusCode,
    ).toBe(422);
    const noView = (await createUser(t, [47, 48, 49])).token;
    expect(
      (await call(t.app, noView, { method: 'PUT', url: `/api/ingresos/${entryId}`, payload: { nro_guiaremision: 'G001-124' } })).statusCode,
    ).toBe(403);
  });

  it('refuses deleting an entry whose stock was issued (409), deletes it once returned', async () => {
    const maq = await seedMachine(t.database.db);
    const op = await seedOperator(t.database.db, '40111222');
    const bol = (await get('/api/insumos/search/ING-BOL')).json().items[0];
    const exit = await post('/api/salidas', {
      nro_vale: 'V-1',
      fecha: '2024-04-01',
      maquinaria_id: maq.id,
      operador_id: op,
      salidas_det: [{ insumo_id: bol.id, cantidad: 1 }],
    });
    expect(exit.statusCode).toBe(201);
    const refused = await call(t.app, token, {
      method: 'DELETE',
      url: `/api/ingresos/${entryId}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.entryStockIssued);
    expect((await get(`/api/ingresos/${entryId}`)).statusCode).toBe(200);
    expect((await call(t.app, token, { method: 'DELETE', url: `/api/salidas/${exit.json().id}` })).statusCode).toBe(200);
    // Sent as some API clients do: JSON content type, empty body.
    const ok = await call(t.app, token, {
      method: 'DELETE',
      url: `/api/ingresos/${entryId}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/ingresos/${entryId}`)).statusCode).toBe(404);
    expect((await get('/api/insumos/search/ING-BOL')).json().items[0].stock).toBe(0);
    expect(await kardexOf(bol.id)).toEqual([]);
    const ace = (await get('/api/insumos/search/ING-ACE')).json().items[0];
    expect(ace.stock).toBe(4);
    expect((await call(t.app, token, { method: 'DELETE', url: `/api/ingresos/${entryId}` })).statusCode).toBe(404);
  });
});
