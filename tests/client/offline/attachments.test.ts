// @vitest-environment node
// Files of outbox items (a failure with its photos): kept beside the item, uploaded one by one after the item is
// accepted, each under its own key and with the items' outcome table; they follow a rejected item into its
// correction and are never dropped silently. Real Dexie on fake-indexeddb; Node's own Blob, FormData and
// Response (the browser's are what the app uses).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { MSG } from '@shared/messages';
import { createOfflineDb, type OutboxItem } from '@client/offline/db';
import type { SyncEvent } from '@client/offline/sync-events';
import { OutboxRejection, resubmit, submit } from '@client/offline/sync-submit';
import { json, makeEngine, outboxRow, stopEngines, uniqueDbName } from './helpers';

afterEach(stopEngines);

const UPLOAD = { idField: 'id', url: '/api/fallas/{id}/fotos', field: 'foto' };
const photo = (name: string, bytes = 2048) => ({ name, blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) });
const falla = (descripcion: string, files = [photo('motor.jpg'), photo('llanta.jpg', 4096)]) => ({
  resource: 'fallas',
  method: 'POST' as const,
  url: '/api/fallas',
  body: { descripcion, maquinaria_id: 3 },
  label: `Falla ${descripcion}`,
  files,
  upload: UPLOAD,
});

type Outcome = 'ok' | 'lost' | 'down' | { status: number; message?: string };

/**
 * A fake of the failures API with the real idempotency contract (a repeated key replays the stored answer):
 * POST /api/fallas creates a failure, POST /api/fallas/:id/fotos stores one photo from the multipart field
 * 'foto'. `next.item` / `next.upload` decide the next answers ('lost': processed, but the answer never arrives).
 */
function fallasServer() {
  const fallas: unknown[] = [];
  const fotos: { fallaId: number; name: string; size: number }[] = [];
  const seen: { url: string; key: string | null; name?: string }[] = [];
  const stored = new Map<string, { status: number; body: unknown }>();
  const next: { item: Outcome[]; upload: Outcome[] } = { item: [], upload: [] };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = new Headers(init?.headers).get('Idempotency-Key');
    const upload = url.match(/^\/api\/fallas\/(\d+)\/fotos$/);
    const file = init?.body instanceof FormData ? (init.body.get('foto') as File | null) : null;
    seen.push({ url, key, name: file?.name });
    const prior = key ? stored.get(key) : undefined;
    if (prior) return json(prior.status, prior.body, { 'Idempotency-Replayed': 'true' });
    const outcome = (upload ? next.upload : next.item).shift() ?? 'ok';
    if (outcome === 'down') throw new TypeError('Failed to fetch');
    if (typeof outcome === 'object') return json(outcome.status, { message: outcome.message ?? 'No' });
    let answer: { status: number; body: unknown };
    if (upload) {
      if (!file) return json(400, { message: 'Falta la foto' });
      fotos.push({ fallaId: Number(upload[1]), name: file.name, size: file.size });
      answer = { status: 201, body: { foto_id: fotos.length } };
    } else {
      fallas.push(JSON.parse(String(init?.body)));
      answer = { status: 201, body: { id: 40 + fallas.length } };
    }
    if (key) stored.set(key, answer);
    if (outcome === 'lost') throw new TypeError('Failed to fetch');
    return json(answer.status, answer.body);
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, fallas, fotos, seen, next };
}

const files = async (t: { db: ReturnType<typeof createOfflineDb> }) => (await t.db.files.toArray()).sort((a, b) => a.order - b.order);

describe('outbox attachments', () => {
  it('saved offline with two files, reloaded, reconnected: the failure and each photo reach the server once', async () => {
    const dbName = uniqueDbName();
    const server = fallasServer();
    server.next.item.push('down');
    const before = makeEngine(server.fetchImpl, { dbName });
    const item = await before.engine.add(falla('Fuga de aceite'));
    await before.engine.flush();
    expect((await before.db.outbox.get(item.id))?.status).toBe('retrying');
    expect((await files(before)).map((f) => [f.name, f.size, f.status])).toEqual([
      ['motor.jpg', 2048, 'pending'],
      ['llanta.jpg', 4096, 'pending'],
    ]);
    before.engine.stop();
    before.db.close();

    // The page is reloaded: a new engine on the same database, the connection is back; the first photo's
    // answer is lost on the way, so it goes again under the same key and the server keeps one.
    server.next.upload.push('lost');
    const after = makeEngine(server.fetchImpl, { dbName });
    const events: SyncEvent[] = [];
    after.engine.on((e) => events.push(e));
    after.engine.setOnline(true); // the 'online' event
    await after.engine.flush();
    expect(events.map((e) => e.type)).toEqual(['sent', 'retrying']);
    after.clock.t += 5 * 60_000;
    await after.engine.flush();

    expect(server.fallas).toEqual([{ descripcion: 'Fuga de aceite', maquinaria_id: 3 }]);
    expect(server.fotos).toEqual([
      { fallaId: 41, name: 'motor.jpg', size: 2048 },
      { fallaId: 41, name: 'llanta.jpg', size: 4096 },
    ]);
    const itemSends = server.seen.filter((s) => s.url === '/api/fallas');
    expect(itemSends.map((s) => s.key)).toEqual([item.id, item.id]);
    const uploads = server.seen.filter((s) => s.url === '/api/fallas/41/fotos');
    expect(uploads.map((s) => s.name)).toEqual(['motor.jpg', 'motor.jpg', 'llanta.jpg']);
    expect(uploads[0].key).toBe(uploads[1].key);
    expect(new Set([item.id, uploads[0].key, uploads[2].key]).size).toBe(3);
    expect(events.map((e) => [e.type, e.file?.name])).toEqual([
      ['sent', undefined],
      ['retrying', 'motor.jpg'],
      ['uploaded', 'motor.jpg'],
      ['uploaded', 'llanta.jpg'],
    ]);
    expect(await after.db.outbox.count()).toBe(0);
    expect(await after.db.files.count()).toBe(0);
  });

  it('a rejected failure keeps its photos; corrected and resent, they follow it under new keys', async () => {
    const server = fallasServer();
    server.next.item.push({ status: 400, message: 'Descripción obligatoria' });
    const t = makeEngine(server.fetchImpl);
    const bad = await t.engine.add(falla(''));
    await t.engine.flush();
    expect(await t.db.outbox.get(bad.id)).toMatchObject({ status: 'rejected', lastError: 'Descripción obligatoria' });
    const kept = await files(t);
    expect(kept.map((f) => [f.outboxId, f.status])).toEqual([
      [bad.id, 'pending'],
      [bad.id, 'pending'],
    ]);
    expect(server.seen.filter((s) => s.url.includes('/fotos'))).toHaveLength(0);

    const res = await resubmit(t.engine, bad.id, { body: { descripcion: 'Fuga de aceite', maquinaria_id: 3 } });
    expect(res).toMatchObject({ queued: false, data: { id: 41 } });
    await t.engine.flush();
    expect(server.fotos.map((f) => [f.fallaId, f.name])).toEqual([
      [41, 'motor.jpg'],
      [41, 'llanta.jpg'],
    ]);
    const uploadKeys = server.seen.filter((s) => s.url.includes('/fotos')).map((s) => s.key);
    expect(uploadKeys).not.toContain(kept[0].key);
    expect(await t.db.files.count()).toBe(0);
  });

  it('a form that corrects the files sends its own set; discarding a rejected item asks nothing here but removes its files too', async () => {
    const server = fallasServer();
    server.next.item.push({ status: 422, message: 'No' }, { status: 422, message: 'No' });
    const t = makeEngine(server.fetchImpl);
    const first = await t.engine.add(falla('A'));
    await t.engine.flush();
    await expect(resubmit(t.engine, first.id, { body: { descripcion: 'A2' }, files: [photo('nueva.jpg', 10)] })).rejects.toBeInstanceOf(
      OutboxRejection,
    );
    const [again] = await t.engine.list();
    expect((await files(t)).map((f) => [f.outboxId, f.name])).toEqual([[again.id, 'nueva.jpg']]);
    expect(await t.engine.discard(again.id)).toBe(true);
    expect(await t.db.files.count()).toBe(0);
  });

  it('a failed upload backs off and retries; a 401 pauses; a refused photo rejects the item once the others are in', async () => {
    const server = fallasServer();
    server.next.upload.push({ status: 503 }, { status: 401 }, 'ok', { status: 413, message: 'Archivo muy grande' });
    const t = makeEngine(server.fetchImpl);
    const events: SyncEvent[] = [];
    t.engine.on((e) => events.push(e));
    const item = await t.engine.add(falla('Motor', [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]));
    await t.engine.flush();
    const stored = await t.db.outbox.get(item.id);
    expect(stored).toMatchObject({ status: 'retrying', ackedAt: t.clock.t, serverId: 41, lastStatus: 503 });
    expect(stored!.nextAttemptAt).toBeGreaterThan(t.clock.t);
    expect((await files(t)).map((f) => [f.status, f.attempts])).toEqual([
      ['retrying', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    await t.engine.flush(); // still backing off: nothing is sent
    expect(server.seen).toHaveLength(2);

    await t.engine.flush({ force: true }); // 401: the queue pauses, the photo waits for the same user's login
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toMatchObject({ type: 'paused', file: { name: 'a.jpg' } });
    t.auth.login(1);
    t.engine.sessionChanged();
    await t.engine.flush();

    expect(server.fotos.map((f) => f.name)).toEqual(['a.jpg', 'c.jpg']);
    const refused = MSG.syncFilesRefused('b.jpg (Archivo muy grande)');
    expect(await t.db.outbox.get(item.id)).toMatchObject({ status: 'rejected', lastError: refused });
    expect(events.at(-1)).toMatchObject({ type: 'rejected', message: refused });
    expect((await files(t)).map((f) => [f.name, f.status, f.lastError])).toEqual([
      ['a.jpg', 'sent', null],
      ['b.jpg', 'rejected', 'Archivo muy grande'],
      ['c.jpg', 'sent', null],
    ]);

    // Resent: only the refused photo goes again, under a new key; the failure itself is not sent again.
    const oldKey = (await files(t))[1].key;
    await t.engine.resend(item.id);
    await t.engine.flush();
    expect(server.fotos.map((f) => f.name)).toEqual(['a.jpg', 'c.jpg', 'b.jpg']);
    expect(server.seen.filter((s) => s.url === '/api/fallas')).toHaveLength(1);
    expect(server.seen.at(-1)?.key).not.toBe(oldKey);
    expect(await t.db.outbox.count()).toBe(0);
  });

  it('dropping the refused photo on purpose completes the item; the others are already on the server', async () => {
    const server = fallasServer();
    server.next.upload.push({ status: 415, message: 'Formato no admitido' });
    const t = makeEngine(server.fetchImpl);
    const item = await t.engine.add(falla('Motor'));
    await t.engine.flush();
    expect((await t.db.outbox.get(item.id))?.status).toBe('rejected');
    await expect(t.engine.resend(item.id, { body: {} })).rejects.toThrow(/rejected item not yet on the server/);
    const [refused] = (await files(t)).filter((f) => f.status === 'rejected');
    expect(await t.engine.discardFile(refused.id)).toBe(true);
    expect(await t.db.outbox.count()).toBe(0);
    expect(await t.db.files.count()).toBe(0);
    expect(server.fotos.map((f) => f.name)).toEqual(['llanta.jpg']);
  });

  it('an answer without the record id refuses the uploads with a clear reason instead of guessing', async () => {
    const server = fallasServer();
    const t = makeEngine(server.fetchImpl);
    const item = await t.engine.add({ ...falla('Motor'), upload: { ...UPLOAD, idField: 'falla_id' } });
    await t.engine.flush();
    expect(await t.db.outbox.get(item.id)).toMatchObject({
      status: 'rejected',
      serverId: null,
      lastError: MSG.syncFilesRefused(`motor.jpg (${MSG.syncUploadNoId}); llanta.jpg (${MSG.syncUploadNoId})`),
    });
    expect(server.seen.filter((s) => s.url.includes('/fotos'))).toHaveLength(0);
  });

  it('a form save online resolves when the failure is accepted; its photos follow in the background', async () => {
    const server = fallasServer();
    const t = makeEngine(server.fetchImpl);
    const res = await submit(t.engine, falla('Motor'));
    expect(res).toMatchObject({ queued: false, data: { id: 41 } });
    await vi.waitFor(async () => expect(await t.db.outbox.count()).toBe(0));
    expect(server.fotos).toHaveLength(2);
  });
});

describe('offline database upgrade', () => {
  it('version 2 keeps the items written by version 1 and sends them', async () => {
    const name = uniqueDbName();
    const v1 = new Dexie(name);
    v1.version(1).stores({ cache: 'key, savedAt, userId', outbox: 'id, seq, userId, resource, status', meta: 'key' });
    // A row as version 1 wrote it: without the fields version 2 added.
    const { userName: _n, upload: _u, ackedAt: _a, serverId: _s, ...old } = outboxRow({ body: { nro_vale: '7' }, label: 'Salida vale 7' });
    await v1.table('outbox').add(old);
    await v1.table('cache').put({ key: '["insumos"]', data: [1], savedAt: 5, userId: 1 });
    v1.close();

    const server = fallasServer();
    const t = makeEngine(server.fetchImpl, { db: createOfflineDb(name) });
    const upgraded = (await t.db.outbox.get(old.id)) as OutboxItem;
    expect(upgraded).toMatchObject({ ...old, userName: null, upload: null, ackedAt: null, serverId: null });
    expect(await t.db.cache.get('["insumos"]')).toMatchObject({ data: [1] });
    expect(t.db.verno).toBe(2);
    await t.engine.flush();
    expect(server.seen.map((s) => [s.url, s.key])).toEqual([['/api/salidas', old.id]]);
    expect(await t.db.outbox.count()).toBe(0);
  });
});
