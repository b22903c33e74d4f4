// @vitest-environment node
// The photos of a failure from the failures feature down to the server, on real Dexie (fake-indexeddb; Node's own
// Blob and FormData, which fake-indexeddb stores as the browser does): saved offline with the form's outbox input,
// the page reloaded, the connection back: one failure and each photo once, uploaded to the id the server gave; a
// failure the server rejects keeps its photos and its corrected copy takes them along. Also how a photo is made
// small (at most 1600 px, about 300 KB).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { resubmit } from '@client/offline/sync-submit';
import { fallaForm } from '@client/features/fallas/api';
import { fallasOffline } from '@client/features/fallas/offline';

const ALL = { maquinaria_id: 0, fini: '', ffin: '' };
import { encodeWithin, fitWithin, photoName } from '@client/components/photo-resize';
import { json, makeEngine, stopEngines, uniqueDbName } from '../../offline/helpers';

const photo = (name: string, bytes: number) => ({ name, blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) });
const MACHINE = { id: 3, placa: 'EGK-512', descripcion: 'EXCAVADORA CAT 320' };
const meta = (n: number) => ({ placa: MACHINE.placa, maquinaria: MACHINE.descripcion, nro_fotos: n });

/**
 * A fake failures API with the real idempotency contract: POST /api/fallas answers the failure with its falla_id,
 * POST /api/fallas/:id/fotos stores the multipart field 'foto'. `down` makes every request fail like a lost
 * network; `refuseNext` answers the next failure save with a 400.
 */
function fallasServer() {
  const state = { down: false, refuseNext: null as string | null };
  const fallas: unknown[] = [];
  const fotos: { fallaId: number; name: string; size: number; key: string | null }[] = [];
  const stored = new Map<string, Response>();
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const key = new Headers(init?.headers).get('Idempotency-Key');
    if (method === 'GET' && url === '/api/maquinarias') return json(200, [MACHINE]);
    if (method === 'GET') return json(200, []);
    const prior = key ? stored.get(key) : undefined;
    if (prior) return new Response(await prior.clone().text(), { status: prior.status, headers: { 'Idempotency-Replayed': 'true' } });
    let res: Response;
    const upload = url.match(/^\/api\/fallas\/(\d+)\/fotos$/);
    if (upload) {
      const file = init?.body instanceof FormData ? (init.body.get('foto') as File | null) : null;
      if (!file) return json(400, { message: MSG.photoRequired });
      fotos.push({ fallaId: Number(upload[1]), name: file.name, size: file.size, key });
      res = json(201, { id: fotos.length, falla_id: Number(upload[1]) });
    } else if (url === '/api/fallas' && method === 'POST') {
      if (state.refuseNext) {
        const message = state.refuseNext;
        state.refuseNext = null;
        return json(400, { message, errors: { descripcion: message } });
      }
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      fallas.push(body);
      res = json(201, { ...body, falla_id: 40 + fallas.length, estado: 0, fotos: [] });
    } else return json(404, { message: 'No' });
    if (key) stored.set(key, res.clone());
    return res;
  });
  return { state, fallas, fotos, fetchImpl: fetchImpl as unknown as typeof fetch };
}

/** An engine of user 1 on its database (the same name after a reload). */
function engineOn(server: ReturnType<typeof fallasServer>, dbName: string) {
  return makeEngine(server.fetchImpl, { dbName });
}

afterEach(stopEngines);

describe('failure photos through the outbox', () => {
  it('saved offline with two photos, reloaded, reconnected: one failure and each photo once, under the server id', async () => {
    const dbName = uniqueDbName();
    const server = fallasServer();
    server.state.down = true;
    const before = engineOn(server, dbName);
    const form = fallaForm({ maquinaria_id: MACHINE.id, descripcion: 'Manguera reventada', detalle: 'Brazo hidráulico' }, null);
    const input = fallasOffline.input(form, meta(2), [photo('IMG_1.jpg', 180_000), photo('IMG_2.jpg', 210_000)]);
    expect(input).toMatchObject({
      method: 'POST',
      url: '/api/fallas',
      upload: { idField: 'falla_id', url: '/api/fallas/{id}/fotos', field: 'foto' },
    });
    const item = await before.engine.add(input);
    await before.engine.flush();
    expect((await before.db.outbox.get(item.id))?.status).toBe('retrying');
    // The list shows it pending, with its photos counted.
    expect(fallasOffline.rowOf(ALL)((await before.db.outbox.get(item.id))!)).toMatchObject({
      falla_id: -item.seq,
      placa: MACHINE.placa,
      descripcion: 'Manguera reventada',
      estado: 0,
      nro_fotos: 2,
    });
    before.engine.stop();
    before.db.close();

    // The page is loaded again; the connection is back.
    server.state.down = false;
    const after = engineOn(server, dbName);
    expect((await after.db.files.toArray()).sort((a, b) => a.order - b.order).map((f) => [f.name, f.size])).toEqual([
      ['IMG_1.jpg', 180_000],
      ['IMG_2.jpg', 210_000],
    ]);
    after.engine.setOnline(true);
    await after.engine.flush();
    await after.engine.flush();
    expect(server.fallas).toHaveLength(1);
    expect(server.fallas[0]).toMatchObject({ descripcion: 'Manguera reventada', maquinaria_id: MACHINE.id, editorMode: 'crear' });
    expect((server.fallas[0] as { created_at: string }).created_at).toBe(form.created_at);
    expect(server.fotos.map((f) => [f.fallaId, f.name, f.size])).toEqual([
      [41, 'IMG_1.jpg', 180_000],
      [41, 'IMG_2.jpg', 210_000],
    ]);
    expect(new Set(server.fotos.map((f) => f.key)).size).toBe(2);
    expect(await after.db.outbox.count()).toBe(0);
    expect(await after.db.files.count()).toBe(0);

    // Another start sends nothing twice.
    await after.engine.flush({ force: true });
    expect(server.fallas).toHaveLength(1);
    expect(server.fotos).toHaveLength(2);
  });

  it('a rejected failure keeps its photos; the corrected copy goes with them, under new keys', async () => {
    const server = fallasServer();
    server.state.refuseNext = 'La descripción es demasiado vaga';
    const t = engineOn(server, uniqueDbName());
    const form = fallaForm({ maquinaria_id: MACHINE.id, descripcion: 'Falla', detalle: null }, null);
    const item = await t.engine.add(fallasOffline.input(form, meta(2), [photo('a.jpg', 1000), photo('b.jpg', 2000)]));
    await t.engine.flush();
    expect(await t.db.outbox.get(item.id)).toMatchObject({ status: 'rejected', lastError: 'La descripción es demasiado vaga' });
    const kept = (await t.db.files.toArray()).sort((a, b) => a.order - b.order);
    expect(kept.map((f) => [f.outboxId, f.name])).toEqual([
      [item.id, 'a.jpg'],
      [item.id, 'b.jpg'],
    ]);
    expect(server.fotos).toHaveLength(0);

    // What the correcting form sends: the corrected body, the kept photos follow it.
    const res = await resubmit(t.engine, item.id, { body: { ...form, descripcion: 'Manguera del brazo reventada' } });
    expect(res).toMatchObject({ queued: false, data: { falla_id: 41 } });
    await t.engine.flush();
    expect(server.fallas).toEqual([expect.objectContaining({ descripcion: 'Manguera del brazo reventada', created_at: form.created_at })]);
    expect(server.fotos.map((f) => [f.fallaId, f.name])).toEqual([
      [41, 'a.jpg'],
      [41, 'b.jpg'],
    ]);
    expect(server.fotos.map((f) => f.key)).not.toContain(kept[0].key);
    expect(await t.db.files.count()).toBe(0);
  });
});

describe('photo resizing', () => {
  it('fits the long side into 1600 px and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('lowers the quality, then the size, until the photo is about 300 KB', async () => {
    const calls: [number, number, number][] = [];
    // A fake encoder: bytes grow with the pixels and the quality, like a JPEG of a busy scene.
    const encode = async (w: number, h: number, q: number) => {
      calls.push([w, h, q]);
      return new Blob([new Uint8Array(Math.round(w * h * q * 0.4))], { type: 'image/jpeg' });
    };
    const out = await encodeWithin(4032, 3024, encode);
    expect(out.size).toBeLessThanOrEqual(300 * 1024);
    expect(calls[0]).toEqual([1600, 1200, 0.85]);
    expect(Math.max(...calls.map(([w, h]) => Math.max(w, h)))).toBeLessThanOrEqual(1600);
    expect(calls.at(-1)?.[0]).toBeLessThan(1600); // quality alone was not enough: it shrank
  });

  it('names the result after the original with the new type', () => {
    expect(photoName('IMG_2041.HEIC', 'image/jpeg')).toBe('IMG_2041.jpg');
    expect(photoName('.png', 'image/webp')).toBe('foto.webp');
  });
});
