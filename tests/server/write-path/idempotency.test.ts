import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { actividades, auditLog, idempotencyKeys } from '../../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, twinApp, type TestApp } from '../helpers';

// Run on one server and on two servers sharing the database: with two, consecutive requests alternate
// between them, so a repeat or a concurrent twin of a request lands on the other server.
describe.each([{ servers: 1 }, { servers: 2 }])('Idempotency-Key on changes, $servers server(s)', ({ servers }) => {
  let t: TestApp;
  let twin: TestApp | null = null;
  let admin: string;
  let turn = 0;
  beforeAll(async () => {
    t = await createTestApp();
    if (servers === 2) twin = await twinApp(t);
    admin = await login(t.app);
  });
  afterAll(async () => {
    await twin?.close();
    await t.close();
  });

  /** The next server in turn. */
  const next = () => (twin && turn++ % 2 ? twin : t).app;
  const named = (name: string) => t.database.db.select().from(actividades).where(eq(actividades.activ_nombre, name));
  const post = (name: string, key: string, token = admin) =>
    call(next(), token, { method: 'POST', url: '/api/actividades', payload: { activ_nombre: name }, key });

  it('the same key twice makes one row; the repeat is replayed with the same status and body', async () => {
    const key = randomUUID();
    const first = await post('Idem uno', key);
    const second = await post('Idem uno', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await named('Idem uno')).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource_id, String(first.json().id)));
    expect(audits.filter((a) => a.resource === 'actividades')).toHaveLength(1);
  });

  it('the same key with another body is a 409 and changes nothing', async () => {
    const key = randomUUID();
    await post('Idem dos', key);
    const other = await post('Idem otro', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(MSG.idempotencyConflict);
    expect(await named('Idem otro')).toHaveLength(0);
  });

  it('two concurrent requests with the same key make one row and the same answer', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([post('Idem concurrente', key), post('Idem concurrente', key)]);
    expect(await named('Idem concurrente')).toHaveLength(1);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotency-replayed'], b.headers['idempotency-replayed']].filter(Boolean)).toEqual(['true']);
  });

  it('keys are per user: another user with the same key makes its own change', async () => {
    const key = randomUUID();
    const other = await createUser(t, [14]);
    expect((await post('Idem por usuario', key)).statusCode).toBe(201);
    const res = await post('Idem por usuario', key, other.token);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotency-replayed']).toBeUndefined();
    expect(await named('Idem por usuario')).toHaveLength(2);
  });

  it('a refused change does not keep its key: the corrected retry with a new body runs', async () => {
    const key = randomUUID();
    const bad = await call(next(), admin, { method: 'DELETE', url: '/api/actividades/999999', key });
    expect(bad.statusCode).toBe(404);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('a password change is replayed by its key, yet the stored fingerprint cannot be brute-forced without the server secret', async () => {
    const u = await createUser(t, []);
    const key = randomUUID();
    const url = `/api/usuarios/setpwd/${u.id}`;
    const payload = { id: u.id, password: 'Clave-Idempotente-1' };
    const first = await call(next(), u.token, { method: 'PUT', url, payload, key });
    expect(first.statusCode).toBe(200);
    const again = await call(next(), u.token, { method: 'PUT', url, payload, key });
    expect(again.headers['idempotency-replayed']).toBe('true');
    const other = await call(next(), u.token, { method: 'PUT', url, payload: { ...payload, password: 'Clave-Distinta-22' }, key });
    expect(other.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const plain = createHash('sha256')
      .update(`PUT ${url}\n${JSON.stringify(payload)}`)
      .digest('hex');
    expect(row.request_hash).not.toBe(plain);
    // bodies without a password keep the plain fingerprint (keys stored before this change still replay)
    const actKey = randomUUID();
    await post('Idem huella', actKey);
    const [act] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, actKey));
    const body = JSON.stringify({ activ_nombre: 'Idem huella', activ_estado: 1 }); // the validated body
    expect(act.request_hash).toBe(createHash('sha256').update(`POST /api/actividades\n${body}`).digest('hex'));
  });

  it('refuses a malformed key with 400', async () => {
    const res = await post('Idem clave mala', 'no valid key with spaces');
    expect(res.statusCode).toBe(400);
    expect(await named('Idem clave mala')).toHaveLength(0);
  });
});
