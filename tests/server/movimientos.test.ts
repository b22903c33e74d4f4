import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extPersonas, insumosMaquinaria } from '../../src/server/db/schema/index';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, type TestApp, createTestApp, login } from './helpers';

const ITEMS = [
  { insumo_codigo: 'KAR-1', insumo_name: 'Llanta 17.5-25', cantidad: 8, unimed: 'UND', precio_unitario: 1800 },
  { insumo_codigo: 'KAR-2', insumo_name: 'Petróleo diésel', cantidad: 100, unimed: 'GLN', precio_unitario: 16.2 },
];

describe('kardex (/api/movimientos/list) and the machine and operator reads', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number; placa: string };
  let k1: number;
  let k2: number;
  const post = (url: string, payload: object) => call(t.app, token, { method: 'POST', url, payload });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const exit = (vale: string, fecha: string, lines: object[]) =>
    post('/api/salidas', { nro_vale: vale, fecha, maquinaria_id: maq.id, operador_dni: '43000001', salidas_det: lines });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    maq = await seedMachine(t.database.db, 'TRACTOR ORUGA');
    await seedOperator(t.database.db, '43000001', 'CCAHUANA QUISPE, LUIS');
    await seedOperator(t.database.db, '43000999', 'ROJAS PAUCAR, ANA');
    await seedOrder(t.database.db, {
      orden_id: 5001,
      nro: '5001',
      anio: 2023,
      proveedor: 'NEUMATICOS SAC',
      items: ITEMS,
      guias: [{ nro_guiaremision: 'G-50', fecha_guiaremision: '2023-03-01' }],
    });
    const e = await post('/api/ingresos', { ...entryBody('5001', 2023, ITEMS), fecha: '2023-03-01' });
    [k1, k2] = e.json().ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
    await exit('V-10', '2023-04-10', [
      { insumo_id: k1, cantidad: 2 },
      { insumo_id: k2, cantidad: 30.25 },
    ]);
    await exit('V-11', '2024-01-05', [{ insumo_id: k1, cantidad: 1 }]);
    await exit('V-12', '2024-02-01', [{ insumo_id: k2, cantidad: 10 }]);
  });
  afterAll(() => t.close());

  it('lists one supply in order with the running balance', async () => {
    const rows = (await post('/api/movimientos/list', { insumo_id: k1 })).json();
    expect(
      rows.map((r: { tipo: string; ingreso: number; salida: number; saldo: number }) => [r.tipo, r.ingreso, r.salida, r.saldo]),
    ).toEqual([
      ['INGRESO', 8, 0, 8],
      ['SALIDA', 0, 2, 6],
      ['SALIDA', 0, 1, 5],
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      insumo_id: k1,
      insumo_codigo: 'KAR-1',
      insumo_name: 'Llanta 17.5-25',
      fecha: '2023-03-01',
      tipo: 'INGRESO',
      proveedor: 'NEUMATICOS SAC',
      nro_guiaremision: 'G-50',
      ingreso: 8,
      salida: 0,
      costo_unitario: 1800,
      importe: 14400,
      saldo: 8,
      saldo_importe: 14400,
    });
    expect(rows[1]).toMatchObject({ proveedor: maq.placa, nro_guiaremision: 'V-10' });
  });

  it('opens each supply with its balance before fini (Todos = 0 covers every supply)', async () => {
    const rows = (await post('/api/movimientos/list', { insumo_id: 0, fini: '2024-01-01', ffin: '2024-12-31' })).json();
    type Row = { insumo_codigo: string; tipo: string; nro_guiaremision: string; saldo: number; saldo_importe: number };
    expect(rows.map((r: Row) => [r.insumo_codigo, r.tipo, r.nro_guiaremision, r.saldo, r.saldo_importe])).toEqual([
      ['KAR-1', 'SALDO', '', 6, 10800],
      ['KAR-1', 'SALIDA', 'V-11', 5, 9000],
      ['KAR-2', 'SALDO', '', 69.75, 1129.95],
      ['KAR-2', 'SALIDA', 'V-12', 59.75, 967.95],
    ]);
    expect(
      (await post('/api/movimientos/list', { insumo_id: k2, fini: '2023-04-01', ffin: '2023-12-31' }))
        .json()
        .map((r: Row) => [r.tipo, r.saldo]),
    ).toEqual([
      ['SALDO', 100],
      ['SALIDA', 69.75],
    ]);
    expect(
      (await post('/api/movimientos/list', { insumo_id: k2, fini: '2025-01-01' }))
        .json()
        .map((r: Row) => [r.tipo, r.saldo, r.saldo_importe]),
    ).toEqual([['SALDO', 59.75, 967.95]]);
  });

  it('pages large answers (limit/offset, X-Next-Offset) and validates the filter', async () => {
    const page1 = await post('/api/movimientos/list', { insumo_id: 0, limit: 3, fini: '2023-01-01', ffin: '2024-12-31' });
    expect(page1.json()).toHaveLength(3);
    expect(page1.headers['x-next-offset']).toBe('3');
    const page2 = await post('/api/movimientos/list', { insumo_id: 0, limit: 3, offset: 3, fini: '2023-01-01', ffin: '2024-12-31' });
    expect(page2.json().map((r: { saldo: number }) => r.saldo)).toEqual([100, 69.75, 59.75]);
    expect(page2.headers['x-next-offset']).toBeUndefined();
    expect((await post('/api/movimientos/list', { insumo_id: 'x' })).statusCode).toBe(400);
    expect((await post('/api/movimientos/list', { fini: '2024-02-01', ffin: '2024-01-01' })).statusCode).toBe(400);
    expect((await post('/api/movimientos/list', { limit: 999999 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/movimientos/list', payload: {} })).statusCode).toBe(401);
  });

  it('GET /api/maquinarias lists machines with año_fabrica and their parts', async () => {
    await t.database.db
      .insert(insumosMaquinaria)
      .values({ maquinaria_id: maq.id, insumo_id: k1, hour_warning: 100, hour_critical: 150, horas_limite: 200 });
    const rows = (await get('/api/maquinarias')).json();
    // The wear figures of each part come from lib/wear.ts (tested in maquinarias.test.ts); here, the shape.
    expect(rows).toEqual([
      expect.objectContaining({
        id: maq.id,
        descripcion: 'TRACTOR ORUGA',
        marca: 'CATERPILLAR',
        modelo: '950H',
        placa: maq.placa,
        estado: 0,
        año_fabrica: 2015,
        horometro: true,
        horometro_actual: 0,
        insumos: [
          expect.objectContaining({
            insumo_maq_id: expect.any(Number),
            insumo_id: k1,
            insumo_codigo: 'KAR-1',
            insumo_name: 'Llanta 17.5-25',
            horas_alerta: { hour_warning: 100, hour_critical: 150 },
            horas_limite: 200,
            last_date_mantenimiento: null,
            create_insumo_maq: expect.stringMatching(/Z$/),
            contador: 0,
            nivel: 'info',
            fecha_limite: null,
          }),
        ],
      }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/maquinarias' })).statusCode).toBe(401);
  });

  it('operators: list, DNI suggestions (max 10) and the identity-registry lookup', async () => {
    const list = (await get('/api/operadores')).json();
    expect(list.map((o: { dni: string }) => o.dni)).toEqual(['43000001', '43000999']);
    expect((await get('/api/operadores/suggestdni/43000')).json()).toEqual({
      items: [
        { operador_id: expect.any(Number), dni: '43000001', nombres: 'CCAHUANA QUISPE, LUIS' },
        { operador_id: expect.any(Number), dni: '43000999', nombres: 'ROJAS PAUCAR, ANA' },
      ],
    });
    expect((await get('/api/operadores/suggestdni/4300099')).json().items).toHaveLength(1);
    expect((await get('/api/operadores/suggestdni/abc')).statusCode).toBe(400);
    await t.database.db.insert(extPersonas).values({
      dni: '70123456',
      prenombres: 'MARIA ELENA',
      ap_primer: 'QUISPE',
      ap_segundo: 'HUAMAN',
      direccion: 'JR. LIMA 123',
      fecha_nac: '1990-05-01',
      celular: '987654321',
      email: null,
    });
    expect((await get('/api/operadores/searchdni/70123456')).json()).toEqual([
      {
        indiv_id: expect.any(Number),
        indiv_appaterno: 'QUISPE',
        indiv_apmaterno: 'HUAMAN',
        indiv_nombres: 'MARIA ELENA',
        indiv_direccion1: 'JR. LIMA 123',
        indiv_fechanac: '1990-05-01',
        indiv_celular: '987654321',
        indiv_email: null,
      },
    ]);
    expect((await get('/api/operadores/searchdni/70000000')).json()).toEqual([]);
    expect((await get('/api/operadores/searchdni/123')).statusCode).toBe(400);
  });
});
