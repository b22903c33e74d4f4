// The monthly close on a small ledger built in 2024 (every month of it has ended), one app for the file, the tests in
// order: March and April are closed, then every kind of kardex write dated in a closed month is refused (online and
// as the outbox replays it, with an Idempotency-Key) while the open months take writes; April is reopened (code 78
// and a reason) and closed again. The valued stock each close stores is checked against figures computed by hand.
//
// Supply A: 03-05 in 10 @ 5.00 (50.00) · 03-20 out 4 (20.00) · 04-02 in 6 @ 6.00 (36.00, average 5.50) ·
//           04-10 out 3 (16.50) · 04-25 out 2 (11.00)  → April: opening 6 / 30.00, in 6 / 36.00, out 5 / 27.50,
//           closing 7 / 38.50.
// Supply B: 03-05 in 4 @ 20.00 (80.00) · 04-15 out 1 (20.00) → April: opening 4 / 80.00, out 1 / 20.00, closing 3 / 60.00.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { auditLog, movimientos } from '../../src/server/db/schema/index';
import { revalorizarInsumos } from '../../src/server/db/valuation';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, createTestApp, createUser, login, twinApp, type TestApp } from './helpers';

const ORDER_A = [
  { insumo_codigo: 'CIE-A', insumo_name: 'Aceite hidráulico 68', cantidad: 10, unimed: 'GLN' },
  { insumo_codigo: 'CIE-B', insumo_name: 'Filtro de combustible', cantidad: 4, unimed: 'UND' },
];
const ORDER_B = [{ insumo_codigo: 'CIE-A', insumo_name: 'Aceite hidráulico 68', cantidad: 6, unimed: 'GLN' }];
const ABRIL = MSG.mesCerrado('abril de 2024');

describe('monthly close of the warehouse (/api/cierres)', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number; placa: string };
  let A: number;
  let B: number;
  let entradaAbril: number;
  const exits: Record<string, number> = {};
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, opts: { key?: string; tok?: string } = {}) =>
    call(t.app, opts.tok ?? token, { method, url, payload, key: opts.key });
  const get = (url: string, tok = token) => call(t.app, tok, { method: 'GET', url });
  const exit = (fecha: string, lines: { insumo_id: number; cantidad: number; salida_det_id?: number }[], vale = `V-${fecha}`) => ({
    editorMode: 'crear',
    nro_vale: vale,
    fecha,
    maquinaria_id: maq.id,
    operador_dni: '41234561',
    salidas_det: lines,
  });
  const postExit = async (fecha: string, lines: { insumo_id: number; cantidad: number }[]) => {
    const res = await send('POST', '/api/salidas', exit(fecha, lines));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const kardexCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(movimientos))[0].n;
  const stock = async (id: number) => (await get(`/api/insumos/${id}`)).json().stock as number;

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    const db = t.database.db;
    maq = await seedMachine(db, 'CARGADOR FRONTAL');
    await seedOperator(db, '41234561', 'CCAHUANA RAMOS, LUIS');
    await seedOrder(db, { orden_id: 8101, nro: '8101', anio: 2024, items: ORDER_A });
    await seedOrder(db, { orden_id: 8102, nro: '8102', anio: 2024, items: ORDER_B });
    const e1 = await send('POST', '/api/ingresos', entryBody('8101', 2024, ORDER_A, { fecha: '2024-03-05' }));
    expect(e1.statusCode, e1.body).toBe(201);
    [A, B] = e1.json().ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
    const e2 = await send('POST', '/api/ingresos', entryBody('8102', 2024, ORDER_B, { fecha: '2024-04-02' }));
    expect(e2.statusCode, e2.body).toBe(201);
    entradaAbril = e2.json().id;
    exits.marzo = await postExit('2024-03-20', [{ insumo_id: A, cantidad: 4 }]);
    exits.abril10 = await postExit('2024-04-10', [{ insumo_id: A, cantidad: 3 }]);
    exits.abril15 = await postExit('2024-04-15', [{ insumo_id: B, cantidad: 1 }]);
    exits.abril25 = await postExit('2024-04-25', [{ insumo_id: A, cantidad: 2 }]);
    // The purchase prices of the constructed ledger, whatever the entry import takes from the order: set on the
    // entries' movements, then the kardex valued again as a restore would.
    const price = (insumo: number, fecha: string, costo: number) =>
      db
        .update(movimientos)
        .set({ costo_unitario: costo })
        .where(and(eq(movimientos.insumo_id, insumo), eq(movimientos.fecha, fecha), eq(movimientos.tipo, 'INGRESO')));
    await price(A, '2024-03-05', 5);
    await price(B, '2024-03-05', 20);
    await price(A, '2024-04-02', 6);
    await revalorizarInsumos(db);
  });
  afterAll(() => t.close());

  it('refuses a month that has not ended, and a user without code 77', async () => {
    const now = new Date().toISOString().slice(0, 7);
    const res = await send('POST', '/api/cierres', { periodo: now });
    expect(res.statusCode).toBe(409);
    const clerk = await createUser(t, [ROLE.cierreReabrir]);
    expect((await send('POST', '/api/cierres', { periodo: '2024-03' }, { tok: clerk.token })).statusCode).toBe(403);
    expect((await send('POST', '/api/cierres', { periodo: '2024-13' })).statusCode).toBe(400);
  });

  it('closes March (the first close), then refuses May while April, which has movements, is open', async () => {
    const res = await send('POST', '/api/cierres', { periodo: '2024-03' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ periodo: '2024-03', estado: 'CERRADO', cerrado_por: expect.any(String), movimientos: 3 });
    const may = await send('POST', '/api/cierres', { periodo: '2024-05' });
    expect(may.statusCode).toBe(409);
    expect(may.json().message).toBe(MSG.cierreAnteriorAbierto('mayo de 2024', 'abril de 2024'));
    expect((await send('POST', '/api/cierres', { periodo: '2024-03' })).json().message).toBe(MSG.cierreYaCerrado('marzo de 2024'));
  });

  it("closes April and stores its valued stock by supply, computed from the kardex's stored values", async () => {
    const res = await send('POST', '/api/cierres', { periodo: '2024-04' });
    expect(res.statusCode, res.body).toBe(201);
    const d = (await get('/api/cierres/2024-04')).json();
    expect(d.estado).toBe('CERRADO');
    const byCode = Object.fromEntries(d.items.map((i: { insumo_codigo: string }) => [i.insumo_codigo, i]));
    expect(byCode['CIE-A']).toMatchObject({
      inicial_cantidad: 6,
      inicial_importe: 30,
      ingresos_cantidad: 6,
      ingresos_importe: 36,
      salidas_cantidad: 5,
      salidas_importe: 27.5,
      final_cantidad: 7,
      final_importe: 38.5,
    });
    expect(byCode['CIE-B']).toMatchObject({
      inicial_cantidad: 4,
      inicial_importe: 80,
      ingresos_cantidad: 0,
      ingresos_importe: 0,
      salidas_cantidad: 1,
      salidas_importe: 20,
      final_cantidad: 3,
      final_importe: 60,
    });
    const marzo = (await get('/api/cierres/2024-03')).json();
    expect(marzo.items.find((i: { insumo_codigo: string }) => i.insumo_codigo === 'CIE-A')).toMatchObject({
      inicial_cantidad: 0,
      ingresos_cantidad: 10,
      ingresos_importe: 50,
      salidas_cantidad: 4,
      salidas_importe: 20,
      final_cantidad: 6,
      final_importe: 30,
    });
    const list = (await get('/api/cierres')).json() as { periodo: string; estado: string }[];
    expect(list.slice(-3)).toEqual([
      expect.objectContaining({ periodo: '2024-05', estado: 'ABIERTO' }),
      expect.objectContaining({ periodo: '2024-04', estado: 'CERRADO' }),
      expect.objectContaining({ periodo: '2024-03', estado: 'CERRADO' }),
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'cierres'), eq(auditLog.action, 'cerrar')));
    expect(audit.map((a) => a.resource_id).sort()).toEqual(['2024-03', '2024-04']);
  });

  it('refuses every kind of write dated in a closed month, online and on replay, and changes nothing', async () => {
    const before = { kardex: await kardexCount(), a: await stock(A), b: await stock(B) };
    await seedOrder(t.database.db, { orden_id: 8103, nro: '8103', anio: 2024, items: ORDER_B });
    const june = await postExit('2024-06-10', [{ insumo_id: A, cantidad: 1 }]);
    const junio = (await get(`/api/salidas/${june}`)).json();
    const abril10 = (await get(`/api/salidas/${exits.abril10}`)).json();
    const lineOf = (s: { salidas_det: { salida_det_id: number; insumo_id: number; cantidad: number }[] }, cantidad?: number) =>
      s.salidas_det.map((l) => ({ salida_det_id: l.salida_det_id, insumo_id: l.insumo_id, cantidad: cantidad ?? l.cantidad }));
    const attempts: [string, () => Promise<{ statusCode: number; json(): { message: string } }>, string][] = [
      ['entry create', () => send('POST', '/api/ingresos', entryBody('8103', 2024, ORDER_B, { fecha: '2024-04-20' })), ABRIL],
      ['entry delete', () => send('DELETE', `/api/ingresos/${entradaAbril}`), ABRIL],
      ['exit create', () => send('POST', '/api/salidas', exit('2024-04-28', [{ insumo_id: A, cantidad: 1 }])), ABRIL],
      [
        'exit edit',
        () =>
          send('PUT', `/api/salidas/${exits.abril10}`, {
            ...exit('2024-04-10', lineOf(abril10, 2), abril10.nro_vale),
            editorMode: 'editar',
          }),
        ABRIL,
      ],
      [
        'exit edit moving its date out of the month',
        () =>
          send('PUT', `/api/salidas/${exits.abril10}`, { ...exit('2024-06-11', lineOf(abril10), abril10.nro_vale), editorMode: 'editar' }),
        ABRIL,
      ],
      [
        'exit edit moving its date into the month',
        () => send('PUT', `/api/salidas/${june}`, { ...exit('2024-04-30', lineOf(junio), junio.nro_vale), editorMode: 'editar' }),
        ABRIL,
      ],
      ['exit delete', () => send('DELETE', `/api/salidas/${exits.abril25}`), ABRIL],
      [
        'exit dated before a closed month',
        () => send('POST', '/api/salidas', exit('2024-02-10', [{ insumo_id: A, cantidad: 1 }])),
        MSG.mesAnteriorACierre('febrero de 2024', 'marzo de 2024'),
      ],
    ];
    for (const [what, attempt, message] of attempts) {
      const res = await attempt();
      expect(res.statusCode, what).toBe(409);
      expect(res.json().message, what).toBe(message);
    }
    // The outbox replays a save with its item's key: the refusal is the same 409 with the reason, every time.
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', '/api/salidas', exit('2024-04-29', [{ insumo_id: B, cantidad: 1 }], 'V-OFFLINE'), { key });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ABRIL);
    }
    expect(await kardexCount()).toBe(before.kardex + 1); // the June exit only
    expect(await stock(A)).toBe(before.a - 1);
    expect(await stock(B)).toBe(before.b);
  });

  it("refuses a work order's parts exit dated in a closed month", async () => {
    const o = (
      await send('POST', '/api/ordenestrabajo', {
        uid: randomUUID(),
        maquinaria_id: maq.id,
        descripcion: 'Cambio de filtros',
        prioridad: 'MEDIA',
      })
    ).json();
    const body = (inicio: string) => ({
      estado: 'EN CURSO',
      inicio,
      checklist: [],
      mano_obra: [],
      repuestos: [{ insumo_id: B, cantidad: 1 }],
      horometro_cierre: null,
      notas: null,
    });
    const res = await send('PUT', `/api/ordenestrabajo/${o.uid}`, body('2024-04-12T15:00:00.000Z'));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ABRIL);
    const replay = await send('PUT', `/api/ordenestrabajo/${o.uid}`, body('2024-04-12T15:00:00.000Z'), { key: randomUUID() });
    expect(replay.json().message).toBe(ABRIL);
    // Started in an open month, the same parts go out.
    const ok = await send('PUT', `/api/ordenestrabajo/${o.uid}`, body('2024-07-01T15:00:00.000Z'));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reopens only with code 78 and a reason of 10 characters, the last closed month first; then April takes writes', async () => {
    const closer = await createUser(t, [ROLE.cierreCerrar]);
    const reason = { motivo: 'Salida del 28 de abril sin registrar' };
    expect((await send('POST', '/api/cierres/2024-04/reabrir', reason, { tok: closer.token })).statusCode).toBe(403);
    const short = await send('POST', '/api/cierres/2024-04/reabrir', { motivo: 'error' });
    expect(short.statusCode).toBe(400);
    const march = await send('POST', '/api/cierres/2024-03/reabrir', reason);
    expect(march.statusCode).toBe(409);
    expect(march.json().message).toBe(MSG.cierrePosteriorCerrado('marzo de 2024', 'abril de 2024'));
    const res = await send('POST', '/api/cierres/2024-04/reabrir', reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'ABIERTO', motivo_reapertura: reason.motivo, reabierto_por: expect.any(String) });
    expect((await get('/api/cierres/2024-04')).statusCode).toBe(404);
    await postExit('2024-04-28', [{ insumo_id: A, cantidad: 1 }]);
    // March is still closed.
    expect((await send('POST', '/api/salidas', exit('2024-03-28', [{ insumo_id: A, cantidad: 1 }]))).statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'cierres'), eq(auditLog.action, 'reabrir')));
    expect(audit).toMatchObject({ resource_id: '2024-04', before: expect.objectContaining({ estado: 'CERRADO' }) });
    expect(audit.after).toMatchObject({ estado: 'ABIERTO', motivo_reapertura: reason.motivo });
  });

  it('closing April again computes its report anew (the late exit in it)', async () => {
    expect((await send('POST', '/api/cierres', { periodo: '2024-04' })).statusCode).toBe(201);
    const d = (await get('/api/cierres/2024-04')).json();
    // 04-28 out 1 of A at 5.50 → out 6 / 33.00, closing 6 / 33.00.
    expect(d.items.find((i: { insumo_codigo: string }) => i.insumo_codigo === 'CIE-A')).toMatchObject({
      salidas_cantidad: 6,
      salidas_importe: 33,
      final_cantidad: 6,
      final_importe: 33,
    });
    expect(d).toMatchObject({ estado: 'CERRADO', motivo_reapertura: 'Salida del 28 de abril sin registrar' });
  });

  it('a close and a write of the same month never both succeed unseen: the report holds every exit that got in', async () => {
    const twin = await twinApp(t);
    try {
      const [closeRes, exitRes] = await Promise.all([
        call(twin.app, token, { method: 'POST', url: '/api/cierres', payload: { periodo: '2024-05' } }),
        send('POST', '/api/salidas', exit('2024-05-20', [{ insumo_id: B, cantidad: 1 }])),
      ]);
      expect(closeRes.statusCode, closeRes.body).toBe(201);
      const d = (await get('/api/cierres/2024-05')).json();
      const b = d.items.find((i: { insumo_codigo: string }) => i.insumo_codigo === 'CIE-B');
      if (exitRes.statusCode === 201) expect(b.salidas_cantidad).toBe(1);
      else {
        expect(exitRes.json().message).toBe(MSG.mesCerrado('mayo de 2024'));
        expect(b.salidas_cantidad).toBe(0);
      }
    } finally {
      await twin.close();
    }
  });
});
