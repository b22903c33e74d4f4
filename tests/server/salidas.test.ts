// Each test runs on its own database (beforeEach): two supplies in stock from one entry (SAL-A 10 GLN, SAL-B 5 UND),
// two machines and an operator. What a test needs before it (the first exit, V-IDEM, V-RETRO, the edits of the first
// exit) it makes itself with the steps below, so any test runs alone or in any order.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, type TestApp, createTestApp, login, createUser } from './helpers';

const ITEMS = [
  { insumo_codigo: 'SAL-A', insumo_name: 'Aceite motor 15W40', cantidad: 10, unimed: 'GLN' },
  { insumo_codigo: 'SAL-B', insumo_name: 'Filtro de aire', cantidad: 5, unimed: 'UND' },
];

describe('warehouse exits API (/api/salidas)', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number; placa: string };
  let maq2: { id: number; placa: string };
  let op: number;
  let A: number;
  let B: number;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, key?: string, tok = token) =>
    call(t.app, tok, { method, url, payload, key });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const stock = async (id: number) => (await get(`/api/insumos/${id}`)).json().stock;
  const exit = (lines: { insumo_id: number; cantidad: number; salida_det_id?: number }[], extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    nro_vale: 'V-0001',
    fecha: '2024-05-02',
    maquinaria_id: maq.id,
    operador_dni: '41234567',
    salidas_det: lines,
    ...extra,
  });

  beforeEach(async () => {
    t = await createTestApp();
    token = await login(t.app);
    maq = await seedMachine(t.database.db, 'CARGADOR FRONTAL');
    maq2 = await seedMachine(t.database.db, 'RETROEXCAVADORA');
    op = await seedOperator(t.database.db, '41234567', 'HUAMAN ROJAS, PEDRO');
    await seedOrder(t.database.db, { orden_id: 8001, nro: '8001', anio: 2024, items: ITEMS });
    const e = await send('POST', '/api/ingresos', entryBody('8001', 2024, ITEMS));
    [A, B] = e.json().ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
  });
  afterEach(() => t.close());

  // The steps a test builds its data with (each checks that the server took it).
  /** V-0001 for the CARGADOR FRONTAL on 2024-05-02 by the operator's DNI: 2.5 of SAL-A and 1 of SAL-B. */
  const postFirst = () =>
    send(
      'POST',
      '/api/salidas',
      exit([
        { insumo_id: A, cantidad: 2.5 },
        { insumo_id: B, cantidad: 1 },
      ]),
    );
  const createFirst = async (): Promise<number> => {
    const res = await postFirst();
    expect(res.statusCode, `first exit: ${res.body}`).toBe(201);
    return res.json().id;
  };
  /** V-IDEM: 1 of SAL-A, the operator given by id. */
  const idemBody = () => exit([{ insumo_id: A, cantidad: 1 }], { nro_vale: 'V-IDEM', operador_id: op, operador_dni: null });
  const createIdem = async () => {
    const res = await send('POST', '/api/salidas', idemBody());
    expect(res.statusCode, `V-IDEM: ${res.body}`).toBe(201);
  };
  /** V-RETRO: 1 of SAL-B for the RETROEXCAVADORA on 2024-07-01. */
  const postRetro = () =>
    send(
      'POST',
      '/api/salidas',
      exit([{ insumo_id: B, cantidad: 1 }], { nro_vale: 'V-RETRO', maquinaria_id: maq2.id, fecha: '2024-07-01' }),
    );
  const createRetro = async () => {
    const res = await postRetro();
    expect(res.statusCode, `V-RETRO: ${res.body}`).toBe(201);
  };
  /** The first exit's edit: V-0001B on 2024-05-03, its SAL-A line set to 4, its SAL-B line trashed for a new 0.5. */
  const editBody = async (first: number) => {
    const cur = (await get(`/api/salidas/${first}`)).json();
    const [la, lb] = cur.salidas_det;
    return exit(
      [
        { ...la, cantidad: 4, old_cantidad: 999 },
        { insumo_id: B, cantidad: 0.5, observacion: 'repuesto' },
      ],
      { editorMode: 'editar', nro_vale: 'V-0001B', fecha: '2024-05-03', trash: [lb.salida_det_id] },
    );
  };
  /** Both edits of the first exit, as 'edits lines by the STORED quantity…' makes them: then SAL-A to 9. */
  const editFirst = async (first: number) => {
    const body = await editBody(first);
    const res = await send('PUT', `/api/salidas/${first}`, body);
    expect(res.statusCode, `edit: ${res.body}`).toBe(200);
    const lines = res.json().salidas_det;
    const again = await send('PUT', `/api/salidas/${first}`, { ...body, salidas_det: [{ ...lines[0], cantidad: 9 }, lines[1]], trash: [] });
    expect(again.statusCode, `second edit: ${again.body}`).toBe(200);
  };

  it('creates an exit resolving the operator by DNI; stock and SALIDA movements follow', async () => {
    const res = await postFirst();
    expect(res.statusCode).toBe(201);
    const s = res.json();
    const first = s.id;
    expect(s).toMatchObject({
      nro_vale: 'V-0001',
      fecha: '2024-05-02',
      maquinaria_id: maq.id,
      maquinaria: 'CARGADOR FRONTAL',
      placa: maq.placa,
      operador_id: op,
      operador_dni: '41234567',
      operador_name: 'HUAMAN ROJAS, PEDRO',
    });
    expect(s.salidas_det[0]).toEqual({
      salida_det_id: expect.any(Number),
      salida_id: first,
      insumo_id: A,
      insumo_codigo: 'SAL-A',
      insumo_name: 'Aceite motor 15W40',
      unimed: 'GLN',
      cantidad: 2.5,
      old_cantidad: 2.5,
      stock: 7.5,
      observacion: null,
    });
    expect(await stock(A)).toBe(7.5);
    expect(await stock(B)).toBe(4);
    const k = (await send('POST', '/api/movimientos/list', { insumo_id: A })).json();
    expect(k[1]).toMatchObject({
      tipo: 'SALIDA',
      fecha: '2024-05-02',
      proveedor: maq.placa,
      nro_guiaremision: 'V-0001',
      ingreso: 0,
      salida: 2.5,
      saldo: 7.5,
    });
  });

  it('GET /api/salidas/vales lists the exits that already carry a voucher number (any case, spaces ignored)', async () => {
    const first = await createFirst();
    const used = await get(`/api/salidas/vales?nro_vale=${encodeURIComponent(' v-0001 ')}`);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual([{ id: first, fecha: '2024-05-02', placa: maq.placa }]);
    expect((await get('/api/salidas/vales?nro_vale=V-9999')).json()).toEqual([]);
    expect((await get('/api/salidas/vales')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/salidas/vales?nro_vale=V-0001' })).statusCode).toBe(401);
  });

  it('refuses a line above stock with 409 and the Spanish message; nothing changes', async () => {
    await createFirst();
    const res = await send(
      'POST',
      '/api/salidas',
      exit([
        { insumo_id: B, cantidad: 1 },
        { insumo_id: A, cantidad: 7.51 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: MSG.stockUnavailable('SAL-A', '7.50'),
      errors: { 'salidas_det.1.cantidad': MSG.stockUnavailable('SAL-A', '7.50') },
    });
    expect(await stock(A)).toBe(7.5);
    expect(await stock(B)).toBe(4);
    // Two lines of the same supply add up.
    expect(
      (
        await send(
          'POST',
          '/api/salidas',
          exit([
            { insumo_id: B, cantidad: 3 },
            { insumo_id: B, cantidad: 1.5 },
          ]),
        )
      ).statusCode,
    ).toBe(409);
  });

  it('answers 400 for invalid input and unknown machine, operator or supply; 401 and 403 by session and role', async () => {
    const first = await createFirst();
    for (const body of [
      exit([{ insumo_id: A, cantidad: 0 }]),
      exit([]),
      exit([{ insumo_id: A, cantidad: 1 }], { operador_dni: '123' }),
      exit([{ insumo_id: A, cantidad: 1 }], { operador_dni: null }),
      exit([{ insumo_id: A, cantidad: 1 }], { operador_dni: '99999999' }),
      exit([{ insumo_id: A, cantidad: 1 }], { maquinaria_id: 999999 }),
      exit([{ insumo_id: 999999, cantidad: 1 }]),
      exit([{ insumo_id: A, cantidad: 1 }], { fecha: '2024-02-30' }),
      exit([{ insumo_id: A, cantidad: 1 }], { operador_id: op, operador_dni: '40000000' }),
    ]) {
      const res = await send('POST', '/api/salidas', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/salidas', payload: exit([]) })).statusCode).toBe(401);
    const reader = (await createUser(t, [47, 56])).token;
    expect((await send('POST', '/api/salidas', exit([{ insumo_id: A, cantidad: 1 }]), undefined, reader)).statusCode).toBe(403);
    expect((await send('PUT', `/api/salidas/${first}`, exit([{ insumo_id: A, cantidad: 1 }]), undefined, reader)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/salidas/${first}`, undefined, undefined, reader)).statusCode).toBe(403);
    expect(await stock(A)).toBe(7.5);
  });

  it('names the field of an unknown machine or operator, or of a DNI that is not the chosen operator', async () => {
    await createFirst();
    const line = [{ insumo_id: A, cantidad: 1 }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ maquinaria_id: 999999 }, MSG.machineNotFound, 'maquinaria_id'],
      [{ maquinaria_id: 999999, operador_dni: '99999999' }, MSG.machineNotFound, 'maquinaria_id'],
      [{ operador_dni: '99999999' }, MSG.operatorNotFound, 'operador_dni'],
      [{ operador_id: 999999, operador_dni: null }, MSG.operatorNotFound, 'operador_id'],
      [{ operador_id: op, operador_dni: '40000000' }, MSG.operatorMismatch, 'operador_dni'],
    ];
    for (const [extra, message, field] of cases) {
      const res = await send('POST', '/api/salidas', exit(line, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(await stock(A)).toBe(7.5);
  });

  it('replays the same Idempotency-Key: one exit, same answer; another body with it is a 409', async () => {
    await createFirst();
    const key = randomUUID();
    const body = idemBody();
    const one = await send('POST', '/api/salidas', body, key);
    const two = await send('POST', '/api/salidas', body, key);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotency-replayed']).toBe('true');
    expect(two.json()).toEqual(one.json());
    expect((await send('POST', '/api/salidas', { ...body, nro_vale: 'OTRO' }, key)).statusCode).toBe(409);
    const list = (await send('POST', '/api/salidas/list', { fini: '2024-01-01', ffin: '2024-12-31' })).json();
    expect(list.filter((r: { nro_vale: string }) => r.nro_vale === 'V-IDEM')).toHaveLength(1);
    expect(await stock(A)).toBe(6.5);
  });

  it('lists exits by machine and date range with the hidden detail', async () => {
    const first = await createFirst();
    await createIdem();
    await postRetro();
    const all = (await send('POST', '/api/salidas/list', { maquinaria_id: 0, fini: '2024-01-01', ffin: '2024-12-31' })).json();
    expect(all).toHaveLength(3);
    expect(all[0].nro_vale).toBe('V-RETRO');
    const byMachine = (await send('POST', '/api/salidas/list', { maquinaria_id: maq.id, fini: '2024-05-01', ffin: '2024-05-31' })).json();
    expect(byMachine.map((r: { nro_vale: string }) => r.nro_vale).sort()).toEqual(['V-0001', 'V-IDEM']);
    const row = byMachine.find((r: { id: number }) => r.id === first);
    expect(row).toEqual({
      id: first,
      fecha: '2024-05-02',
      nro_vale: 'V-0001',
      maquinaria_id: maq.id,
      maquinaria: 'CARGADOR FRONTAL',
      placa: maq.placa,
      operador_id: op,
      operador_dni: '41234567',
      operador_name: 'HUAMAN ROJAS, PEDRO',
      detalle: 'SAL-A Aceite motor 15W40 x 2.5; SAL-B Filtro de aire x 1',
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await send('POST', '/api/salidas/list', { fini: '2024-08-01', ffin: '2024-12-31' })).json()).toEqual([]);
    expect((await send('POST', '/api/salidas/list', { maquinaria_id: -1 })).statusCode).toBe(400);
  });

  it('edits lines by the STORED quantity (client old_cantidad ignored), adds, trashes and moves the kardex', async () => {
    const first = await createFirst();
    await createIdem();
    await createRetro();
    const body = await editBody(first);
    const res = await send('PUT', `/api/salidas/${first}`, body);
    expect(res.statusCode).toBe(200);
    expect(await stock(A)).toBe(5); // 6.5 - (4 - 2.5)
    expect(await stock(B)).toBe(3.5); // 3 + 1 (trashed) - 0.5
    const lines = res.json().salidas_det;
    expect(lines.map((l: { insumo_id: number; cantidad: number }) => [l.insumo_id, l.cantidad])).toEqual([
      [A, 4],
      [B, 0.5],
    ]);
    const k = (await send('POST', '/api/movimientos/list', { insumo_id: A })).json();
    expect(k.find((m: { nro_guiaremision: string }) => m.nro_guiaremision === 'V-0001B')).toMatchObject({ fecha: '2024-05-03', salida: 4 });
    expect(k.at(-1).saldo).toBe(5);

    const over = await send('PUT', `/api/salidas/${first}`, {
      ...body,
      salidas_det: [{ ...lines[0], cantidad: 9.01 }, lines[1]],
      trash: [],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(MSG.stockUnavailable('SAL-A', '9.00'));
    expect(
      (await send('PUT', `/api/salidas/${first}`, { ...body, salidas_det: [{ ...lines[0], cantidad: 9 }, lines[1]], trash: [] }))
        .statusCode,
    ).toBe(200);
    expect(await stock(A)).toBe(0);
  });

  it('refuses lines of another exit and unknown ids (400, 404)', async () => {
    const first = await createFirst();
    await createRetro();
    const other = (await send('POST', '/api/salidas/list', { maquinaria_id: maq2.id, fini: '2024-01-01', ffin: '2024-12-31' })).json()[0];
    const otherLine = (await get(`/api/salidas/${other.id}`)).json().salidas_det[0];
    const cur = (await get(`/api/salidas/${first}`)).json();
    const res = await send('PUT', `/api/salidas/${first}`, exit(cur.salidas_det, { trash: [otherLine.salida_det_id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.lineNotInRecord);
    expect((await send('PUT', '/api/salidas/999999', exit([{ insumo_id: A, cantidad: 1 }]))).statusCode).toBe(404);
    expect((await get('/api/salidas/999999')).statusCode).toBe(404);
    expect((await send('DELETE', '/api/salidas/999999')).statusCode).toBe(404);
  });

  it('deleting an exit returns its stock and removes its movements', async () => {
    const first = await createFirst();
    await createIdem();
    await editFirst(first);
    const before = await stock(B);
    // Sent as some API clients do: JSON content type, empty body.
    const res = await call(t.app, token, {
      method: 'DELETE',
      url: `/api/salidas/${first}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(await stock(A)).toBe(9);
    expect(await stock(B)).toBe(before + 0.5);
    const k = (await send('POST', '/api/movimientos/list', { insumo_id: A })).json();
    expect(k.map((m: { nro_guiaremision: string }) => m.nro_guiaremision)).not.toContain('V-0001B');
    expect(k.at(-1).saldo).toBe(9);
  });
});
