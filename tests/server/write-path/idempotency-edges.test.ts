// The write path's edges under attack: malformed keys on every kind of write route, a refused first attempt
// retried with its key, the same key raced with another body past the session's stored-answer read, keys of
// another user, and the audit rows of a change (written with the stored answer at the end, exactly once).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { actividades, auditLog, idempotencyKeys, insumos } from '../../../src/server/db/schema/index';
import { IdempotentReplay } from '../../../src/server/lib/errors';
import { rowsOf } from '../../../src/server/lib/sql';
import { runChange } from '../../../src/server/plugins/change';
import { entryBody, seedMachine, seedOperator, seedOrder } from '../fixtures';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers';

/** Requests carrying this header wait between the session check and the replay check until the gate opens. */
const GATE = 'x-test-gate';
let openGate: () => void = () => undefined;
let gate = Promise.resolve();
const closeGate = () => {
  gate = new Promise<void>((resolve) => (openGate = resolve));
};

function gateHook(route: RouteOptions) {
  if (route.url !== '/api/actividades' || route.method !== 'POST') return;
  const held = async (req: FastifyRequest) => {
    if (req.headers[GATE]) await gate;
  };
  const existing = route.preValidation;
  route.preValidation = existing ? [...(Array.isArray(existing) ? existing : [existing]), held] : [held];
}

describe('the write path under attack', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  const db = () => t.database.db;
  const named = (name: string) => db().select().from(actividades).where(eq(actividades.activ_nombre, name));
  const keyRows = (key: string) => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  const count = async (name: string) =>
    (await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n;
  const auditCount = () => count('audit_log');

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: gateHook });
    admin = await login(t.app);
    adminId = (await rowsOf<{ id: number }>(db(), sql`select id from usuarios where username = 'admin'`))[0].id;
  });
  afterAll(() => t.close());

  describe('a malformed Idempotency-Key is a 400 on every kind of write route and changes nothing', () => {
    const BAD: (string | string[])[] = ['short', 'with spaces inside', 'x'.repeat(101), 'ünïcode-key-1', '', ['a b', 'c'], []];
    const routes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Clave mala' } },
      { method: 'PUT', url: '/api/actividades/1', payload: { activ_nombre: 'Clave mala' } },
      { method: 'DELETE', url: '/api/actividades/1' },
      { method: 'POST', url: '/api/logout' },
      { method: 'POST', url: '/api/salidas/list', payload: { fini: '2024-01-01', ffin: '2024-12-31' } },
    ];
    for (const r of routes) {
      it(`${r.method} ${r.url}`, async () => {
        const audits = await auditCount();
        const acts = await count('actividades');
        for (const key of BAD) {
          const res = await t.app.inject({
            method: r.method,
            url: r.url,
            payload: r.payload,
            headers: { authorization: `Bearer ${admin}`, 'idempotency-key': key as string },
          });
          expect(res.statusCode, `${JSON.stringify(key)}: ${res.body}`).toBe(400);
        }
        expect(await auditCount()).toBe(audits);
        expect(await count('actividades')).toBe(acts);
        // the session survived every refused logout
        expect((await call(t.app, admin, { method: 'GET', url: '/api/actividades' })).statusCode).toBe(200);
      });
    }
  });

  it('a keyed write refused for a business reason keeps no answer: the same key and body run again once the reason is gone', async () => {
    const items = [{ insumo_codigo: 'IDE-A', insumo_name: 'Grasa de chasis', cantidad: 2, unimed: 'KG' }];
    const maq = await seedMachine(db());
    await seedOperator(db(), '45670012', 'TORRES VEGA, ANA');
    await seedOrder(db(), { orden_id: 9701, nro: '9701', anio: 2024, items });
    const entry = await call(t.app, admin, { method: 'POST', url: '/api/ingresos', payload: entryBody('9701', 2024, items) });
    expect(entry.statusCode).toBe(201);
    const supply = entry.json().ingresos_det[0].insumo_id as number;
    const payload = {
      editorMode: 'crear',
      nro_vale: 'V-IDEM-1',
      fecha: '2024-05-02',
      maquinaria_id: maq.id,
      operador_dni: '45670012',
      salidas_det: [{ insumo_id: supply, cantidad: 5 }],
    };
    const key = randomUUID();
    const refused = await call(t.app, admin, { method: 'POST', url: '/api/salidas', payload, key });
    expect(refused.statusCode).toBe(409);
    expect(await keyRows(key)).toHaveLength(0);
    await db().update(insumos).set({ stock: 10 }).where(eq(insumos.id, supply));
    const retried = await call(t.app, admin, { method: 'POST', url: '/api/salidas', payload, key });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    const again = await call(t.app, admin, { method: 'POST', url: '/api/salidas', payload, key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(retried.json());
    expect((await call(t.app, admin, { method: 'GET', url: `/api/insumos/${supply}` })).json().stock).toBe(5);
  });

  describe('a repeat whose session check ran before the first attempt committed (the concurrent path)', () => {
    const post = (name: string, key: string, gated = false) =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/actividades',
        payload: { activ_nombre: name },
        key,
        headers: gated ? { [GATE]: '1' } : {},
      });

    it('with the same body it is answered from the store and changes nothing', async () => {
      const key = randomUUID();
      closeGate();
      const late = post('Idem carrera igual', key, true);
      await new Promise((r) => setTimeout(r, 50));
      const first = await post('Idem carrera igual', key);
      expect(first.statusCode).toBe(201);
      const audits = await auditCount();
      openGate();
      const res = await late;
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotency-replayed']).toBe('true');
      expect(res.json()).toEqual(first.json());
      expect(await named('Idem carrera igual')).toHaveLength(1);
      expect(await auditCount()).toBe(audits);
    });

    it('with another body it is a 409 and changes nothing', async () => {
      const key = randomUUID();
      closeGate();
      const late = post('Idem carrera otro', key, true);
      await new Promise((r) => setTimeout(r, 50));
      expect((await post('Idem carrera uno', key)).statusCode).toBe(201);
      const audits = await auditCount();
      openGate();
      const res = await late;
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.idempotencyConflict);
      expect(await named('Idem carrera otro')).toHaveLength(0);
      expect(await auditCount()).toBe(audits);
    });
  });

  it("another user's key with another body is that user's own new change, never a 409 or a replay of the first", async () => {
    const other = await createUser(t, [14]);
    const key = randomUUID();
    const mine = await call(t.app, admin, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Idem ajena A' }, key });
    expect(mine.statusCode).toBe(201);
    const theirs = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/actividades',
      payload: { activ_nombre: 'Idem ajena B' },
      key,
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    const theirsAgain = await call(t.app, other.token, {
      method: 'POST',
      url: '/api/actividades',
      payload: { activ_nombre: 'Idem ajena B' },
      key,
    });
    expect(theirsAgain.headers['idempotency-replayed']).toBe('true');
    expect(theirsAgain.json()).toEqual(theirs.json());
    expect(theirsAgain.json().id).not.toBe(mine.json().id);
  });

  it('replays of a PUT and a DELETE give their stored status and body again', async () => {
    const created = await call(t.app, admin, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: 'Idem put' } });
    const id = created.json().id as number;
    const putKey = randomUUID();
    const put = () =>
      call(t.app, admin, { method: 'PUT', url: `/api/actividades/${id}`, payload: { activ_nombre: 'Idem put 2' }, key: putKey });
    const p1 = await put();
    const p2 = await put();
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(p2.headers['idempotency-replayed']).toBe('true');
    expect(p2.json()).toEqual(p1.json());
    const delKey = randomUUID();
    const del = () => call(t.app, admin, { method: 'DELETE', url: `/api/actividades/${id}`, key: delKey });
    const d1 = await del();
    const d2 = await del();
    expect([d1.statusCode, d2.statusCode]).toEqual([200, 200]);
    expect(d2.headers['idempotency-replayed']).toBe('true');
    expect(d2.json()).toEqual(d1.json());
    // a new key for the same delete is a new request: the row is gone
    expect((await call(t.app, admin, { method: 'DELETE', url: `/api/actividades/${id}` })).statusCode).toBe(404);
  });

  describe('audit rows of a change', () => {
    /** A request as a route would hand it to runChange. */
    const fakeRequest = (key: string | undefined, body: unknown = { n: 1 }) =>
      ({
        server: t.app,
        user: { id: adminId, username: 'admin', roles: [] },
        method: 'POST',
        url: '/api/prueba',
        body,
        headers: key === undefined ? {} : { 'idempotency-key': key },
      }) as unknown as FastifyRequest;
    const auditOf = (resource: string) => db().select().from(auditLog).where(eq(auditLog.resource, resource));
    const entries = (resource: string) => [
      {
        action: 'create',
        resource,
        resource_id: 1,
        after: { texto: `comillas ' " y ñ`, lista: [1, 'dos', null], anidado: { a: { b: true } } },
      },
      { action: 'update', resource, resource_id: 'x-2', before: [1, 2], after: 'solo texto' },
      { action: 'delete', resource, resource_id: null, before: { n: 3 } },
    ];

    for (const keyed of [true, false]) {
      it(`several audit() calls are written once each, with their values intact (${keyed ? 'with' : 'without'} a key)`, async () => {
        const resource = `prueba-${keyed ? 'k' : 'n'}`;
        const key = keyed ? randomUUID() : undefined;
        const work = async ({ audit }: { audit: (e: ReturnType<typeof entries>[number]) => Promise<void> }) => {
          for (const e of entries(resource)) await audit(e);
          return { ok: true, lista: [1, 2] };
        };
        expect(await runChange(fakeRequest(key), work, 201)).toEqual({ ok: true, lista: [1, 2] });
        const rows = await auditOf(resource);
        expect(rows).toHaveLength(3);
        expect(rows.map((r) => [r.action, r.resource_id, r.before, r.after, r.user_id, r.username])).toEqual(
          entries(resource).map((e) => [
            e.action,
            e.resource_id == null ? null : String(e.resource_id),
            e.before ?? null,
            e.after ?? null,
            adminId,
            'admin',
          ]),
        );
        const types = await rowsOf<{ a: string | null; b: string | null }>(
          db(),
          sql`select jsonb_typeof(before) as b, jsonb_typeof(after) as a from audit_log where resource = ${resource} order by id`,
        );
        expect(types).toEqual([
          { b: null, a: 'object' },
          { b: 'array', a: 'string' },
          { b: 'object', a: null },
        ]);
        if (!key) return;
        const [stored] = await keyRows(key);
        expect([stored.status_code, stored.response_body]).toEqual([201, { ok: true, lista: [1, 2] }]);
        // the repeat is a replay: no work, no audit row
        const replay = await runChange(fakeRequest(key), work, 201).catch((e: unknown) => e);
        expect(replay).toBeInstanceOf(IdempotentReplay);
        expect(await auditOf(resource)).toHaveLength(3);
      });
    }

    it('a change that throws after calling audit() leaves no audit row and no key', async () => {
      const key = randomUUID();
      const err = await runChange(fakeRequest(key), async ({ audit }) => {
        await audit({ action: 'create', resource: 'prueba-falla', resource_id: 1 });
        await audit({ action: 'update', resource: 'prueba-falla', resource_id: 1 });
        throw new Error('falla a mitad del cambio');
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(await auditOf('prueba-falla')).toHaveLength(0);
      expect(await keyRows(key)).toHaveLength(0);
    });

    it('an audit row keeps the state its objects had when audit() was called, though the work changes them after', async () => {
      const row = { estado: 1, lineas: [{ cantidad: 2 }] };
      await runChange(fakeRequest(randomUUID()), async ({ audit }) => {
        await audit({ action: 'update', resource: 'prueba-instantanea', resource_id: 1, before: row });
        row.estado = 0;
        row.lineas[0].cantidad = 9;
        await audit({ action: 'update', resource: 'prueba-instantanea', resource_id: 1, before: row });
        return row;
      });
      const rows = await db().select().from(auditLog).where(eq(auditLog.resource, 'prueba-instantanea')).orderBy(auditLog.id);
      expect(rows.map((r) => r.before)).toEqual([
        { estado: 1, lineas: [{ cantidad: 2 }] },
        { estado: 0, lineas: [{ cantidad: 9 }] },
      ]);
    });

    it('a change answering null stores null and replays it', async () => {
      const key = randomUUID();
      expect(await runChange(fakeRequest(key), async () => null)).toBeNull();
      const [stored] = await db()
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.user_id, adminId), eq(idempotencyKeys.key, key)));
      expect([stored.status_code, stored.response_body]).toEqual([200, null]);
      const replay = await runChange(fakeRequest(key), async () => 'otra vez').catch((e: unknown) => e);
      expect(replay).toBeInstanceOf(IdempotentReplay);
      expect((replay as IdempotentReplay).body).toBeNull();
    });
  });
});
