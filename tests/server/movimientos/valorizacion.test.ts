// The weighted average through the API: entries valued at their purchase-order price, exits at the average of their
// point in the ledger, and a movement dated in the past (an exit, an entry), an exit's new date or quantity and a
// deleted entry or exit revaluing every later movement of the supply. Every figure below is worked out by hand in
// the comments; after each step the kardex's last balance equals the supply's valor_stock and stock × average.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { revalorizarInsumos } from '../../../src/server/db/valuation';
import { rowsOf } from '../../../src/server/lib/sql';
import { entryBody, seedMachine, seedOperator, seedOrder } from '../fixtures';
import { call } from '../helpers';
import { sessionApp } from '../session-app';

interface Kx {
  id: number;
  insumo_id: number;
  tipo: string;
  fecha: string;
  nro_guiaremision: string;
  ingreso: number;
  salida: number;
  costo_unitario: number;
  importe: number;
  saldo: number;
  saldo_importe: number;
}

describe('weighted average and the valued kardex', () => {
  const s = sessionApp();
  let maq: { id: number; placa: string };
  let orderSeq = 7000;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call(s.t.app, s.admin, { method, url, payload });

  /** An entry of one order line (`cantidad` at `precio`) dated `fecha`; answers the entry id and the supply id. */
  async function entry(codigo: string, fecha: string, cantidad: number, precio: number) {
    const nro = String(++orderSeq);
    const items = [{ insumo_codigo: codigo, insumo_name: `INSUMO ${codigo}`, cantidad, unimed: 'UND', precio_unitario: precio }];
    await seedOrder(s.t.database.db, { orden_id: orderSeq, nro, anio: 2024, items });
    // A price sent by the form is ignored: the server takes the order's.
    const body = entryBody(nro, 2024, items, { fecha });
    (body.ingresos_det[0] as Record<string, unknown>).precio_unitario = 1;
    const res = await send('POST', '/api/ingresos', body);
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json();
    expect(json.ingresos_det[0].precio_unitario).toBe(precio);
    return { id: json.id as number, insumo: json.ingresos_det[0].insumo_id as number };
  }
  const exitBody = (vale: string, fecha: string, lines: object[], extra: object = {}) => ({
    nro_vale: vale,
    fecha,
    maquinaria_id: maq.id,
    operador_dni: '43000002',
    salidas_det: lines,
    ...extra,
  });
  async function exit(vale: string, fecha: string, insumo: number, cantidad: number) {
    const res = await send('POST', '/api/salidas', exitBody(vale, fecha, [{ insumo_id: insumo, cantidad }]));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; salidas_det: { salida_det_id: number; insumo_id: number; cantidad: number }[] };
  }
  async function editExit(ex: Awaited<ReturnType<typeof exit>>, vale: string, fecha: string, cantidad: number) {
    const [line] = ex.salidas_det;
    const res = await send(
      'PUT',
      `/api/salidas/${ex.id}`,
      exitBody(vale, fecha, [{ salida_det_id: line.salida_det_id, insumo_id: line.insumo_id, cantidad }], { editorMode: 'editar' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const kardex = async (insumo: number, range: object = {}): Promise<Kx[]> => {
    const res = await send('POST', '/api/movimientos/list', { insumo_id: insumo, ...range });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** [document, amount, balance, balance value] of each movement. */
  const values = (rows: Kx[]) => rows.map((r) => [r.nro_guiaremision, r.importe, r.saldo, r.saldo_importe]);
  async function supply(id: number) {
    const [row] = await rowsOf<{ stock: number; costo_promedio: number; valor_stock: number }>(
      s.t.database.db,
      sql`select stock::float8 as stock, costo_promedio::float8 as costo_promedio, valor_stock::float8 as valor_stock from insumos where id = ${id}`,
    );
    return row;
  }
  /** The kardex's last balance is the supply's value, and the value is stock × average (to the cent of rounding). */
  async function consistent(id: number, valor: number, stock: number) {
    const rows = await kardex(id);
    const last = rows.at(-1) as Kx;
    const ins = await supply(id);
    expect([last.saldo, last.saldo_importe]).toEqual([stock, valor]);
    expect([ins.stock, ins.valor_stock]).toEqual([stock, valor]);
    expect(Math.abs(ins.stock * ins.costo_promedio - ins.valor_stock)).toBeLessThanOrEqual(0.01);
    return ins;
  }

  it('values a supply forward, then revalues every later exit after backdated and edited movements', async () => {
    maq = await seedMachine(s.t.database.db, 'RETROEXCAVADORA');
    await seedOperator(s.t.database.db, '43000002', 'HUAMAN ROJAS, PEDRO');
    const e1 = await entry('VAL-1', '2024-01-10', 10, 100); // 10 × 100 = 1000
    const k = e1.insumo;
    await entry('VAL-1', '2024-03-10', 10, 130); // 10 × 130 = 1300
    const s1 = await exit('S1', '2024-02-01', k, 4); // 4 × 100 = 400 → 6, 600
    await exit('S2', '2024-04-01', k, 6); // 16, 1900, avg 118.75: 6 × 118.75 = 712.50 → 10, 1187.50
    const s3 = await exit('S3', '2024-05-01', k, 5); // 5 × 118.75 = 593.75 → 5, 593.75
    const rows = await kardex(k);
    expect(rows.map((r) => [r.tipo, r.costo_unitario])).toEqual([
      ['INGRESO', 100],
      ['SALIDA', 100],
      ['INGRESO', 130],
      ['SALIDA', 118.75],
      ['SALIDA', 118.75],
    ]);
    expect(values(rows).map((v) => v.slice(1))).toEqual([
      [1000, 10, 1000],
      [400, 6, 600],
      [1300, 16, 1900],
      [712.5, 10, 1187.5],
      [593.75, 5, 593.75],
    ]);
    await consistent(k, 593.75, 5);

    // A late exit dated 2024-01-20 (3 units): 10, 1000 → 3 × 100 = 300 → 7, 700; S1 400 → 3, 300; E2 → 13, 1600
    // (avg 123.076923); S2 6 × 123.076923 = 738.46 → 7, 861.54 (avg 123.077143); S3 5 × 123.077143 = 615.39 → 2, 246.15.
    const s4 = await exit('S4', '2024-01-20', k, 3);
    expect(values(await kardex(k)).filter((v) => String(v[0]).startsWith('S'))).toEqual([
      ['S4', 300, 7, 700],
      ['S1', 400, 3, 300],
      ['S2', 738.46, 7, 861.54],
      ['S3', 615.39, 2, 246.15],
    ]);
    expect((await consistent(k, 246.15, 2)).costo_promedio).toBe(123.075);

    // A late entry dated 2024-02-15 (5 × 90 = 450): after S1 3, 300 → 8, 750; E2 → 18, 2050 (avg 113.888889);
    // S2 6 × 113.888889 = 683.33 → 12, 1366.67 (avg 113.889167); S3 5 × 113.889167 = 569.45 → 7, 797.22.
    const e3 = await entry('VAL-1', '2024-02-15', 5, 90);
    expect(values(await kardex(k)).slice(3)).toEqual([
      ['', 450, 8, 750],
      ['', 1300, 18, 2050],
      ['S2', 683.33, 12, 1366.67],
      ['S3', 569.45, 7, 797.22],
    ]);
    expect((await consistent(k, 797.22, 7)).costo_promedio).toBe(113.8886);

    // S1 moves to 2024-03-15: S4 → 7, 700; E3 → 12, 1150; E2 → 22, 2450 (avg 111.363636); S1 4 × 111.363636 = 445.45
    // → 18, 2004.55 (avg 111.363889); S2 6 × 111.363889 = 668.18 → 12, 1336.37 (avg 111.364167); S3 5 × … = 556.82 → 7, 779.55.
    await editExit(s1, 'S1', '2024-03-15', 4);
    expect(values(await kardex(k)).filter((v) => String(v[0]).startsWith('S'))).toEqual([
      ['S4', 300, 7, 700],
      ['S1', 445.45, 18, 2004.55],
      ['S2', 668.18, 12, 1336.37],
      ['S3', 556.82, 7, 779.55],
    ]);
    await consistent(k, 779.55, 7);

    // S4 deleted: E1 10, 1000; E3 15, 1450; E2 25, 2750 (avg 110): S1 440 → 21, 2310; S2 660 → 15, 1650; S3 550 → 10, 1100.
    expect((await send('DELETE', `/api/salidas/${s4.id}`)).statusCode).toBe(200);
    expect(values(await kardex(k)).filter((v) => String(v[0]).startsWith('S'))).toEqual([
      ['S1', 440, 21, 2310],
      ['S2', 660, 15, 1650],
      ['S3', 550, 10, 1100],
    ]);
    expect((await consistent(k, 1100, 10)).costo_promedio).toBe(110);

    // E3 deleted: E1 10, 1000; E2 20, 2300 (avg 115): S1 460 → 16, 1840; S2 690 → 10, 1150; S3 575 → 5, 575.
    expect((await send('DELETE', `/api/ingresos/${e3.id}`)).statusCode).toBe(200);
    expect(values(await kardex(k)).filter((v) => String(v[0]).startsWith('S'))).toEqual([
      ['S1', 460, 16, 1840],
      ['S2', 690, 10, 1150],
      ['S3', 575, 5, 575],
    ]);
    await consistent(k, 575, 5);

    // S3 raised to 10 takes the whole stock and its whole value: 1150 → 0, 0.
    await editExit(s3, 'S3', '2024-05-01', 10);
    expect(values(await kardex(k)).at(-1)).toEqual(['S3', 1150, 0, 0]);
    const empty = await consistent(k, 0, 0);
    expect(empty.costo_promedio).toBe(115);

    // Every partial pass above left the ledger exactly as a pass from the first movement values it.
    const before = await kardex(k);
    await s.t.database.db.transaction((tx) => revalorizarInsumos(tx));
    expect(await kardex(k)).toEqual(before);
  });

  it('an exit that empties the supply leaves no cent behind (3 units for S/ 10.00)', async () => {
    const { insumo: k } = await entry('VAL-2', '2024-06-01', 3, 3.3333); // 3 × 3.3333 = 9.9999 → 10.00
    await exit('T1', '2024-06-02', k, 1); // 10.00 / 3 = 3.3333: 3.33 → 2, 6.67
    await exit('T2', '2024-06-03', k, 1); // 6.67 / 2 = 3.335: 3.34 → 1, 3.33
    await exit('T3', '2024-06-04', k, 1); // the rest: 3.33 → 0, 0
    expect(values(await kardex(k))).toEqual([
      ['', 10, 3, 10],
      ['T1', 3.33, 2, 6.67],
      ['T2', 3.34, 1, 3.33],
      ['T3', 3.33, 0, 0],
    ]);
    await consistent(k, 0, 0);
  });

  it('opens a range with the balance of the last movement before fini, and pages without losing it', async () => {
    const { insumo: k } = await entry('VAL-3', '2024-07-01', 20, 50); // 20, 1000
    await exit('U1', '2024-07-10', k, 5); // 250 → 15, 750
    await exit('U2', '2024-08-10', k, 5); // 250 → 10, 500
    await exit('U3', '2024-08-20', k, 2); // 100 → 8, 400
    const rows = await kardex(k, { fini: '2024-08-01', ffin: '2024-08-31' });
    expect(rows.map((r) => [r.tipo, r.id < 0, r.fecha, r.saldo, r.saldo_importe, r.costo_unitario])).toEqual([
      ['SALDO', true, '2024-08-01', 15, 750, 50],
      ['SALIDA', false, '2024-08-10', 10, 500, 50],
      ['SALIDA', false, '2024-08-20', 8, 400, 50],
    ]);
    // A range with no movement still shows the balance; one before the first movement shows no opening row.
    expect((await kardex(k, { fini: '2024-09-01', ffin: '2024-09-30' })).map((r) => [r.tipo, r.saldo, r.saldo_importe])).toEqual([
      ['SALDO', 8, 400],
    ]);
    expect((await kardex(k, { fini: '2024-06-01', ffin: '2024-07-01' })).map((r) => r.tipo)).toEqual(['INGRESO']);
    // Pages of one movement: the opening row comes once, with the first page.
    const p1 = await send('POST', '/api/movimientos/list', { insumo_id: k, fini: '2024-07-05', limit: 1 });
    const p2 = await send('POST', '/api/movimientos/list', { insumo_id: k, fini: '2024-07-05', limit: 1, offset: 1 });
    expect(p1.json().map((r: Kx) => r.tipo)).toEqual(['SALDO', 'SALIDA']);
    expect(p1.headers['x-next-offset']).toBe('1');
    expect(p2.json().map((r: Kx) => r.nro_guiaremision)).toEqual(['U2']);
  });

  it('takes each opening balance from the first movement of the range, equal to the last one before it', async () => {
    // A supply emptied to zero and bought again (its first movement of a range can be a purchase on an empty stock),
    // beside the supplies of the tests above.
    const { insumo: k } = await entry('VAL-4', '2024-09-02', 4, 10); // 4, 40
    await exit('W1', '2024-09-05', k, 4); // 0, 0
    await entry('VAL-4', '2024-09-09', 2, 12); // 2, 24
    await exit('W2', '2024-09-12', k, 1); // 1, 12
    const ledger = await rowsOf<{ insumo_id: number; fecha: string; saldo: number; valor: number; costo: number }>(
      s.t.database.db,
      sql`select insumo_id, fecha::text as fecha, saldo_cantidad::float8 as saldo, saldo_importe::float8 as valor,
            costo_unitario::float8 as costo from movimientos order by insumo_id, fecha, id`,
    );
    const fechas = [...new Set(ledger.map((m) => m.fecha))].sort();
    // every date a movement has, and the day after each
    const cuts = [...new Set(fechas.flatMap((d) => [d, new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10)]))];
    for (const fini of cuts) {
      // the opening row the ledger says: the last movement before fini, by supply
      const expected = new Map<number, [number, number, number]>();
      for (const m of ledger)
        if (m.fecha < fini)
          expected.set(m.insumo_id, [m.saldo, m.valor, m.saldo > 0 ? Math.round((m.valor / m.saldo) * 1e4) / 1e4 : m.costo]);
      const rows = await kardex(0, { fini, ffin: '2024-12-31' });
      const moved = new Set(rows.filter((r) => r.tipo !== 'SALDO').map((r) => r.insumo_id));
      const opening = new Map(
        rows.filter((r) => r.tipo === 'SALDO').map((r) => [r.insumo_id, [r.saldo, r.saldo_importe, r.costo_unitario]]),
      );
      for (const id of moved) expect([fini, id, opening.get(id)]).toEqual([fini, id, expected.get(id)]);
    }
  });
});
