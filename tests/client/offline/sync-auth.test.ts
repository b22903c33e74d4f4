// 401 pauses the whole queue and asks for login; only a new login of the same user resumes its items.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, json, makeEngine, makeToken, salida, stopEngines } from './helpers';

afterEach(stopEngines);

describe('outbox on 401', () => {
  it('pauses, calls the unauthorized handler and resumes only after the same user logs in again', async () => {
    let expired = true;
    const server = fakeServer((req) => (expired ? json(401, { message: 'expirado' }) : json(201, req.body)));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    const a1 = await t.engine.add(salida('A1'));
    const a2 = await t.engine.add(salida('A2'));
    await t.engine.flush();

    expect(server.seen).toHaveLength(1);
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(t.engine.getState()).toBe('paused-auth');
    const paused = await t.db.outbox.get(a1.id);
    expect(paused?.status).toBe('pending');
    expect(paused?.attempts).toBe(0);

    // another user logs in on the same device: user 1's items are never sent with user 2's token
    expired = false;
    t.auth.login(2);
    const b1 = await t.engine.add(salida('B1'));
    await t.engine.flush({ force: true });
    expect(server.seen.map((s) => s.key)).toEqual([a1.id, b1.id]);
    expect(server.seen[1].authorization).toBe(`Bearer ${t.auth.token}`);
    expect(await t.db.outbox.count()).toBe(2);

    // user 1 logs in again: the queue resumes in order, with the new token and the same keys
    t.auth.login(1, 'second-login');
    t.engine.sessionChanged();
    await t.engine.flush();
    expect(server.seen.map((s) => s.key)).toEqual([a1.id, b1.id, a1.id, a2.id]);
    expect(server.seen[2].authorization).toBe(`Bearer ${makeToken(1, 'second-login')}`);
    expect(await t.db.outbox.count()).toBe(0);
    expect(t.engine.getState()).toBe('idle');
  });

  it('does not resend with the token that got the 401 even if the app kept it', async () => {
    const server = fakeServer(() => json(401, {}));
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, { onUnauthorized: () => undefined });
    await t.engine.add(salida('A1'));
    await t.engine.flush();
    await t.engine.flush({ force: true });
    expect(server.seen).toHaveLength(1);
    expect(t.engine.getState()).toBe('paused-auth');
  });

  it('sends nothing without a session', async () => {
    const server = fakeServer();
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch);
    await t.engine.add(salida('A1'));
    t.auth.token = null;
    await t.engine.flush({ force: true });
    expect(server.seen).toHaveLength(0);
  });
});
