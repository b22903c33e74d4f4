// The batch push's transaction (modules/sync/service.ts): its saves run in the batch's transaction, each in a savepoint,
// so each sees the saves before it (stock, the kardex), a refusal undoes only itself and is still counted, a stop keeps
// what came before it, and a long change (the backup) runs alone between the batch's transactions.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { SyncAnswer } from '@shared/contract/sync';
import { actividades, idempotencyKeys, insumos, movimientos, respaldos, solicitudesRechazadas } from '../../../src/server/db/schema/index';
import { revalorizarInsumos } from '../../../src/server/db/valuation';
import { seedMachine, seedOperator } from '../fixtures';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers';

describe('the batch push: one transaction, a savepoint per save', () => {
  let t: TestApp;
  let dir: string;
  let user: TestUser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'maq-batch-'));
    t = await createTestApp({ DATA_DIR: dir, BACKUP_KEEP: '5' });
    user = await createUser(t, [ROLE.actividadNuevo, ROLE.salidaNuevo, MENU.almacen, MENU.salidas, MENU.configuracion]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const batch = async (items: unknown[]) => {
    const res = await call(t.app, user.token, { method: 'POST', url: '/api/sync/batch', payload: { items } });
    expect(res.statusCode).toBe(200);
    return res.json().answers as SyncAnswer[];
  };
  const actividad = (activ_nombre: string) => ({ key: randomUUID(), method: 'POST', url: '/api/actividades', body: { activ_nombre } });
  const named = async (name: string) => t.database.db.select().from(actividades).where(eq(actividades.activ_nombre, name));

  it('a save sees the stock the saves before it took, and the kardex is valued as a full pass values it', async () => {
    const db = t.database.db;
    const unimedId = ((await db.execute(sql`select min(unimed_id) as id from unimeds`)) as unknown as { rows: { id: number }[] }).rows[0]
      .id;
    const [supply] = await db
      .insert(insumos)
      .values({
        insumo_codigo: `LT${process.pid}`,
        insumo_name: 'Filtro de lote',
        search_text: 'filtro de lote',
        unimed_id: unimedId,
        stock: 3,
      })
      .returning({ id: insumos.id });
    const fecha = new Date().toISOString().slice(0, 10);
    // Three units in at 10.00 each, valued as the seed values a ledger.
    await db.insert(movimientos).values({ insumo_id: supply.id, fecha, tipo: 'INGRESO', ingreso: 3, costo_unitario: 10 });
    await db.transaction((tx) => revalorizarInsumos(tx as never));
    const machine = await seedMachine(db);
    const dni = String(40_000_000 + (process.pid % 1_000_000));
    const operator = await seedOperator(db, dni);
    const exit = (k: number) => ({
      key: randomUUID(),
      method: 'POST',
      url: '/api/salidas',
      body: {
        id: null,
        nro_vale: `LT-${k}`,
        fecha,
        maquinaria_id: machine.id,
        operador_id: operator,
        operador_dni: dni,
        operador_name: 'QUISPE MAMANI, JUAN',
        salidas_det: [{ insumo_id: supply.id, cantidad: 1, observacion: null }],
        trash: [],
        editorMode: 'crear',
      },
    });
    const answers = await batch([exit(1), exit(2), exit(3), exit(4)]);
    // The fourth finds the stock the three before it took, uncommitted yet, and is refused alone.
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 409]);
    const [after] = await db.select({ stock: insumos.stock }).from(insumos).where(eq(insumos.id, supply.id));
    expect(Number(after.stock)).toBe(0);
    const ledger = () =>
      db
        .select({ id: movimientos.id, q: movimientos.saldo_cantidad, v: movimientos.saldo_importe, importe: movimientos.importe })
        .from(movimientos)
        .where(eq(movimientos.insumo_id, supply.id))
        .orderBy(asc(movimientos.fecha), asc(movimientos.id));
    const valued = await ledger();
    expect(valued.map((r) => Number(r.q))).toEqual([3, 2, 1, 0]);
    expect(valued.map((r) => Number(r.importe))).toEqual([30, 10, 10, 10]);
    // Each exit was valued from itself on: a pass over the whole ledger finds nothing to change.
    await db.transaction((tx) => revalorizarInsumos(tx as never));
    expect(await ledger()).toEqual(valued);
  });

  it('a refused save undoes only itself and is counted once the batch committed; a stop keeps what came before it', async () => {
    const counted = async () =>
      (await t.database.db.select().from(solicitudesRechazadas).where(eq(solicitudesRechazadas.status, 400))).reduce(
        (n, r) => n + r.total,
        0,
      );
    const before = await counted();
    const answers = await batch([actividad('Lote contado A'), actividad(''), actividad('Lote contado B')]);
    expect(answers.map((a) => a.status)).toEqual([201, 400, 201]);
    expect(await counted()).toBe(before + 1);
    expect(await named('Lote contado A')).toHaveLength(1);
    expect(await named('Lote contado B')).toHaveLength(1);

    // A key a long change holds (claimed, no answer): the batch stops there, and the save before it stays committed.
    const busy = actividad('Lote detenido');
    const model = randomUUID();
    await call(t.app, user.token, { method: 'POST', url: '/api/actividades', payload: busy.body, key: model });
    const [stored] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, model));
    await t.database.db.insert(idempotencyKeys).values({ ...stored, key: busy.key, status_code: 0, response_body: null });
    const first = actividad('Lote antes de detenerse');
    const stop = await batch([first, busy, actividad('Lote tras detenerse')]);
    expect(stop.map((a) => a.status)).toEqual([201, 409]);
    expect(await named('Lote antes de detenerse')).toHaveLength(1);
    expect(await named('Lote tras detenerse')).toHaveLength(0);
    const alone = await call(t.app, user.token, { method: 'POST', url: '/api/actividades', payload: first.body, key: first.key });
    expect(alone.headers['idempotency-replayed']).toBe('true');
    expect(alone.json()).toEqual(stop[0].body);
  });

  it('a backup in a batch runs alone between its transactions, once, and the batch again is all replays', async () => {
    const manual = async () => (await t.database.db.select().from(respaldos).where(eq(respaldos.tipo, 'manual'))).length;
    const taken = await manual();
    const items = [
      actividad('Lote antes del respaldo'),
      { key: randomUUID(), method: 'POST', url: '/api/operaciones/respaldos' },
      actividad('Lote tras el respaldo'),
    ];
    const answers = await batch(items);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect((answers[1].body as { archivo: string }).archivo).toMatch(/^respaldo-/);
    expect(await manual()).toBe(taken + 1);
    const again = await batch(items);
    expect(again.map((a) => [a.status, a.replayed])).toEqual([
      [201, true],
      [201, true],
      [201, true],
    ]);
    expect(again.map((a) => a.body)).toEqual(answers.map((a) => a.body));
    expect(await manual()).toBe(taken + 1);
  });
});
