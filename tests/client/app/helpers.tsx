// Helpers of the shell tests: unsigned test tokens, a fetch stub by "METHOD path", and the real app rendered
// on a memory history entry.
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createQueryClient } from '@client/app/query-client';
import { installShell } from '@client/app/install-shell';
import { createAppRouter } from '@client/router';
import type { SessionPayload } from '@client/lib/session';

const b64url = (s: string) =>
  btoa(unescape(encodeURIComponent(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export type TokenPatch = Partial<Omit<SessionPayload, 'user'>> & { user?: Partial<SessionPayload['user']> };

export function makeToken(patch: TokenPatch = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload: SessionPayload = {
    user: { id: 1, fullName: 'Ana Torres', matchPassword: false, ...patch.user },
    area: patch.area ?? { id: 1, name: 'Almacén' },
    roles: patch.roles ?? [],
    date: patch.date ?? '2026-11-22',
    exp: 'exp' in patch ? patch.exp : now + 3600,
    iat: now,
    jti: 'test',
  };
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.sig`;
}

export type Route = (body: unknown) => { status: number; body?: unknown };

/** Stubs fetch: keys are 'METHOD /path' (query string ignored); unknown calls answer 404. Returns the calls. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = route ? route(body) : { status: 404, body: { message: 'not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** The real app (router, guards, shell wiring) opened at `entry`. */
export function renderApp(entry: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, entry);
  const uninstall = installShell(router, queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, uninstall, ...view };
}
