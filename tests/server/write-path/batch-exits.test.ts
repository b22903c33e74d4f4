// The exits of a batch applied together (modules/salidas/bulk.ts) leave exactly what the same saves sent one request
// at a time leave: the same answers (status, body, replayed), exits, lines, stock, kardex with its valuation, audit
// rows, stored keys and refusal counts. Two copies of one database get the same queue: one as single requests, one
// as a batch. The queue mixes exits that pass with every refusal an exit can meet (body, machine, operator, supply,
// closed month, stock run out midway, a replayed key and a key reused with another body), backdated exits that
// revalue later movements, lines of several supplies and one supply twice in an exit.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { SyncAnswer } from '@shared/contract/sync';
import { cierres, insumos, maquinarias, movimientos, operadores } from '../../../src/server/db/schema/index';
import { revalorizarInsumos } from '../../../src/server/db/valuation';
import { rowsOf } from '../../../src/server/lib/sql';
import { call, createTestApp, createUser, twinApp, type TestApp, type TestUser } from '../helpers';

/** A small deterministic generator (the queue is the same on every run). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface World {
  t: TestApp;
  /** The warnings the server logged (a run of exits it could not apply together says so). */
  warnings: string[];
  user: TestUser;
  supplies: number[];
  machines: number[];
  operators: { id: number; dni: string }[];
}

/** The same office in a fresh copy of the database: supplies with entries, machines, operators, a closed month. */
async function world(roles: number[]): Promise<World> {
  const warnings: string[] = [];
  const t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void warnings.push(line) } });
  const db = t.database.db;
  const user = await createUser(t, roles, { username: 'lote_salidas' });
  const [{ id: unimed }] = await rowsOf<{ id: number }>(db, sql`select min(unimed_id) as id from unimeds`);
  const supplies: number[] = [];
  for (const [k, stock] of [1000, 30, 50.5].entries()) {
    const [s] = await db
      .insert(insumos)
      .values({ insumo_codigo: `LX${k}`, insumo_name: `Insumo de lote ${k}`, search_text: `lx${k}`, unimed_id: unimed, stock })
      .returning({ id: insumos.id });
    supplies.push(s.id);
  }
  // Entries on the 1st and the 12th: exits dated before the 12th revalue what comes after them.
  await db.insert(movimientos).values([
    { insumo_id: supplies[0], fecha: '2026-03-01', tipo: 'INGRESO', ingreso: 800, costo_unitario: 10 },
    { insumo_id: supplies[0], fecha: '2026-03-12', tipo: 'INGRESO', ingreso: 200, costo_unitario: 12.5 },
    { insumo_id: supplies[1], fecha: '2026-03-01', tipo: 'INGRESO', ingreso: 20, costo_unitario: 5 },
    { insumo_id: supplies[1], fecha: '2026-03-12', tipo: 'INGRESO', ingreso: 10, costo_unitario: 8 },
    { insumo_id: supplies[2], fecha: '2026-03-01', tipo: 'INGRESO', ingreso: 50.5, costo_unitario: 3.3333 },
  ]);
  await db.transaction((tx) => revalorizarInsumos(tx as never));
  const machines = (
    await db
      .insert(maquinarias)
      .values(
        ['LT-101', 'LT-102'].map((placa) => ({
          descripcion: `CARGADOR ${placa}`,
          marca: 'CATERPILLAR',
          modelo: '950H',
          placa,
          anio_fabrica: 2015,
        })),
      )
      .returning({ id: maquinarias.id })
  ).map((m) => m.id);
  const operators = await db
    .insert(operadores)
    .values([
      { dni: '41111111', nombres: 'QUISPE MAMANI, JUAN' },
      { dni: '42222222', nombres: 'HUAMAN ROJAS, ANA' },
    ])
    .returning({ id: operadores.operador_id, dni: operadores.dni });
  await db.insert(cierres).values({ periodo: '2026-02', estado: 'CERRADO' });
  return { t, warnings, user, supplies, machines, operators };
}

interface Item {
  key: string;
  method: 'POST';
  url: string;
  body: unknown;
}

/** The refusals an exit can meet, each with the status its route answers, and how a body is spoiled to meet it. */
const REFUSALS: readonly [number, (body: Record<string, unknown>, w: World) => void][] = [
  [400, (b) => void (b.maquinaria_id = 999_999)],
  [400, (b, w) => void Object.assign(b, { operador_id: w.operators[0].id, operador_dni: w.operators[1].dni })],
  [400, (b) => void Object.assign(b, { operador_id: null, operador_dni: '49999999' })],
  [400, (b) => void ((b.salidas_det as { insumo_id: number }[])[0].insumo_id = 999_999)],
  [400, (b) => void (b.nro_vale = '')],
  [400, (b) => void ((b.salidas_det as { cantidad: number }[])[0].cantidad = 0)],
  [409, (b) => void (b.fecha = '2026-02-20')],
];

/**
 * The queue: exits that pass (one supply runs out midway, so later exits of it are refused for stock) and, every
 * fifth save, one of the refusals in turn, so runs of passing exits are cut by each kind. Returns each save's status
 * when it is a refusal written in (the stock's are not known beforehand).
 */
function queue(w: World, n: number, seed: number): { items: Item[]; refused: Map<number, number> } {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const items: Item[] = [];
  const refused = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const op = pick(w.operators);
    const body: Record<string, unknown> = {
      id: null,
      nro_vale: `V-${seed}-${k}`,
      fecha: `2026-03-${String(2 + Math.floor(rnd() * 24)).padStart(2, '0')}`,
      maquinaria_id: pick(w.machines),
      operador_id: op.id,
      operador_dni: op.dni,
      operador_name: 'X',
      salidas_det: Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
        insumo_id: pick([w.supplies[0], w.supplies[0], w.supplies[1], w.supplies[2]]),
        cantidad: pick([1, 0.5, 2.25, 3]),
        observacion: rnd() < 0.3 ? 'para el cambio de aceite' : null,
      })),
      trash: [],
      editorMode: 'crear',
    };
    // By DNI alone, as a form that did not pick the operator from the list sends it.
    if (rnd() < 0.15) body.operador_id = null;
    if (k % 5 === 2) {
      const [status, spoil] = REFUSALS[Math.floor(k / 5) % REFUSALS.length];
      spoil(body, w);
      refused.set(items.length, status);
    }
    items.push({ key: randomUUID(), method: 'POST', url: '/api/salidas', body });
  }
  return { items, refused };
}

/** An exit that passes: one unit of the first supply for the second machine. */
function valid(w: World, nro_vale: string, fecha: string): Item {
  const [op] = w.operators;
  const body = {
    id: null,
    nro_vale,
    fecha,
    maquinaria_id: w.machines[1],
    operador_id: op.id,
    operador_dni: op.dni,
    operador_name: 'X',
    salidas_det: [{ insumo_id: w.supplies[0], cantidad: 1, observacion: null }],
    trash: [],
    editorMode: 'crear',
  };
  return { key: randomUUID(), method: 'POST', url: '/api/salidas', body };
}

/** What each save answered, its creation instant left out (single requests commit at different instants). */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null).replace(/"created_at":"[^"]*"/g, '"created_at":"-"'));

/** Every row the saves wrote or moved, without the instants and change cursors of their transactions. */
async function state(t: TestApp) {
  const db = t.database.db;
  const read = (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(db, q).then(plain);
  return {
    salidas: await read(sql`select id, nro_vale, fecha::text, maquinaria_id, operador_id, ot_id, user_id from salidas order by id`),
    lines: await read(sql`select salida_det_id, salida_id, insumo_id, cantidad::text, observacion from salidas_det order by salida_det_id`),
    kardex: await read(
      sql`select id, insumo_id, fecha::text, tipo, proveedor, nro_guiaremision, ingreso::text, salida::text, salida_det_id,
            costo_unitario::text, importe::text, saldo_cantidad::text, saldo_importe::text from movimientos order by id`,
    ),
    supplies: await read(sql`select id, stock::text, costo_promedio::text, valor_stock::text from insumos order by id`),
    audit: await read(
      sql`select user_id, username, action, resource, resource_id, before, after from audit_log where resource = 'salidas' order by id`,
    ),
    keys: await read(
      sql`select key, method, path, request_hash, status_code, response_body from idempotency_keys
          where user_id = (select id from usuarios where username = 'lote_salidas') order by key`,
    ),
    refusals: await read(sql`select status, sum(total)::int as total from solicitudes_rechazadas group by status order by status`),
  };
}

/** The saves sent one request each, as a device without the batch would. */
async function alone(w: World, items: readonly Item[]) {
  const out: { status: number; body: unknown; replayed: boolean }[] = [];
  for (const item of items) {
    const res = await call(w.t.app, w.user.token, { method: item.method, url: item.url, payload: item.body as object, key: item.key });
    out.push({ status: res.statusCode, body: plain(res.json()), replayed: res.headers['idempotency-replayed'] === 'true' });
  }
  return out;
}

async function batched(w: World, items: readonly Item[]) {
  const res = await call(w.t.app, w.user.token, { method: 'POST', url: '/api/sync/batch', payload: { items } });
  expect(res.statusCode).toBe(200);
  return (res.json().answers as SyncAnswer[]).map((a) => ({ status: a.status, body: plain(a.body), replayed: a.replayed }));
}

/** The database statements `work` sends (PGlite's protocol messages that carry one: Parse, or a simple Query). */
async function statements(t: TestApp, work: () => Promise<unknown>): Promise<number | null> {
  const client = (t.database as unknown as { client?: { execProtocolRaw: (m: Uint8Array, o?: unknown) => Promise<Uint8Array> } }).client;
  if (!client) {
    await work();
    return null;
  }
  const original = client.execProtocolRaw;
  let n = 0;
  client.execProtocolRaw = function (this: unknown, m: Uint8Array, o?: unknown) {
    if (m[0] === 0x50 || m[0] === 0x51) n++;
    return original.call(this, m, o);
  };
  try {
    await work();
  } finally {
    client.execProtocolRaw = original;
  }
  return n;
}

describe('the exits of a batch applied together', () => {
  const roles = [ROLE.salidaNuevo, MENU.almacen, MENU.salidas];
  let single: World;
  let batch: World;
  beforeAll(async () => {
    single = await world(roles);
    batch = await world(roles);
  });
  afterAll(async () => {
    await single.t.close();
    await batch.t.close();
  });

  it('answer and leave exactly what the same saves sent one by one leave', async () => {
    // Two saves already sent before the queue: one comes again as it was (a replay), one's key with another body.
    const sent = [1, 2].map((k) => valid(single, `ENVIADO-${k}`, '2026-03-03'));
    for (const w of [single, batch]) await alone(w, sent);
    const q = queue(single, 90, 11);
    const items = [
      ...q.items.slice(0, 40),
      sent[0],
      { ...sent[1], body: { ...(sent[1].body as object), nro_vale: 'OTRO' } },
      ...q.items.slice(40),
    ];
    const one = await alone(single, items);
    const together = await batched(batch, items);
    expect(together).toEqual(one);
    // The queue met every answer it was written to meet: each refusal, the replay, the reused key, the stock run out.
    for (const [k, status] of q.refused) expect(one[k < 40 ? k : k + 2].status, `save ${k}`).toBe(status);
    expect(one[40]).toMatchObject({ status: 201, replayed: true });
    expect(one[41].status).toBe(409);
    const stockOut = one.filter((a, k) => a.status === 409 && k !== 41 && !q.refused.has(k < 40 ? k : k - 2));
    expect(stockOut.length).toBeGreaterThan(3);
    expect(one.filter((a) => a.status === 201 && !a.replayed).length).toBeGreaterThan(40);
    expect(await state(batch.t)).toEqual(await state(single.t));
    // Applied together, not by the fallback that sends them one by one when a run cannot be applied.
    expect(batch.warnings.filter((l) => l.includes('lote:'))).toEqual([]);
  });

  it('a hundred exits that pass cost a few statements, not a hundred requests', async () => {
    const items = Array.from({ length: 100 }, (_, k) => valid(batch, `P-${k}`, '2026-03-25'));
    let answers: Awaited<ReturnType<typeof batched>> = [];
    const n = await statements(batch.t, async () => (answers = await batched(batch, items)));
    expect(answers.map((a) => a.status)).toEqual(items.map(() => 201));
    // One exit alone sends about fifteen (PGlite only: PostgreSQL has no protocol hook here).
    if (n !== null) expect(n).toBeLessThan(40);
    const [{ stock }] = await rowsOf<{ stock: string }>(
      batch.t.database.db,
      sql`select stock::text from insumos where id = ${batch.supplies[0]}`,
    );
    const [{ total }] = await rowsOf<{ total: number }>(
      batch.t.database.db,
      sql`select count(*)::int as total from salidas where maquinaria_id = ${batch.machines[1]} and fecha = '2026-03-25'`,
    );
    expect(total).toBe(100);
    expect(Number(stock)).toBeGreaterThanOrEqual(0);
    // Valued as a full pass values it.
    const before = await state(batch.t);
    await batch.t.database.db.transaction((tx) => revalorizarInsumos(tx as never));
    expect((await state(batch.t)).kardex).toEqual(before.kardex);
  });

  it('the same batch sent again while the first still runs, to another server: each exit once, the same answers', async () => {
    const twin = await twinApp(batch.t);
    try {
      const items = Array.from({ length: 30 }, (_, k) => valid(batch, `R-${k}`, '2026-03-24'));
      const send = (app: TestApp['app']) =>
        call(app, batch.user.token, { method: 'POST', url: '/api/sync/batch', payload: { items } }).then(
          (r) => r.json().answers as SyncAnswer[],
        );
      const [first, second] = await Promise.all([send(batch.t.app), send(twin.app)]);
      expect(first.map((a) => a.status)).toEqual(items.map(() => 201));
      expect(second.map((a) => a.status)).toEqual(items.map(() => 201));
      // Each key applied by one of the two and answered from the store to the other.
      expect(first.map((a, k) => a.replayed !== second[k].replayed)).toEqual(items.map(() => true));
      expect(second.map((a) => plain(a.body))).toEqual(first.map((a) => plain(a.body)));
      const [{ total }] = await rowsOf<{ total: number }>(
        batch.t.database.db,
        sql`select count(*)::int as total from salidas where nro_vale like 'R-%'`,
      );
      expect(total).toBe(30);
    } finally {
      await twin.close();
    }
  });

  it('a user without the exits code: every exit of the run is the route refusal, counted', async () => {
    const w = await world([MENU.almacen, MENU.salidas]);
    const v = await world([MENU.almacen, MENU.salidas]);
    try {
      const { items } = queue(w, 5, 31);
      expect(await batched(w, items)).toEqual(await alone(v, items));
      expect(await state(w.t)).toEqual(await state(v.t));
    } finally {
      await w.t.close();
      await v.t.close();
    }
  });
});
