import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryBody, seedMachine, seedOperator, seedOrder } from '../fixtures';
import { call, type TestApp, createTestApp, login, twinApp } from '../helpers';

/** The year of the exits these tests save (a list asks a bounded range). */
const YEAR_2024 = { fini: '2024-01-01', ffin: '2024-12-31' };

const ITEMS = [
  { insumo_codigo: 'CON-A', insumo_name: 'Aceite de transmisión', cantidad: 20, unimed: 'GLN' },
  { insumo_codigo: 'CON-B', insumo_name: 'Grasa multipropósito', cantidad: 15, unimed: 'KG' },
];
const STOCK_MSG = /^Cantidad no disponible: el insumo CON-[AB] solo tiene \d+\.\d\d en stock$/;

// Run on one server and on two servers sharing the database (two processes behind a proxy behave as one,
// docs/architecture.md "Several servers on one PostgreSQL"); with two, the requests alternate between them as a round-robin proxy would send them.
describe.each([{ servers: 1 }, { servers: 2 }])(
  'warehouse under concurrency (stock, exits, entries, kardex) on $servers server(s)',
  ({ servers }) => {
    let t: TestApp;
    let twin: TestApp | null = null;
    let token: string;
    let maq: { id: number };
    let A: number;
    let B: number;
    let turn = 0;
    /** The next server in turn. */
    const next = () => (twin && turn++ % 2 ? twin : t).app;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call(next(), token, { method, url, payload });
    const exit = (n: number, lines: { insumo_id: number; cantidad: number }[]) => ({
      nro_vale: `VC-${n}`,
      fecha: '2024-06-01',
      maquinaria_id: maq.id,
      operador_dni: '42000001',
      salidas_det: lines,
    });

    /** Stock of every supply equals the kardex (sum ingreso - salida), the last running balance, and entries - exits. */
    async function reconcile() {
      const db = t.database.db;
      const res = (await db.execute(sql`
      select i.id, i.stock::float8 as stock,
        coalesce((select sum(m.ingreso - m.salida) from movimientos m where m.insumo_id = i.id), 0)::float8 as kardex,
        coalesce((select sum(d.cantidad) from ingresos_det d where d.insumo_id = i.id), 0)::float8
          - coalesce((select sum(d.cantidad) from salidas_det d where d.insumo_id = i.id), 0)::float8 as docs
      from insumos i`)) as unknown as { rows: { id: number; stock: number; kardex: number; docs: number }[] };
      const rows = (await send('POST', '/api/movimientos/list', { insumo_id: 0, ...YEAR_2024 })).json();
      const lastSaldo = new Map<number, number>();
      for (const r of rows) lastSaldo.set(r.insumo_id, r.saldo);
      for (const r of res.rows) {
        expect(r.stock).toBeGreaterThanOrEqual(0);
        expect(r.kardex).toBeCloseTo(r.stock, 6);
        expect(r.docs).toBeCloseTo(r.stock, 6);
        expect(lastSaldo.get(r.id) ?? 0).toBeCloseTo(r.stock, 6);
      }
      return new Map(res.rows.map((r) => [r.id, r.stock]));
    }

    beforeAll(async () => {
      t = await createTestApp();
      if (servers === 2) twin = await twinApp(t);
      token = await login(t.app);
      maq = await seedMachine(t.database.db);
      await seedOperator(t.database.db, '42000001');
      await seedOrder(t.database.db, { orden_id: 6001, nro: '6001', anio: 2024, items: ITEMS });
      const e = await send('POST', '/api/ingresos', entryBody('6001', 2024, ITEMS));
      [A, B] = e.json().ingresos_det.map((l: { insumo_id: number }) => l.insumo_id);
    });
    afterAll(async () => {
      await twin?.close();
      await t.close();
    });

    it('36 simultaneous exits for the same stock: never negative, accepted ≤ stock, the rest 409 in Spanish', async () => {
      const asks = Array.from({ length: 36 }, (_, i) => 1 + (i % 3)); // 72 units asked for 20 in stock
      const res = await Promise.all(asks.map((q, i) => send('POST', '/api/salidas', exit(i, [{ insumo_id: A, cantidad: q }]))));
      let accepted = 0;
      res.forEach((r, i) => {
        expect([201, 409]).toContain(r.statusCode);
        if (r.statusCode === 201) accepted += asks[i];
        else expect(r.json().message).toMatch(STOCK_MSG);
      });
      expect(res.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
      expect(accepted).toBeLessThanOrEqual(20);
      const stock = await reconcile();
      expect(stock.get(A)).toBe(20 - accepted);
    });

    it('entries, exits over two supplies, edits and deletes racing together reconcile with the kardex', async () => {
      await seedOrder(t.database.db, {
        orden_id: 6002,
        nro: '6002',
        anio: 2024,
        items: [
          { ...ITEMS[0], cantidad: 6 },
          { ...ITEMS[1], cantidad: 4 },
        ],
      });
      const existing = (await send('POST', '/api/salidas/list', YEAR_2024)).json() as { id: number }[];
      const details = await Promise.all(
        existing.slice(0, 8).map(async (s) => (await call(next(), token, { method: 'GET', url: `/api/salidas/${s.id}` })).json()),
      );
      const ops = [
        send('POST', '/api/ingresos', {
          ...entryBody('6002', 2024, [
            { ...ITEMS[0], cantidad: 6 },
            { ...ITEMS[1], cantidad: 4 },
          ]),
          fecha: '2024-06-01',
        }),
        ...Array.from({ length: 16 }, (_, i) =>
          send(
            'POST',
            '/api/salidas',
            exit(100 + i, [
              { insumo_id: B, cantidad: 2 },
              { insumo_id: A, cantidad: 1 },
            ]),
          ),
        ),
        ...details.slice(0, 4).map((d) =>
          send('PUT', `/api/salidas/${d.id}`, {
            ...exit(
              200 + d.id,
              d.salidas_det.map((l: object) => ({ ...l, cantidad: 2 })),
            ),
            salidas_det: d.salidas_det.map((l: object) => ({ ...l, cantidad: 2 })),
          }),
        ),
        ...details.slice(4, 8).map((d) => send('DELETE', `/api/salidas/${d.id}`)),
      ];
      const res = await Promise.all(ops);
      for (const r of res) {
        expect([200, 201, 409]).toContain(r.statusCode);
        if (r.statusCode === 409) expect(r.json().message).toMatch(STOCK_MSG);
      }
      expect(res[0].statusCode).toBe(201);
      const stock = await reconcile();
      expect(stock.get(B)).toBeGreaterThanOrEqual(0);
      // Deleting every exit gives back exactly what both entries brought in.
      const all = (await send('POST', '/api/salidas/list', YEAR_2024)).json() as { id: number }[];
      const del = await Promise.all(all.map((s) => send('DELETE', `/api/salidas/${s.id}`)));
      expect(del.every((r) => r.statusCode === 200)).toBe(true);
      const after = await reconcile();
      expect(after.get(A)).toBe(26);
      expect(after.get(B)).toBe(19);
    });
  },
);
