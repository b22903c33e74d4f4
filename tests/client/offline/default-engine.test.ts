// The app's wiring: startSync recovers a crashed item, flushes on start/enqueue/'online', prefetches catalogues.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { clearToken, setToken } from '@client/lib/session';
import { getDb } from '@client/offline/db';
import { getDefaultEngine, startSync } from '@client/offline/default-engine';
import { pendingCountForLogout } from '@client/offline/logout-guard';
import { fakeServer, json, makeToken, outboxRow, salida } from './helpers';

let online = true;
const server = fakeServer((req) => {
  if (!online) throw new TypeError('Failed to fetch');
  if (req.method === 'GET') return json(200, [{ id: 1, placa: 'EGA-123' }]);
  return json(201, req.body);
});
vi.stubGlobal('fetch', server.fetchImpl);
const persist = vi.fn(async () => true);
Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });

afterAll(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await check()).toBe(true);
};

describe('startSync (default engine)', () => {
  it('resends a crashed item at start, sends new saves, resumes on online and prefetches catalogues', async () => {
    setToken(makeToken(1));
    const db = getDb();
    const now = Date.now();
    await db.outbox.add(outboxRow({ ...salida('crashed'), status: 'sending', nextAttemptAt: now, createdAt: now, updatedAt: now }));
    const stop = startSync({
      queryClient: new QueryClient(),
      catalogs: () => [{ key: ['maquinarias'], fetch: () => api.get('/api/maquinarias') }],
    });
    await until(async () => (await db.outbox.count()) === 0);
    await until(async () => (await db.cache.get('["maquinarias"]')) !== undefined);
    expect(server.seen.filter((s) => s.method === 'GET').map((s) => new URL(s.url, 'http://x').pathname)).toEqual(['/api/maquinarias']);
    await until(() => persist.mock.calls.length === 1); // requested right after the first delete

    online = false;
    const item = await getDefaultEngine().add(salida('offline'));
    void getDefaultEngine().flush();
    await until(async () => (await getDefaultEngine().list())[0]?.status === 'retrying');
    expect(await pendingCountForLogout()).toBe(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await until(async () => (await db.outbox.count()) === 0);
    expect(server.seen.filter((s) => s.key === item.id)).toHaveLength(2);
    stop();
  });
});
