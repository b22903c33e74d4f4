import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { entryBody, seedOrder } from './fixtures';
import { call, type TestApp, createTestApp, login, createUser } from './helpers';

describe('supplies API (/api/insumos)', () => {
  let t: TestApp;
  let token: string;
  let und: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    const units = (await call(t.app, token, { method: 'GET', url: '/api/pedidos/unimeds' })).json();
    und = units.find((u: { unimed_abrev: string }) => u.unimed_abrev === 'UND').unimed_id;
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, tok = token) => call(t.app, tok, { method: 'POST', url: '/api/insumos', payload: body });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insumos' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/insumos', payload: {} })).statusCode).toBe(401);
  });

  it('lists the units of measure', async () => {
    const res = await call(t.app, token, { method: 'GET', url: '/api/pedidos/unimeds' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ unimed_id: expect.any(Number), unimed_abrev: expect.any(String) });
  });

  it('creates a supply (201) with stock 0 and lists it', async () => {
    const res = await create({
      insumo_codigo: 'fil-001',
      insumo_name: 'Filtro de aceite motor',
      unimed_id: und,
      hour_warning: 100,
      hour_critical: 200,
      horas_limite: 300,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ insumo_codigo: 'FIL-001', unimed: 'UND', unimed_id: und, stock: 0 });
    const list = (await call(t.app, token, { method: 'GET', url: '/api/insumos' })).json();
    expect(list).toContainEqual({
      id: res.json().id,
      insumo_codigo: 'FIL-001',
      insumo_name: 'Filtro de aceite motor',
      unimed: 'UND',
      unimed_id: und,
      stock: 0,
      costo_promedio: 0,
      valor_stock: 0,
    });
  });

  it('refuses a duplicate code with 409 and invalid input with 400', async () => {
    const dup = await create({ insumo_codigo: 'FIL-001', insumo_name: 'Otro', unimed_id: und });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.duplicateCode);
    const bad = await create({ insumo_codigo: '', insumo_name: 'x', unimed_id: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['insumo_codigo', 'unimed_id']));
    const unit = await create({ insumo_codigo: 'X-1', insumo_name: 'x', unimed_id: 99999 });
    expect(unit.statusCode).toBe(400);
  });

  it('answers 403 to a user without code 46', async () => {
    const other = (await createUser(t, [47, 56])).token;
    expect((await create({ insumo_codigo: 'NOPE', insumo_name: 'x', unimed_id: und }, other)).statusCode).toBe(403);
    expect((await call(t.app, other, { method: 'GET', url: '/api/insumos' })).statusCode).toBe(200);
  });

  it('searches code or name without case or accents, in both shapes, at most 20', async () => {
    await create({ insumo_codigo: 'ACE-15W40', insumo_name: 'Aceite lubricante Motor 15W40', unimed_id: und });
    await create({ insumo_codigo: 'GRA-01', insumo_name: 'Grasa para rodamientos (camión)', unimed_id: und });
    const salida = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=CAMION' })).json();
    expect(salida.items).toEqual([
      { id: expect.any(Number), insumo_codigo: 'GRA-01', insumo_name: 'Grasa para rodamientos (camión)', unimed: 'UND', stock: 0 },
    ]);
    const pedido = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=ace&mode=pedido' })).json();
    expect(pedido.items[0]).toEqual({
      bien_id: expect.any(Number),
      bien_nombre: 'Aceite lubricante Motor 15W40',
      codigo: 'ACE-15W40',
      unimed_id: und,
      unimed_abrev: 'UND',
    });
    expect(pedido.items.map((i: { codigo: string }) => i.codigo)).toContain('FIL-001'); // 'aceite' in the name
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=' })).json()).toEqual({ items: [] });
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=%25' })).json()).toEqual({ items: [] });
    const byPath = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search/fil' })).json();
    expect(byPath.items.map((i: { insumo_codigo: string }) => i.insumo_codigo)).toEqual(['FIL-001']);
    for (let i = 0; i < 25; i++) await create({ insumo_codigo: `LOTE-${i}`, insumo_name: `Perno lote ${i}`, unimed_id: und });
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=perno' })).json().items).toHaveLength(20);
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=x&mode=otro' })).statusCode).toBe(400);
  });

  it('answers part hours by id or code, with defaults, and 404 when unknown', async () => {
    const own = await call(t.app, token, { method: 'GET', url: '/api/insumos/search_horas/fil-001' });
    expect(own.json()).toEqual({ data: { horas_alerta: { hour_warning: 100, hour_critical: 200 }, horas_limite: 300 } });
    const id = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search/GRA-01' })).json().items[0].id;
    const dflt = await call(t.app, token, { method: 'GET', url: `/api/insumos/search_horas/${id}` });
    expect(dflt.json()).toEqual({ data: { horas_alerta: { hour_warning: 250, hour_critical: 400 }, horas_limite: 500 } });
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search_horas/NADA-999' })).statusCode).toBe(404);
  });

  it('updates a supply (search text follows) and refuses taking another code', async () => {
    const id = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search/GRA-01' })).json().items[0].id;
    const res = await call(t.app, token, {
      method: 'PUT',
      url: `/api/insumos/${id}`,
      payload: { insumo_codigo: 'GRA-01', insumo_name: 'Grasa de litio', unimed_id: und },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, token, { method: 'GET', url: '/api/insumos/search?q=litio' })).json().items[0].id).toBe(id);
    const taken = await call(t.app, token, {
      method: 'PUT',
      url: `/api/insumos/${id}`,
      payload: { insumo_codigo: 'FIL-001', insumo_name: 'x', unimed_id: und },
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (
        await call(t.app, token, {
          method: 'PUT',
          url: '/api/insumos/999999',
          payload: { insumo_codigo: 'Z', insumo_name: 'x', unimed_id: und },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes an unused supply, refuses one with movements', async () => {
    const id = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search/LOTE-0' })).json().items[0].id;
    expect((await call(t.app, token, { method: 'DELETE', url: `/api/insumos/${id}` })).statusCode).toBe(200);
    expect((await call(t.app, token, { method: 'GET', url: `/api/insumos/${id}` })).statusCode).toBe(404);
    expect((await call(t.app, token, { method: 'DELETE', url: `/api/insumos/${id}` })).statusCode).toBe(404);

    const items = [{ insumo_codigo: 'FIL-001', insumo_name: 'Filtro de aceite motor', cantidad: 5, unimed: 'UND' }];
    await seedOrder(t.database.db, { orden_id: 7001, nro: '7001', anio: 2024, items });
    expect((await call(t.app, token, { method: 'POST', url: '/api/ingresos', payload: entryBody('7001', 2024, items) })).statusCode).toBe(
      201,
    );
    const fil = (await call(t.app, token, { method: 'GET', url: '/api/insumos/search/FIL-001' })).json().items[0];
    expect(fil.stock).toBe(5);
    const res = await call(t.app, token, { method: 'DELETE', url: `/api/insumos/${fil.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.supplyInUse);
  });
});
