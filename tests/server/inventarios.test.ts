// Physical count: the system quantity at a past date, the counts saved while counting, the reason every difference
// needs, the approval booking a surplus and a shortage as AJUSTE at the average cost (amounts worked out by hand
// below), today's stock, the shortage refused when it would leave the stock negative, the role codes, the approved
// sheet that no longer changes, and the audit rows.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '../../src/shared/auth/permissions';
import { MSG } from '../../src/shared/messages';
import { auditLog, insumos, movimientos } from '../../src/server/db/schema/index';
import { revalorizarInsumos } from '../../src/server/db/valuation';
import { entryBody, seedMachine, seedOperator, seedOrder } from './fixtures';
import { call, createUser, widest } from './helpers';
import { sessionApp } from './session-app';

const ITEMS_1 = [
  { insumo_codigo: 'INV-A', insumo_name: 'Filtro de aceite motor', cantidad: 10, unimed: 'UND' },
  { insumo_codigo: 'INV-B', insumo_name: 'Grasa multipropósito', cantidad: 5, unimed: 'KG' },
  { insumo_codigo: 'INV-C', insumo_name: 'Perno de cuchilla', cantidad: 5, unimed: 'UND' },
];
const ITEMS_2 = [{ insumo_codigo: 'INV-A', insumo_name: 'Filtro de aceite motor', cantidad: 10, unimed: 'UND' }];

interface Linea {
  inventario_det_id: number;
  insumo_id: number;
  insumo_codigo: string;
  stock_sistema: number;
  cantidad_contada: number | null;
  diferencia: number | null;
  costo_unitario: number;
  importe: number;
}

describe('physical count (/api/inventarios)', () => {
  const s = sessionApp();
  const ids: Record<string, number> = {};
  const post = (url: string, payload: object = {}, token = s.admin) => call(s.t.app, token, { method: 'POST', url, payload });
  const put = (url: string, payload: object, token = s.admin) => call(s.t.app, token, { method: 'PUT', url, payload });
  const get = (url: string, token = s.admin) => call(s.t.app, token, { method: 'GET', url });
  const linea = (detail: { detalle: Linea[] }, codigo: string) => detail.detalle.find((l) => l.insumo_codigo === codigo) as Linea;
  const stockOf = async (id: number) =>
    (
      await s.t.database.db
        .select({ stock: insumos.stock, costo: insumos.costo_promedio, valor: insumos.valor_stock })
        .from(insumos)
        .where(eq(insumos.id, id))
    )[0];

  beforeAll(async () => {
    const db = s.t.database.db;
    const maq = await seedMachine(db);
    await seedOperator(db, '43000101');
    await seedOrder(db, { orden_id: 7101, nro: '7101', anio: 2024, items: ITEMS_1 });
    await seedOrder(db, { orden_id: 7102, nro: '7102', anio: 2024, items: ITEMS_2 });
    const e1 = await post('/api/ingresos', entryBody('7101', 2024, ITEMS_1, { fecha: '2024-01-20' }));
    expect(e1.statusCode).toBe(201);
    const rows = await db.select({ id: insumos.id, codigo: insumos.insumo_codigo }).from(insumos);
    for (const r of rows) ids[r.codigo] = r.id;
    expect((await post('/api/ingresos', entryBody('7102', 2024, ITEMS_2, { fecha: '2024-03-01' }))).statusCode).toBe(201);
    const exit = async (vale: string, fecha: string, insumo: string, cantidad: number) =>
      expect(
        (
          await post('/api/salidas', {
            nro_vale: vale,
            fecha,
            maquinaria_id: maq.id,
            operador_dni: '43000101',
            salidas_det: [{ insumo_id: ids[insumo], cantidad }],
          })
        ).statusCode,
      ).toBe(201);
    await exit('IV-1', '2024-02-01', 'INV-A', 4);
    await exit('IV-2', '2024-04-01', 'INV-A', 2);
    await exit('IV-3', '2024-05-01', 'INV-C', 5);
    // Purchase prices (the entries of these orders carry none): A 10.00 then 13.00, B 7.50, C 2.00.
    const price = (codigo: string, fecha: string, p: number) =>
      db.execute(
        sql`update ${movimientos} set costo_unitario = ${p} where tipo = 'INGRESO' and insumo_id = ${ids[codigo]} and fecha = ${fecha}`,
      );
    await price('INV-A', '2024-01-20', 10);
    await price('INV-A', '2024-03-01', 13);
    await price('INV-B', '2024-01-20', 7.5);
    await price('INV-C', '2024-01-20', 2);
    await revalorizarInsumos(db);
  });

  let sheet: number;
  let later: number;

  it('makes a sheet with the kardex quantity at the end of a past date (0 before the first movement)', async () => {
    expect((await post('/api/inventarios', { fecha: '2099-01-01', descripcion: 'Futuro', insumos: [ids['INV-A']] })).statusCode).toBe(400);
    expect((await post('/api/inventarios', { fecha: '2024-02-15', descripcion: 'Nada' })).json().errors.insumos).toBe(
      MSG.inventarioNoSupplies,
    );
    const res = await post('/api/inventarios', {
      fecha: '2024-02-15',
      descripcion: 'Conteo de febrero',
      insumos: [ids['INV-A'], ids['INV-B']],
    });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    sheet = d.id;
    expect(d).toMatchObject({ estado: 'BORRADOR', fecha: '2024-02-15', lineas: 2, contadas: 0 });
    // A: 10 in on 20 Jan, 4 out on 1 Feb → 6 (the 10 of 1 March and the 2 out of 1 April are later). B: 5.
    expect(linea(d, 'INV-A')).toMatchObject({ stock_sistema: 6, cantidad_contada: null, diferencia: null, costo_unitario: 10 });
    expect(linea(d, 'INV-B')).toMatchObject({ stock_sistema: 5, costo_unitario: 7.5 });
    const early = (await post('/api/inventarios', { fecha: '2023-12-31', descripcion: 'Antes', insumos: [ids['INV-A']] })).json();
    expect(linea(early, 'INV-A').stock_sistema).toBe(0);
    const mid = (await post('/api/inventarios', { fecha: '2024-03-15', descripcion: 'Marzo', insumos: [ids['INV-A']] })).json();
    expect(linea(mid, 'INV-A').stock_sistema).toBe(16);
    // A later sheet of B made now (5), approved after the February count moved B: its system quantity is read again.
    later = (await post('/api/inventarios', { fecha: '2024-06-01', descripcion: 'Junio', insumos: [ids['INV-B']] })).json().id;
    const all = (await post('/api/inventarios', { fecha: '2024-06-01', descripcion: 'Todo', todos: true })).json();
    const n = (await s.t.database.db.select({ id: insumos.id }).from(insumos)).length;
    expect(all.lineas).toBe(n);
  });

  it('saves counts in several steps and estimates the differences at the average of the date', async () => {
    const d0 = (await get(`/api/inventarios/${sheet}`)).json();
    const a = linea(d0, 'INV-A');
    const b = linea(d0, 'INV-B');
    let res = await put(`/api/inventarios/${sheet}/conteo`, { lineas: [{ inventario_det_id: a.inventario_det_id, cantidad_contada: 8 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contadas: 1, sobrantes: 1, faltantes: 0, valor_sobrantes: 20 });
    res = await put(`/api/inventarios/${sheet}/conteo`, { lineas: [{ inventario_det_id: b.inventario_det_id, cantidad_contada: '3' }] });
    const d = res.json();
    expect(linea(d, 'INV-B')).toMatchObject({ cantidad_contada: 3, diferencia: -2, importe: -15 });
    expect(d).toMatchObject({ contadas: 2, sobrantes: 1, faltantes: 1, valor_sobrantes: 20, valor_faltantes: 15 });
    // A line of another sheet is refused.
    const other = (await get(`/api/inventarios/${later}`)).json().detalle[0].inventario_det_id;
    expect(
      (await put(`/api/inventarios/${sheet}/conteo`, { lineas: [{ inventario_det_id: other, cantidad_contada: 1 }] })).statusCode,
    ).toBe(400);
    expect(
      (await put(`/api/inventarios/${sheet}/conteo`, { lineas: [{ inventario_det_id: a.inventario_det_id, cantidad_contada: -1 }] }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses to approve a difference without its reason (422 naming the supply) and changes nothing', async () => {
    const res = await post(`/api/inventarios/${sheet}/aprobar`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.inventarioReasonRequired('INV-A', 'Filtro de aceite motor'));
    expect((await get(`/api/inventarios/${sheet}`)).json().estado).toBe('BORRADOR');
    expect(await s.t.database.db.select().from(movimientos).where(eq(movimientos.tipo, 'AJUSTE'))).toHaveLength(0);
  });

  it('books a surplus and a shortage as AJUSTE at the average cost and moves the stock', async () => {
    const d0 = (await get(`/api/inventarios/${sheet}`)).json();
    await put(`/api/inventarios/${sheet}/conteo`, {
      lineas: [
        { inventario_det_id: linea(d0, 'INV-A').inventario_det_id, cantidad_contada: 8, motivo: 'Ingreso no registrado' },
        { inventario_det_id: linea(d0, 'INV-B').inventario_det_id, cantidad_contada: 3, motivo: 'Merma' },
      ],
    });
    const res = await post(`/api/inventarios/${sheet}/aprobar`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    // A: +2 at the average of 15 Feb (6 units worth 60.00 → 10.00) = 20.00. B: −2 at 7.50 = 15.00.
    expect(d).toMatchObject({ estado: 'APROBADO', sobrantes: 1, faltantes: 1, valor_sobrantes: 20, valor_faltantes: 15 });
    expect(d.aprobado_por).toEqual(expect.any(String));
    expect(linea(d, 'INV-A')).toMatchObject({ diferencia: 2, costo_unitario: 10, importe: 20 });
    expect(linea(d, 'INV-B')).toMatchObject({ diferencia: -2, costo_unitario: 7.5, importe: -15 });

    const kardexA = await s.t.database.db
      .select()
      .from(movimientos)
      .where(eq(movimientos.insumo_id, ids['INV-A']))
      .orderBy(movimientos.fecha, movimientos.id);
    expect(
      kardexA.map((m) => [m.fecha, m.tipo, m.ingreso, m.salida, m.costo_unitario, m.importe, m.saldo_cantidad, m.saldo_importe]),
    ).toEqual([
      ['2024-01-20', 'INGRESO', 10, 0, 10, 100, 10, 100],
      ['2024-02-01', 'SALIDA', 0, 4, 10, 40, 6, 60],
      // The surplus comes in at the average, so the average stays 10.00 (80.00 / 8).
      ['2024-02-15', 'AJUSTE', 2, 0, 10, 20, 8, 80],
      // Then 10 at 13.00: 18 worth 210.00, average 11.6667; the exit of 2 takes 23.33.
      ['2024-03-01', 'INGRESO', 10, 0, 13, 130, 18, 210],
      ['2024-04-01', 'SALIDA', 0, 2, 11.6667, 23.33, 16, 186.67],
    ]);
    const ajuste = kardexA[2];
    expect(ajuste).toMatchObject({ proveedor: 'INVENTARIO FÍSICO', nro_guiaremision: `INV-${sheet}` });
    // The average after a movement is what its balance stores: 186.67 / 16 = 11.6669 (the exit rounded a cent away).
    expect(await stockOf(ids['INV-A'])).toEqual({ stock: 16, costo: 11.6669, valor: 186.67 });
    // B: 5 at 7.50, less 2 at 7.50 = 3 worth 22.50.
    expect(await stockOf(ids['INV-B'])).toEqual({ stock: 3, costo: 7.5, valor: 22.5 });

    // The kardex screen lists the adjustment with its party and document.
    const k = (await post('/api/movimientos/list', { insumo_id: ids['INV-B'] })).json();
    expect(
      k.map((r: { tipo: string; salida: number; saldo: number; proveedor: string }) => [r.tipo, r.salida, r.saldo, r.proveedor]),
    ).toEqual([
      ['INGRESO', 0, 5, 'FERRETERIA EL CONSTRUCTOR S.A.C.'],
      ['AJUSTE', 2, 3, 'INVENTARIO FÍSICO'],
    ]);
  });

  it('an approved sheet no longer changes', async () => {
    const det = (await get(`/api/inventarios/${sheet}`)).json().detalle[0].inventario_det_id;
    const edit = await put(`/api/inventarios/${sheet}/conteo`, { lineas: [{ inventario_det_id: det, cantidad_contada: 1 }] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MSG.inventarioNotDraft('APROBADO'));
    expect((await post(`/api/inventarios/${sheet}/anular`)).statusCode).toBe(409);
    expect((await post(`/api/inventarios/${sheet}/aprobar`)).statusCode).toBe(409);
    expect(await s.t.database.db.select().from(movimientos).where(eq(movimientos.tipo, 'AJUSTE'))).toHaveLength(2);
  });

  it('reads the system quantity again on approval', async () => {
    const d0 = (await get(`/api/inventarios/${later}`)).json();
    expect(d0.detalle[0].stock_sistema).toBe(5);
    await put(`/api/inventarios/${later}/conteo`, {
      lineas: [{ inventario_det_id: d0.detalle[0].inventario_det_id, cantidad_contada: 3 }],
    });
    const d = (await post(`/api/inventarios/${later}/aprobar`)).json();
    expect(d.detalle[0]).toMatchObject({ stock_sistema: 3, diferencia: 0, importe: 0 });
    expect(d).toMatchObject({ estado: 'APROBADO', sobrantes: 0, faltantes: 0 });
    expect((await stockOf(ids['INV-B'])).stock).toBe(3);
  });

  it('refuses a shortage that would leave today’s stock negative, then annuls the draft', async () => {
    // C: 5 on 15 Feb, but all 5 went out on 1 May: a shortage of 3 then would leave today's 0 at −3.
    const d = (await post('/api/inventarios', { fecha: '2024-02-15', descripcion: 'C', insumos: [ids['INV-C']] })).json();
    expect(d.detalle[0].stock_sistema).toBe(5);
    await put(`/api/inventarios/${d.id}/conteo`, {
      lineas: [{ inventario_det_id: d.detalle[0].inventario_det_id, cantidad_contada: 2, motivo: 'Robo' }],
    });
    const res = await post(`/api/inventarios/${d.id}/aprobar`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.inventarioNegativeStock('INV-C', '3.00', '0.00'));
    expect((await get(`/api/inventarios/${d.id}`)).json().estado).toBe('BORRADOR');
    expect(await s.t.database.db.select().from(movimientos).where(eq(movimientos.insumo_id, ids['INV-C']))).toHaveLength(2);
    expect((await post(`/api/inventarios/${d.id}/anular`)).statusCode).toBe(200);
    expect((await get(`/api/inventarios/${d.id}`)).json().estado).toBe('ANULADO');
    expect((await post(`/api/inventarios/${d.id}/aprobar`)).statusCode).toBe(409);
  });

  it('a count can be cleared again, and a sheet with nothing counted is not approved', async () => {
    const d = (await post('/api/inventarios', { fecha: '2024-02-15', descripcion: 'Vacía', insumos: [ids['INV-B']] })).json();
    const det = d.detalle[0].inventario_det_id;
    expect(
      (await put(`/api/inventarios/${d.id}/conteo`, { lineas: [{ inventario_det_id: det, cantidad_contada: 0, motivo: 'Nada' }] })).json()
        .contadas,
    ).toBe(1);
    const cleared = (await put(`/api/inventarios/${d.id}/conteo`, { lineas: [{ inventario_det_id: det, cantidad_contada: '' }] })).json();
    expect(cleared.detalle[0]).toMatchObject({ cantidad_contada: null, motivo: null, diferencia: null });
    const res = await post(`/api/inventarios/${d.id}/aprobar`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.inventarioNothingCounted);
    await post(`/api/inventarios/${d.id}/anular`);
  });

  it('lists the sheets with their adjustment values and prints both PDFs', async () => {
    const rows = (await post('/api/inventarios/list', { estado: 'APROBADO', ...widest('inventarios') })).json();
    expect(rows.find((r: { id: number }) => r.id === sheet)).toMatchObject({
      valor_sobrantes: 20,
      valor_faltantes: 15,
      lineas: 2,
      contadas: 2,
    });
    expect(rows.every((r: { estado: string }) => r.estado === 'APROBADO')).toBe(true);
    for (const lleno of ['false', 'true']) {
      const pdf = await get(`/api/inventarios/${sheet}/pdf?lleno=${lleno}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('enforces the role codes 79 (see), 80 (create, count, annul) and 81 (approve)', async () => {
    const ver = await createUser(s.t, [MENU.inventarios]);
    const nuevo = await createUser(s.t, [ROLE.inventarioNuevo]);
    const aprobar = await createUser(s.t, [ROLE.inventarioAprobar]);
    const nadie = await createUser(s.t, [MENU.movimientos]);
    const body = { fecha: '2024-02-20', descripcion: 'Roles', insumos: [ids['INV-A']] };
    expect((await post('/api/inventarios/list', widest('inventarios'), nadie.token)).statusCode).toBe(403);
    expect((await get(`/api/inventarios/${sheet}`, nadie.token)).statusCode).toBe(403);
    expect((await post('/api/inventarios/list', widest('inventarios'), ver.token)).statusCode).toBe(200);
    expect((await post('/api/inventarios', body, ver.token)).statusCode).toBe(403);
    const created = await post('/api/inventarios', body, nuevo.token);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const det = created.json().detalle[0].inventario_det_id;
    expect(
      (await put(`/api/inventarios/${id}/conteo`, { lineas: [{ inventario_det_id: det, cantidad_contada: 8 }] }, aprobar.token)).statusCode,
    ).toBe(403);
    expect(
      (await put(`/api/inventarios/${id}/conteo`, { lineas: [{ inventario_det_id: det, cantidad_contada: 8 }] }, nuevo.token)).statusCode,
    ).toBe(200);
    expect((await post(`/api/inventarios/${id}/aprobar`, {}, nuevo.token)).statusCode).toBe(403);
    expect((await post(`/api/inventarios/${id}/anular`, {}, aprobar.token)).statusCode).toBe(403);
    expect((await post(`/api/inventarios/${id}/aprobar`, {}, aprobar.token)).statusCode).toBe(200);
  });

  it('audits the create, each save of counts, the approval and the annulment', async () => {
    const rows = await s.t.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'inventarios'), eq(auditLog.resource_id, String(sheet))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'update', 'aprobar']);
    expect(rows[4].after).toMatchObject({ estado: 'APROBADO', valor_sobrantes: 20, valor_faltantes: 15 });
    const anulados = await s.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'inventarios'), eq(auditLog.action, 'anular')));
    expect(anulados).toHaveLength(2);
  });
});
