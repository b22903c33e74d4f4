// Helpers of the warehouse screen tests: session token, an offline engine on fake-indexeddb, providers, fetch stub.
import type { ReactNode } from 'react';
import { expect, vi, type Mock } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { getSession, getToken, clearToken } from '@client/lib/session';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import { makeEngine, fakeServer, stopEngines, type Responder } from '../offline/helpers';
import { toast } from '@client/lib/toast';
import { getDb } from '@client/offline/db';

export { makeToken, stopEngines } from '../offline/helpers';

/** Between screen tests: engines stopped, globals unstubbed, toasts and session cleared, the device copies emptied. */
export async function resetScreenTest(): Promise<void> {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
  await getDb().cache.clear();
}

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

/** An answer other than 200 for stubFetch: `reply(403, { message })`. */
export class Reply {
  constructor(
    public status: number,
    public body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body);

/**
 * Replaces global fetch: `routes` maps 'METHOD /path' to a JSON body, a Reply, or a function of the request body
 * returning either; anything else fails like a lost network.
 */
export function stubFetch(routes: Record<string, unknown>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (!(key in routes)) throw new TypeError('Failed to fetch');
    let answer = routes[key];
    if (typeof answer === 'function') answer = answer(init?.body ? JSON.parse(String(init.body)) : undefined, url);
    const { status, body } = answer instanceof Reply ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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

/**
 * A form holding changes asks '¿Descartar los cambios?' before closing: Cancelar → Seguir editando keeps it open,
 * then ✕ → Descartar closes it (`closed` is the form's close callback).
 */
export async function expectDiscardAsked(formName: string, closed: Mock) {
  const form = screen.getByRole('dialog', { name: formName });
  fireEvent.click(within(form).getByRole('button', { name: MSG.cancel }));
  const ask = await screen.findByRole('dialog', { name: MSG.discardTitle });
  fireEvent.click(within(ask).getByRole('button', { name: MSG.keepEditing }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.discardTitle })).toBeNull());
  expect(closed).not.toHaveBeenCalled();
  screen.getByRole('dialog', { name: formName });
  fireEvent.click(within(form).getByRole('button', { name: LABELS.close }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: MSG.discardTitle })).getByRole('button', { name: MSG.discard }));
  await waitFor(() => expect(closed).toHaveBeenCalled());
}

/** The reason beside a disabled Grabar: 'Para grabar, revise {field}: …' (any message when `message` is omitted). */
export function invalidReason(field: string, message?: string) {
  const save = screen.getByRole('button', { name: LABELS.shell.save });
  expect(save).toHaveProperty('disabled', true);
  const id = save.getAttribute('aria-describedby');
  const text = id ? (document.getElementById(id)?.textContent ?? '') : '';
  if (message === undefined) expect(text.startsWith(MSG.cannotSaveYet(field, ''))).toBe(true);
  else expect(text).toBe(MSG.cannotSaveYet(field, message));
  return text;
}

/** A form field by its label, with or without the required mark ('Placa' finds 'Placa *'). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
