// Read-through cache: network first into Dexie, the device copy (with its date) when the network fails.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor, act } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { cachedData, cachedFetch, getOfflineInfo, prefetchCatalogs, readCached, useOfflineInfo } from '@client/offline/cache';
import { createOfflineDb } from '@client/offline/db';
import { MSG } from '@shared/messages';
import { uniqueDbName } from './helpers';

const machines = [{ id: 1, placa: 'EGA-123' }];
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function setup() {
  const db = createOfflineDb(uniqueDbName());
  const clock = { t: Date.UTC(2025, 0, 15, 15, 30) };
  return { db, clock, opts: { db, userId: 1, now: () => clock.t } };
}

describe('cachedFetch', () => {
  it('returns the network answer and keeps a copy with its date and user', async () => {
    const { db, clock, opts } = setup();
    const res = await cachedFetch(['maquinarias'], async () => machines, opts);
    expect(res).toEqual({ data: machines, fromCache: false, savedAt: clock.t });
    expect(await db.cache.get('["maquinarias"]')).toEqual({
      key: '["maquinarias"]',
      data: machines,
      savedAt: clock.t,
      userId: 1,
    });
    expect(getOfflineInfo(['maquinarias']).fromCache).toBe(false);
  });

  it('falls back to the device copy when the network fails and says from when', async () => {
    const { clock, opts } = setup();
    const savedAt = clock.t;
    await cachedFetch(['salidas', 'list'], async () => machines, opts);
    clock.t += 3 * 3600_000;
    const res = await cachedFetch(['salidas', 'list'], offline, opts);
    expect(res).toEqual({ data: machines, fromCache: true, savedAt });
    expect(getOfflineInfo(['salidas', 'list']).message).toBe(MSG.offlineCopy(formatDateTime(savedAt)));
    expect(MSG.offlineCopy(formatDateTime(savedAt))).toBe('Copia sin conexión del 2025-01-15 10:30:00');
    // the api client's status-0 error counts as offline too
    const viaApi = await cachedFetch(['salidas', 'list'], () => Promise.reject(new ApiError(0, 'x')), opts);
    expect(viaApi.fromCache).toBe(true);
  });

  it('lets HTTP errors propagate even with a copy (the list logs the user out on 401/500)', async () => {
    const { opts } = setup();
    await cachedFetch('k', async () => machines, opts);
    for (const status of [401, 500]) {
      await expect(cachedFetch('k', () => Promise.reject(new ApiError(status, 'e')), opts)).rejects.toMatchObject({ status });
    }
  });

  it('rethrows the network error when there is no copy, or only another user has one', async () => {
    const { opts } = setup();
    await expect(cachedFetch('none', offline, opts)).rejects.toBeInstanceOf(TypeError);
    await cachedFetch('mine', async () => machines, opts);
    await expect(cachedFetch('mine', offline, { ...opts, userId: 2 })).rejects.toBeInstanceOf(TypeError);
    expect(await readCached('mine', { ...opts, userId: 2 })).toBeUndefined();
    expect((await readCached('mine', opts))?.data).toEqual(machines);
  });

  it('useOfflineInfo follows the last answer of the key', async () => {
    const { opts } = setup();
    const key = ['fallas', 'list'];
    await cachedData(key, async () => machines, opts);
    const { result } = renderHook(() => useOfflineInfo(key));
    expect(result.current.fromCache).toBe(false);
    await act(async () => {
      await cachedData(key, offline, opts);
    });
    await waitFor(() => expect(result.current.fromCache).toBe(true));
    expect(result.current.message).toMatch(/^Copia sin conexión del /);
  });
});

describe('prefetchCatalogs', () => {
  it('refreshes every catalogue, reports failures without stopping, and warms the query cache', async () => {
    const { db, opts } = setup();
    const queryClient = new QueryClient();
    const urls: string[] = [];
    const catalog = (key: string, url: string) => ({
      key: [key],
      fetch: async () => {
        urls.push(url);
        if (url === '/api/operadores') throw new ApiError(500, 'x');
        return [{ url }];
      },
    });
    const maquinarias = catalog('maquinarias', '/api/maquinarias');
    // The same catalogue declared twice (a resource and a screen need it) is fetched once.
    const result = await prefetchCatalogs(
      [maquinarias, catalog('operadores', '/api/operadores'), catalog('insumos', '/api/insumos'), maquinarias],
      { ...opts, queryClient },
    );
    expect(urls).toEqual(['/api/maquinarias', '/api/operadores', '/api/insumos']);
    expect(result).toEqual({ ok: ['["maquinarias"]', '["insumos"]'], failed: ['["operadores"]'] });
    expect((await db.cache.get('["insumos"]'))?.data).toEqual([{ url: '/api/insumos' }]);
    expect(queryClient.getQueryData(['maquinarias'])).toEqual([{ url: '/api/maquinarias' }]);
  });
});
