// The change cursor of the lists (migration 0017_change_cursor, lib/list-delta.ts): rows changed since a device's
// sync point, deletions made on another device, rows edited out of the filter, catalogue renames, and the whole
// list when the cursor cannot be answered. Checked through POST /api/salidas/list/delta.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES } from '@shared/auth/permissions';
import type { SalidaRow } from '@shared/contract/salidas';
import type { ListDelta } from '@shared/contract/list-delta';
import { pruneTombstones } from '../../../src/server/lib/list-delta';
import { entryBody, seedMachine, seedOperator, seedOrder } from '../fixtures';
import { call, createUser } from '../helpers';
import { sessionApp } from '../session-app';

const ITEMS = [
  { insumo_codigo: 'DEL-A', insumo_name: 'Grasa multiuso', cantidad: 100, unimed: 'KG' },
  { insumo_codigo: 'DEL-B', insumo_name: 'Filtro de aceite', cantidad: 100, unimed: 'UND' },
];
const RANGE = { fini: '2024-05-01', ffin: '2024-05-31' };

describe('list deltas through the change cursor (salidas)', () => {
  const s = sessionApp();
  let maq: number;
  let op: number;
  let A: number;
  let B: number;
  let other: string;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = s.admin) =>
    call(s.t.app, token, { method, url, payload });
  const exit = (vale: string, fecha: string, lines: object[], extra: object = {}) => ({
    editorMode: 'crear',
    nro_vale: vale,
    fecha,
    maquinaria_id: maq,
    operador_id: op,
    operador_dni: null,
    salidas_det: lines,
    ...extra,
  });
  const create = async (vale: string, fecha = '2024-05-10'): Promise<number> => {
    const res = await send('POST', '/api/salidas', exit(vale, fecha, [{ insumo_id: A, cantidad: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  const delta = async (since: string | null, filter: object = RANGE): Promise<ListDelta<SalidaRow>> => {
    const res = await send('POST', '/api/salidas/list/delta', { ...filter, since });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const list = async (filter: object = RANGE): Promise<SalidaRow[]> => (await send('POST', '/api/salidas/list', filter)).json();

  beforeAll(async () => {
    const db = s.t.database.db;
    maq = (await seedMachine(db, 'TRACTOR ORUGA')).id;
    op = await seedOperator(db, '47654321', 'CCOPA QUISPE, ANA');
    await seedOrder(db, { orden_id: 8801, nro: '8801', anio: 2024, items: ITEMS });
    const e = await send('POST', '/api/ingresos', entryBody('8801', 2024, ITEMS));
    expect(e.statusCode, e.body).toBe(201);
    [A, B] = e.json().ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
    other = (await createUser(s.t, ALL_CODES)).token;
  });

  it('answers the whole list without a cursor, the same rows as the list', async () => {
    await create('D-FULL-1');
    await create('D-FULL-2', '2024-05-11');
    const d = await delta(null);
    expect(d.full).toBe(true);
    expect(d.deleted).toEqual([]);
    expect(d.cursor).toMatch(/^\d+\.\d+$/);
    expect(d.rows).toEqual(await list());
  });

  it('answers only an exit created, edited or deleted (on another device) since the cursor', async () => {
    const kept = await create('D-KEEP');
    const edited = await create('D-EDIT');
    const gone = await create('D-GONE');
    const { cursor } = await delta(null);
    expect((await delta(cursor)).rows).toEqual([]);

    const added = await create('D-NEW');
    const cur = (await send('GET', `/api/salidas/${edited}`)).json();
    const put = await send('PUT', `/api/salidas/${edited}`, {
      ...exit('D-EDIT', cur.fecha, [
        { ...cur.salidas_det[0], cantidad: 3 },
        { insumo_id: B, cantidad: 2 },
      ]),
      editorMode: 'editar',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await send('DELETE', `/api/salidas/${gone}`, undefined, other)).statusCode).toBe(200);

    const d = await delta(cursor);
    expect(d.full).toBe(false);
    expect(d.rows.map((r) => r.id).sort()).toEqual([added, edited].sort());
    expect(d.rows.find((r) => r.id === edited)?.detalle).toBe('DEL-A Grasa multiuso x 3; DEL-B Filtro de aceite x 2');
    expect(d.deleted).toEqual([gone]);
    expect(d.rows.some((r) => r.id === kept)).toBe(false);
    // Applied to the device's copy, the delta gives the list as it is now.
    const rows = await list();
    expect(rows.find((r) => r.id === edited)).toEqual(d.rows.find((r) => r.id === edited));
    expect(rows.some((r) => r.id === gone)).toBe(false);
    // Nothing more since the new cursor.
    const next = await delta(d.cursor);
    expect(next.rows).toEqual([]);
    expect(next.deleted).toEqual([]);
  });

  it('drops an exit edited out of the filter (moved to another month)', async () => {
    const moved = await create('D-MOVE');
    const { cursor } = await delta(null, { ...RANGE, maquinaria_id: maq });
    const cur = (await send('GET', `/api/salidas/${moved}`)).json();
    const put = await send('PUT', `/api/salidas/${moved}`, {
      ...exit('D-MOVE', '2024-06-02', cur.salidas_det),
      editorMode: 'editar',
    });
    expect(put.statusCode, put.body).toBe(200);
    const d = await delta(cursor, { ...RANGE, maquinaria_id: maq });
    expect(d.rows.some((r) => r.id === moved)).toBe(false);
    expect(d.deleted).toContain(moved);
  });

  it("follows an operator's or a supply's rename, not a supply's stock moving with other exits", async () => {
    const id = await create('D-CAT');
    const { cursor } = await delta(null);
    await create('D-STOCK'); // moves DEL-A's stock: the other exits of DEL-A are not sent again
    const afterStock = await delta(cursor);
    expect(afterStock.rows.map((r) => r.nro_vale)).toEqual(['D-STOCK']);

    await s.t.database.db.execute(sql`update operadores set nombres = 'CCOPA QUISPE, ANA MARIA' where operador_id = ${op}`);
    const renamed = await delta(afterStock.cursor);
    expect(renamed.rows.find((r) => r.id === id)?.operador_name).toBe('CCOPA QUISPE, ANA MARIA');

    await s.t.database.db.execute(sql`update insumos set insumo_name = 'Grasa de chasis' where id = ${A}`);
    const supply = await delta(renamed.cursor);
    expect(supply.rows.find((r) => r.id === id)?.detalle).toBe('DEL-A Grasa de chasis x 1');
  });

  it('answers the whole list for a cursor of another database, from the future, malformed or older than the pruned deletions', async () => {
    const { cursor } = await delta(null);
    const [db, v] = cursor.split('.');
    expect((await delta(`${Number(db) + 1}.${v}`)).full).toBe(true);
    expect((await delta(`${db}.${BigInt(v) + 1_000_000n}`)).full).toBe(true);
    expect((await delta('nonsense')).full).toBe(true);
    expect((await delta(cursor)).full).toBe(false);

    const gone = await create('D-OLD');
    await send('DELETE', `/api/salidas/${gone}`);
    await s.t.database.db.execute(sql`update cambios_borrados set borrado_at = now() - interval '1 year'`);
    expect(await pruneTombstones(s.t.database.db)).toBeGreaterThan(0);
    const d = await delta(cursor);
    expect(d.full).toBe(true);
    expect(d.rows.some((r) => r.id === gone)).toBe(false);
    expect((await delta(d.cursor)).full).toBe(false);
  });

  it('answers the requests and entries lists the same way (a line edited, a request deleted, an entry deleted)', async () => {
    const pedido = (lines: object[]) => ({
      editorMode: 'crear',
      maquinaria_id: maq,
      fecha: '2024-05-20',
      observacion: null,
      pedidos_det: lines,
    });
    const ped = async (path: string, body: object) => (await send('POST', path, body)).json();
    const p1 = (await send('POST', '/api/pedidos', pedido([{ insumo_id: A, cantidad: 1 }]))).json();
    const p2 = (await send('POST', '/api/pedidos', pedido([{ insumo_id: B, cantidad: 1 }]))).json();
    const range = { ...RANGE, maquinaria_id: maq };
    const before = await ped('/api/pedidos/list/delta', { ...range, since: null });
    expect(before.full).toBe(true);
    const edit = await send('PUT', `/api/pedidos/${p1.pedido_id}`, {
      ...pedido([{ ...p1.pedidos_det[0], cantidad: 4 }]),
      editorMode: 'editar',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await send('DELETE', `/api/pedidos/${p2.pedido_id}`, undefined, other)).statusCode).toBe(200);
    const d = await ped('/api/pedidos/list/delta', { ...range, since: before.cursor });
    expect(d.full).toBe(false);
    expect(d.rows.map((r: { pedido_id: number }) => r.pedido_id)).toEqual([p1.pedido_id]);
    expect(d.rows[0].detalle).toContain('x 4');
    expect(d.deleted).toEqual([p2.pedido_id]);

    const entries = await ped('/api/ingresos/list/delta', { fini: '2024-01-01', ffin: '2024-12-31', since: null });
    await seedOrder(s.t.database.db, { orden_id: 8802, nro: '8802', anio: 2024, items: [ITEMS[0]] });
    const entry = await ped('/api/ingresos', entryBody('8802', 2024, [ITEMS[0]]));
    const added = await ped('/api/ingresos/list/delta', { fini: '2024-01-01', ffin: '2024-12-31', since: entries.cursor });
    expect(added).toMatchObject({ full: false, deleted: [] });
    expect(added.rows.map((r: { id: number }) => r.id)).toEqual([entry.id]);
    expect((await send('DELETE', `/api/ingresos/${entry.id}`, undefined, other)).statusCode).toBe(200);
    const after = await ped('/api/ingresos/list/delta', { fini: '2024-01-01', ffin: '2024-12-31', since: added.cursor });
    expect(after).toMatchObject({ full: false, rows: [], deleted: [entry.id] });
  });

  it('refuses an oversized cursor with a 400', async () => {
    const res = await send('POST', '/api/salidas/list/delta', { ...RANGE, since: 'x'.repeat(100) });
    expect(res.statusCode).toBe(400);
  });
});
