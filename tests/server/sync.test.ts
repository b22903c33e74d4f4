// The offline queue's batch push (POST /api/sync/batch): each save answered as its own request would be, in order,
// each in its own transaction, replayed from the idempotency store, and refused per save by its own route's codes.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { SYNC_BATCH_MAX, type SyncAnswer } from '@shared/contract/sync';
import { MSG } from '@shared/messages';
import { actividades, auditLog, idempotencyKeys } from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';

describe('sync: the batch push of the offline queue', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const item = (activ_nombre: string, key = randomUUID()) => ({ key, method: 'POST', url: '/api/actividades', body: { activ_nombre } });
  const batch = (items: unknown[], token = admin) => call(t.app, token, { method: 'POST', url: '/api/sync/batch', payload: { items } });
  const named = (names: string[]) => t.database.db.select().from(actividades).where(inArray(actividades.activ_nombre, names));

  it('applies the saves in order, each answered as alone; a refusal in the middle undoes only itself', async () => {
    const items = [item('Lote uno'), item(''), { ...item('Lote dos'), url: '/api/actividades/999999', method: 'PUT' }, item('Lote tres')];
    const res = await batch(items);
    expect(res.statusCode).toBe(200);
    const answers = res.json().answers as SyncAnswer[];
    expect(answers.map((a) => [a.key, a.status])).toEqual([
      [items[0].key, 201],
      [items[1].key, 400],
      [items[2].key, 404],
      [items[3].key, 201],
    ]);
    expect((answers[1].body as { message: string }).message).toBe(MSG.invalidInput);
    const rows = await named(['Lote uno', 'Lote tres']);
    // In queue order: the first save got the smaller id.
    expect(rows.map((r) => r.activ_nombre).sort()).toEqual(['Lote tres', 'Lote uno']);
    expect((answers[0].body as { id: number }).id).toBeLessThan((answers[3].body as { id: number }).id);
    // The same key alone now gets the stored answer, as after a single request.
    const alone = await call(t.app, admin, { method: 'POST', url: '/api/actividades', payload: items[0].body, key: items[0].key });
    expect(alone.headers['idempotency-replayed']).toBe('true');
    expect(alone.json()).toEqual(answers[0].body);
  });

  it('a batch sent again (its answer lost) answers every save from the store and writes nothing twice', async () => {
    const items = [item('Lote repetido A'), item('Lote repetido B')];
    const first = (await batch(items)).json().answers as SyncAnswer[];
    const again = await batch(items);
    const second = again.json().answers as SyncAnswer[];
    expect(second.map((a) => [a.status, a.replayed])).toEqual([
      [201, true],
      [201, true],
    ]);
    expect(second.map((a) => a.body)).toEqual(first.map((a) => a.body));
    expect(await named(['Lote repetido A', 'Lote repetido B'])).toHaveLength(2);
    const ids = first.map((a) => String((a.body as { id: number }).id));
    const audits = await t.database.db.select().from(auditLog).where(inArray(auditLog.resource_id, ids));
    expect(audits.filter((a) => a.resource === 'actividades')).toHaveLength(2);
    // The same key with another body is the store's 409, for that save only.
    const changed = await batch([{ ...items[0], body: { activ_nombre: 'Otro nombre' } }, item('Lote tras conflicto')]);
    expect((changed.json().answers as SyncAnswer[]).map((a) => a.status)).toEqual([409, 201]);
  });

  it("each save needs its own route's codes: the batch passes any session, a save without its code is a 403", async () => {
    const clerk = await createUser(t, [ROLE.actividadNuevo]);
    const res = await batch(
      [item('Lote con código'), { key: randomUUID(), method: 'DELETE', url: '/api/actividades/1' }, item('Lote con código 2')],
      clerk.token,
    );
    expect((res.json().answers as SyncAnswer[]).map((a) => a.status)).toEqual([201, 403, 201]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource_id, String(((res.json().answers as SyncAnswer[])[0].body as { id: number }).id)));
    expect(audit.username).toBe(clerk.username);
    expect((await batch([item('Sin sesión')], 'no-token')).statusCode).toBe(401);
    expect(await named(['Sin sesión'])).toHaveLength(0);
  });

  it('stops at a save still in progress: it stays to retry and the saves after it are not tried', async () => {
    const clerk = await createUser(t, [ROLE.actividadNuevo]);
    const busy = item('Lote en proceso');
    // The fingerprint its request has, as the store keeps it for the same save under another key.
    const model = randomUUID();
    await call(t.app, clerk.token, { method: 'POST', url: '/api/actividades', payload: busy.body, key: model });
    const [stored] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, model));
    // A long change holds the key (claimed, no answer yet).
    await t.database.db.insert(idempotencyKeys).values({ ...stored, key: busy.key, status_code: 0, response_body: null });
    const res = await batch([item('Lote antes'), busy, item('Lote después')], clerk.token);
    const answers = res.json().answers as SyncAnswer[];
    expect(answers.map((a) => a.status)).toEqual([201, 409]);
    expect((answers[1].body as { code: string }).code).toBe('idempotency_in_progress');
    expect(await named(['Lote después'])).toHaveLength(0);
  });

  it('refuses what is not a batch of saves, in Spanish', async () => {
    const too = Array.from({ length: SYNC_BATCH_MAX + 1 }, (_, k) => item(`Lote ${k}`));
    for (const items of [[], too]) {
      const res = await batch(items);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().errors as Record<string, string>)).toContain(MSG.syncBatchBounds(SYNC_BATCH_MAX));
    }
    expect(await named(['Lote 0'])).toHaveLength(0);
    const key = randomUUID();
    const twice = await batch([item('Lote clave A', key), item('Lote clave B', key)]);
    expect(twice.statusCode).toBe(400);
    expect(Object.values(twice.json().errors as Record<string, string>)).toContain(MSG.syncBatchKeysRepeated);
    // Only idempotent writes without files: not a list, not a photo, not the batch itself.
    const targets = [
      { method: 'POST', url: '/api/actividades/list', body: {} },
      { method: 'POST', url: '/api/fallas/1/fotos', body: {} },
      { method: 'POST', url: '/api/sync/batch', body: { items: [item('Lote anidado')] } },
    ];
    const res = await batch(targets.map((x) => ({ key: randomUUID(), ...x })));
    const answers = res.json().answers as SyncAnswer[];
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers.map((a) => (a.body as { message: string }).message)).toEqual(Array(3).fill(MSG.syncBatchTarget));
    expect(await named(['Lote anidado'])).toHaveLength(0);
  });
});
