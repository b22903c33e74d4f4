// The stored answers of Idempotency-Keys are kept 30 days and then purged; a key younger than that still replays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../../src/server/db/schema/index';
import { KEY_KEEP_DAYS, purgeOldKeys } from '../../../src/server/ops/key-purge';
import { call, createTestApp, login, type TestApp } from '../helpers';

describe('purge of old idempotency keys', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
  });
  afterAll(() => t.close());

  const save = (key: string) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/actividades',
      key,
      payload: { activ_nombre: `PURGA ${key}`, activ_estado: 1, editorMode: 'crear' },
    });
  const age = (key: string, days: number) =>
    t.database.db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - make_interval(days => ${days})` })
      .where(eq(idempotencyKeys.key, key));
  const stored = async (key: string) => (await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length;

  it(`deletes the keys older than ${KEY_KEEP_DAYS} days and keeps the younger ones, which still replay`, async () => {
    const [old, recent] = ['purga-vieja-0001', 'purga-reciente-0001'];
    expect((await save(old)).statusCode).toBe(201);
    expect((await save(recent)).statusCode).toBe(201);
    await age(old, KEY_KEEP_DAYS + 1);
    await age(recent, KEY_KEEP_DAYS - 1);

    expect(await purgeOldKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(old)).toBe(0);
    expect(await stored(recent)).toBe(1);
    const again = await save(recent);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    // A second purge finds nothing more to delete (every server of the office runs it).
    expect(await stored(recent)).toBe(1);
    expect(await purgeOldKeys(t.database.db)).toBe(0);
  });
});
