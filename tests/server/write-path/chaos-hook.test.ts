// The TEST-ONLY chaos hook (plugins/chaos.ts): off by default; on, a committed keyed write loses its answer (the
// connection is destroyed after the commit) and the replay of the same key gets the stored answer, changing nothing.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actividades } from '../../../src/server/db/schema/index';
import { CHAOS_DROP_HEADER, parseChaosMode } from '../../../src/server/plugins/chaos';
import { createTestApp, login, type TestApp } from '../helpers';

describe('CHAOS_DROP_AFTER_COMMIT (test-only hook)', () => {
  it('is off unless set, and refuses a value that is neither header nor a fraction', () => {
    expect(parseChaosMode(undefined)).toBeNull();
    expect(parseChaosMode('0')).toBeNull();
    expect(parseChaosMode('header')).toBe('header');
    expect(parseChaosMode('0.25')).toBe(0.25);
    expect(() => parseChaosMode('2')).toThrow(/CHAOS_DROP_AFTER_COMMIT/);
    expect(() => parseChaosMode('yes')).toThrow(/CHAOS_DROP_AFTER_COMMIT/);
  });

  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ CHAOS_DROP_AFTER_COMMIT: 'header' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await login(t.app);
  });
  afterAll(() => t.close());

  const post = (name: string, key: string, drop: boolean) =>
    fetch(`${base}/api/actividades`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(drop ? { [CHAOS_DROP_HEADER]: '1' } : {}),
      },
      body: JSON.stringify({ activ_nombre: name }),
    });
  const named = (name: string) => t.database.db.select().from(actividades).where(eq(actividades.activ_nombre, name));

  it('drops the answer of a committed write; the replay of its key answers the stored result and adds nothing', async () => {
    const key = randomUUID();
    await expect(post('Caos tras commit', key, true)).rejects.toThrow();
    const rows = await named('Caos tras commit');
    expect(rows).toHaveLength(1); // committed although the client never heard back
    // The replay carries the header too: a replay is never dropped.
    const replay = await post('Caos tras commit', key, true);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(((await replay.json()) as { id: number }).id).toBe(rows[0].id);
    expect(await named('Caos tras commit')).toHaveLength(1);
  });

  it('drops the answer of a batch one of whose saves committed, never a save inside it; the batch again is all replays', async () => {
    const items = ['Caos lote A', 'Caos lote B'].map((activ_nombre) => ({
      key: randomUUID(),
      method: 'POST',
      url: '/api/actividades',
      body: { activ_nombre },
    }));
    const batch = () =>
      fetch(`${base}/api/sync/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [CHAOS_DROP_HEADER]: '1' },
        body: JSON.stringify({ items }),
      });
    await expect(batch()).rejects.toThrow();
    expect(await named('Caos lote A')).toHaveLength(1);
    expect(await named('Caos lote B')).toHaveLength(1);
    const again = await batch();
    expect(again.status).toBe(200);
    const { answers } = (await again.json()) as { answers: { status: number; replayed: boolean }[] };
    expect(answers.map((a) => [a.status, a.replayed])).toEqual([
      [201, true],
      [201, true],
    ]);
    expect(await named('Caos lote A')).toHaveLength(1);
  });

  it('never drops a refusal, a read or a request without the header', async () => {
    const refused = await post('', randomUUID(), true);
    expect(refused.status).toBe(400);
    const read = await fetch(`${base}/api/actividades`, { headers: { authorization: `Bearer ${token}`, [CHAOS_DROP_HEADER]: '1' } });
    expect(read.status).toBe(200);
    expect((await post('Caos sin cabecera', randomUUID(), false)).status).toBe(201);
  });
});
