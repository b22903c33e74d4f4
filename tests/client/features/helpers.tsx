// Helpers of the warehouse screen tests: session token, an offline engine on fake-indexeddb, providers, fetch stub.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getSession, getToken, clearToken } from '@client/lib/session';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import { makeEngine, fakeServer, type Responder } from '../offline/helpers';

export { makeToken, stopEngines } from '../offline/helpers';

/** An engine that reads the real stored session, believes it is offline and whose sends never reach a server. */
export function offlineEngine() {
  const server = fakeServer(() => {
    throw new TypeError('Failed to fetch');
  });
  return makeEngine(server.fetchImpl as unknown as typeof fetch, {
    getToken,
    getSession,
    onUnauthorized: () => clearToken(),
    isOnline: () => false,
  });
}

/** An online engine whose requests `respond` answers (the fake server of the offline tests). */
export function onlineEngine(respond?: Responder) {
  const server = fakeServer(respond);
  return {
    ...makeEngine(server.fetchImpl as unknown as typeof fetch, { getToken, getSession, onUnauthorized: () => clearToken() }),
    server,
  };
}

export function providers(engine: ReturnType<typeof offlineEngine>['engine']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <OfflineEngineProvider engine={engine}>{children}</OfflineEngineProvider>
      </QueryClientProvider>
    );
  };
}

/** Replaces global fetch: `routes` maps 'METHOD /path' to a JSON body; anything else fails like a lost network. */
export function stubFetch(routes: Record<string, unknown>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (!(key in routes)) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(routes[key]), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const exitBody = (
  nro_vale: string,
  fecha: string,
  lines: { insumo_id: number; cantidad: number; salida_det_id?: number; old_cantidad?: number }[],
  id: number | null = null,
) => ({
  id,
  nro_vale,
  fecha,
  maquinaria_id: 1,
  operador_id: 5,
  operador_dni: '12345678',
  operador_name: 'PEREZ JUAN',
  salidas_det: lines.map((l) => ({
    insumo_codigo: `C${l.insumo_id}`,
    insumo_name: `Insumo ${l.insumo_id}`,
    unimed: 'UND',
    stock: 0,
    observacion: null,
    old_cantidad: 0,
    ...l,
  })),
  trash: [],
  editorMode: id === null ? 'crear' : 'editar',
});
