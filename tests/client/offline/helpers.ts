// Test helpers of the offline engine: fake session tokens, a fake idempotent server, engines on fake-indexeddb.
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { lazy, type ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { OpenedEditorProps } from '@client/offline/editors';
import type { OfflineResourceInfo } from '@client/offline/resource';
import { decodeToken, type SessionPayload } from '@client/lib/session';
import { createOfflineDb, type OfflineDb, type OutboxItem } from '@client/offline/db';
import { createSyncEngine, type SyncEngine, type SyncEngineDeps } from '@client/offline/sync';
import { memoryLock } from '@client/offline/sync-lock';

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT-shaped token for `userId` (the client only decodes it). */
export function makeToken(userId: number, nonce = 'a'): string {
  const payload: SessionPayload = {
    user: { id: userId, fullName: `Usuario ${userId}`, matchPassword: false },
    area: { id: 1, name: 'ALMACEN' },
    roles: [57, 58, 59],
    date: '2025-01-15',
    exp: Math.floor(Date.now() / 1000) + 3600,
    jti: nonce,
  };
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.${b64url(`sig-${nonce}`)}`;
}

/** Mutable "localStorage session" shared by an engine under test. */
export function fakeAuth(token: string | null = makeToken(1)) {
  const auth = {
    token,
    getToken: () => auth.token,
    getSession: () => (auth.token ? decodeToken(auth.token) : null),
    login(userId: number, nonce: string = crypto.randomUUID()) {
      auth.token = makeToken(userId, nonce);
    },
  };
  return auth;
}

export interface SeenRequest {
  url: string;
  method: string;
  key: string | null;
  authorization: string | null;
  body: unknown;
  /** Set by a responder when the request reached the fake server (not a simulated network failure). */
  reached?: boolean;
}

export type Responder = (req: SeenRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * A fake server with the real idempotency contract: the first request with a key creates one row and stores
 * the answer; a repeat of the key replays it with `Idempotency-Replayed: true`. `respond` can override answers.
 */
export function fakeServer(respond?: Responder) {
  const seen: SeenRequest[] = [];
  const stored = new Map<string, Response>();
  const rows: unknown[] = [];
  /** The batch requests (POST /api/sync/batch), each with the keys it carried; their items are in `seen` too. */
  const batches: string[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  async function answer(req: SeenRequest): Promise<Response> {
    if (respond) return await respond(req);
    const prior = req.key ? stored.get(req.key) : undefined;
    if (prior) {
      const replay = prior.clone();
      return new Response(await replay.text(), {
        status: replay.status,
        headers: { 'Idempotency-Replayed': 'true' },
      });
    }
    rows.push(req.body);
    const res = json(201, { id: rows.length, ...(req.body as object) });
    if (req.key) stored.set(req.key, res.clone());
    return res;
  }
  /** The batch as the real server runs it: each item answered in order, stopping where the queue would stop. */
  async function batch(items: { key: string; method: string; url: string; body?: unknown }[], authorization: string | null) {
    batches.push(items.map((i) => i.key));
    const answers = [];
    for (const item of items) {
      const req: SeenRequest = { url: item.url, method: item.method, key: item.key, authorization, body: item.body };
      seen.push(req);
      const res = await answer(req);
      const body = JSON.parse((await res.text()) || 'null') as { code?: string } | null;
      answers.push({ key: item.key, status: res.status, body, replayed: res.headers.get('Idempotency-Replayed') === 'true' });
      const s = res.status;
      if (s >= 500 || s === 401 || s === 408 || s === 429 || (s === 409 && body?.code === 'idempotency_in_progress')) break;
    }
    return json(200, { answers });
  }
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const req: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      key: headers.get('Idempotency-Key'),
      authorization: headers.get('Authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    const isBatch = req.url.endsWith('/api/sync/batch');
    if (!isBatch) seen.push(req);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 1));
      if (isBatch) return await batch((req.body as { items: [] }).items, req.authorization);
      return await answer(req);
    } finally {
      inFlight -= 1;
    }
  });
  return { fetchImpl, seen, rows, batches, maxInFlight: () => maxInFlight, keys: () => seen.map((s) => s.key) };
}

let dbCounter = 0;
export const uniqueDbName = () => `maquinarias-test-${Date.now()}-${++dbCounter}`;

export interface TestEngine {
  engine: SyncEngine;
  db: OfflineDb;
  auth: ReturnType<typeof fakeAuth>;
  clock: { t: number };
  onUnauthorized: ReturnType<typeof vi.fn>;
  persist: ReturnType<typeof vi.fn>;
}

const started: SyncEngine[] = [];

/** An engine on its own (or a given) fake-indexeddb database, fixed clock, random=0 (shortest backoff). */
export function makeEngine(
  fetchImpl: typeof fetch,
  opts: Partial<SyncEngineDeps> & { dbName?: string; auth?: ReturnType<typeof fakeAuth> } = {},
): TestEngine {
  const { dbName, auth: givenAuth, ...over } = opts;
  const db = over.db ?? createOfflineDb(dbName ?? uniqueDbName());
  const auth = givenAuth ?? fakeAuth();
  const clock = { t: 1_700_000_000_000 };
  const onUnauthorized = vi.fn(() => {
    auth.token = null; // what notifyUnauthorized does: clearToken()
  });
  const persist = vi.fn(async () => true);
  const engine = createSyncEngine({
    fetchImpl,
    getToken: auth.getToken,
    getSession: auth.getSession,
    onUnauthorized,
    lock: memoryLock(),
    now: () => clock.t,
    random: () => 0,
    baseUrl: () => '',
    persist,
    isOnline: () => true,
    // One request per item unless a test asks for batches (sync-batch.test.ts).
    batchFrom: Number.POSITIVE_INFINITY,
    ...over,
    db,
  });
  started.push(engine);
  return { engine, db, auth, clock, onUnauthorized, persist };
}

/** Stops every engine made by makeEngine (timers, channels). */
export function stopEngines(): void {
  while (started.length) started.pop()?.stop();
}

export const salida = (nro_vale: string) => ({
  resource: 'salidas',
  method: 'POST' as const,
  url: '/api/salidas',
  body: { nro_vale, fecha: '2025-01-15', maquinaria_id: 1, salidas_det: [] },
  label: `Salida vale ${nro_vale}`,
});

/** An outbox row as the database holds it (for tests that write rows directly), user 1, nothing attempted. */
export const outboxRow = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  id: crypto.randomUUID(),
  seq: 1,
  userId: 1,
  resource: 'salidas',
  method: 'POST',
  url: '/api/salidas',
  body: {},
  label: '',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  lastStatus: null,
  lastErrors: null,
  createdAt: 0,
  updatedAt: 0,
  meta: {},
  userName: null,
  upload: null,
  ackedAt: null,
  serverId: null,
  ...over,
});

/** A registered offline resource for engine tests: a name, the lists it refreshes and its correcting form. */
export function testResource(
  name: string,
  opts: { editor?: ComponentType<OpenedEditorProps>; refreshes?: QueryKey[] } = {},
): OfflineResourceInfo {
  const Editor = opts.editor ?? (() => null);
  return { name, refreshes: opts.refreshes ?? [], catalogs: [], Editor: lazy(async () => ({ default: Editor })) };
}
