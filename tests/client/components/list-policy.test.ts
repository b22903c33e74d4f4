// List-load policy of components/list-query.ts: 401 and 500 end the session, status 0 calls the logout handler unless the
// offline cache answered, other errors stay on the screen; 4xx is never retried.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setSessionEndHandler } from '@client/lib/session-end';
import { shouldRetry } from '@client/app/query-client';
import { ApiError } from '@client/lib/api';
import { applyListLoadPolicy, listQueryOptions } from '@client/components/list-query';
import { getToken, setToken } from '@client/lib/session';
import { makeToken, stubFetch } from '../app/helpers';

let ended: ReturnType<typeof vi.fn<(opts: { keepReturn: boolean }) => void>>;
beforeEach(() => {
  setToken(makeToken({ user: { id: 77 } }));
  ended = vi.fn<(opts: { keepReturn: boolean }) => void>();
  setSessionEndHandler(ended);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndHandler(null);
});

describe('applyListLoadPolicy', () => {
  it('logs out on 500 and on status 0', async () => {
    for (const status of [500, 0]) {
      setToken(makeToken());
      const calls = stubFetch({ 'POST /api/logout': () => ({ status: 200, body: { message: 'Sesión cerrada' } }) });
      expect(applyListLoadPolicy(new ApiError(status, 'x'))).toBe(true);
      await vi.waitFor(() => expect(getToken()).toBeNull());
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/logout' });
    }
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('keeps the session on status 0 while the device reports no network (offline app), not on 500', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const calls = stubFetch({ 'POST /api/logout': () => ({ status: 200, body: { message: 'Sesión cerrada' } }) });
      expect(applyListLoadPolicy(new ApiError(0, 'x'))).toBe(false);
      expect(getToken()).not.toBeNull();
      expect(calls).toHaveLength(0);
      expect(applyListLoadPolicy(new ApiError(500, 'x'))).toBe(true);
      await vi.waitFor(() => expect(getToken()).toBeNull());
    } finally {
      onLine.mockRestore();
    }
  });

  it('stays on 403 and 404', () => {
    expect(applyListLoadPolicy(new ApiError(403, 'x'))).toBe(false);
    expect(applyListLoadPolicy(new ApiError(404, 'x'))).toBe(false);
    expect(getToken()).not.toBeNull();
  });
});

describe('listQueryOptions', () => {
  it('answers from the device copy when the network fails, without logging out', async () => {
    const qc = new QueryClient();
    stubFetch({ 'GET /api/probe': () => ({ status: 200, body: [{ id: 1 }] }) });
    expect(await qc.fetchQuery(listQueryOptions(['probe-policy'], '/api/probe'))).toEqual([{ id: 1 }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    qc.clear();
    expect(await qc.fetchQuery(listQueryOptions(['probe-policy'], '/api/probe'))).toEqual([{ id: 1 }]);
    expect(getToken()).not.toBeNull();
    expect(ended).not.toHaveBeenCalled();
  });

  it('logs out when a list answers 500', async () => {
    const qc = new QueryClient();
    stubFetch({
      'GET /api/boom': () => ({ status: 500, body: { message: 'x' } }),
      'POST /api/logout': () => ({ status: 200, body: { message: 'Sesión cerrada' } }),
    });
    await expect(qc.fetchQuery(listQueryOptions(['boom'], '/api/boom'))).rejects.toMatchObject({ status: 500 });
    await vi.waitFor(() => expect(ended).toHaveBeenCalledWith({ keepReturn: false }));
  });
});

describe('shouldRetry', () => {
  it('never retries 4xx, retries network errors and 5xx once', () => {
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'x'))).toBe(false);
  });
});
