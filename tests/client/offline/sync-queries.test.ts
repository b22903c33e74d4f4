// The lists a sent item refreshes, at most once per gap: a replay of many items must not refetch an open list once
// per item (bench/offline.ts), and a single save must still show at once.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerOfflineResource } from '@client/offline/resource';
import { createQueryRefresher } from '@client/offline/sync-queries';
import { testResource } from './helpers';

describe('createQueryRefresher', () => {
  let unregister: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    unregister = registerOfflineResource(testResource('salidas', { refreshes: [['insumos']] }));
  });
  afterEach(() => {
    unregister();
    vi.useRealTimers();
  });

  function setup() {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    const refresher = createQueryRefresher(1000);
    refresher.setQueryClient(client);
    const keys = () => spy.mock.calls.map((c) => c[0]?.queryKey);
    return { refresher, keys };
  }

  it('refreshes the first sent item at once, with the extra keys', () => {
    const { refresher, keys } = setup();
    refresher.refresh('salidas');
    expect(keys()).toEqual([['salidas'], ['insumos']]);
  });

  it('folds the items sent during the gap into one refresh at its end, then waits again', () => {
    const { refresher, keys } = setup();
    refresher.refresh('salidas');
    for (let k = 0; k < 50; k++) refresher.refresh('salidas');
    expect(keys()).toHaveLength(2);
    vi.advanceTimersByTime(999);
    expect(keys()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(keys()).toEqual([['salidas'], ['insumos'], ['salidas'], ['insumos']]);
    refresher.refresh('salidas');
    expect(keys()).toHaveLength(4);
    vi.advanceTimersByTime(1000);
    expect(keys()).toHaveLength(6);
    // a quiet gap ends the cooling: the next item refreshes at once again
    vi.advanceTimersByTime(1000);
    refresher.refresh('salidas');
    expect(keys()).toHaveLength(8);
  });

  it('keeps resources apart', () => {
    const { refresher, keys } = setup();
    refresher.refresh('salidas');
    refresher.refresh('fallas');
    expect(keys()).toEqual([['salidas'], ['insumos'], ['fallas']]);
  });
});
