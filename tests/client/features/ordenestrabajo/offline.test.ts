// @vitest-environment node
// Work orders' offline declaration on the real engine (Dexie on fake-indexeddb) against a fake of the orders API: an
// order created, started and closed without signal (two parts and a photo) is three items in order, the saves
// addressed by the device's uid; after a restart and reconnect the create goes first, each once; a close refused for
// stock is rejected with the server's reason (the photo waits with it, nothing half-stored), and the corrected copy
// is accepted and its photo uploaded to the order by its uid.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { resubmit } from '@client/offline/sync-submit';
import { latestPending, queuedStart, type OrdenMeta, type OrdenSave } from '@client/features/ordenestrabajo/api';
import { ordenestrabajoOffline } from '@client/features/ordenestrabajo/offline';
import { json, makeEngine, stopEngines, uniqueDbName } from '../../offline/helpers';

afterEach(stopEngines);

const UID = '8f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const META: OrdenMeta = { placa: 'EGM-871', maquinaria: 'EXCAVADORA', horometro: true, codigo: '', asignados_text: '' };
const base: OrdenSave = {
  uid: UID,
  saved: false,
  origen: 'MANUAL',
  maquinaria_id: 3,
  tarea_id: null,
  falla_id: null,
  tipo: 'CORRECTIVA',
  prioridad: 'ALTA',
  descripcion: 'Cambio de filtro hidráulico',
  fecha_programada: null,
  asignados: [],
  maquina_detenida: true,
  items_checklist: ['Filtro', 'Fugas'],
  estado: 'ABIERTA',
  inicio: null,
  fin: null,
  checklist: [],
  mano_obra: [],
  repuestos: [],
  horometro_cierre: null,
  notas: null,
  motivo_anulacion: null,
};
const part = (insumo_id: number, cantidad: number) => ({
  insumo_id,
  cantidad,
  insumo_maq_id: null,
  observacion: null,
  insumo_codigo: `INS-${insumo_id}`,
  insumo_name: 'Insumo',
  unimed: 'UND',
});
const checklist = [
  { orden: 1, descripcion: 'Filtro', resultado: 'OK' as const, nota: null },
  { orden: 2, descripcion: 'Fugas', resultado: 'OK' as const, nota: null },
];
const started: OrdenSave = { ...base, saved: true, estado: 'EN CURSO', inicio: '2026-11-20T13:00:00.000Z' };
const closed = (qty: number): OrdenSave => ({
  ...started,
  estado: 'CERRADA',
  fin: '2026-11-20T16:00:00.000Z',
  checklist,
  repuestos: [part(7, qty), part(8, 2)],
  horometro_cierre: 4380.5,
});
const photo = { name: 'filtro.jpg', blob: new Blob([new Uint8Array(1500)], { type: 'image/jpeg' }) };

/** The orders API with the real idempotency contract and a stock of supplies 7 (1 left) and 8 (5 left). */
function ordenesServer() {
  const state = { online: false };
  const orders = new Map<string, { estado: string; repuestos: unknown[] }>();
  const stock = new Map([
    [7, 1],
    [8, 5],
  ]);
  const fotos: { uid: string; name: string }[] = [];
  const seen: { method: string; url: string; key: string | null }[] = [];
  const stored = new Map<string, { status: number; body: unknown }>();
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = new Headers(init?.headers).get('Idempotency-Key');
    seen.push({ method, url, key });
    const prior = key ? stored.get(key) : undefined;
    if (prior) return json(prior.status, prior.body, { 'Idempotency-Replayed': 'true' });
    let answer: { status: number; body: unknown };
    const upload = url.match(/^\/api\/ordenestrabajo\/([0-9a-f-]+)\/fotos$/);
    const put = url.match(/^\/api\/ordenestrabajo\/([0-9a-f-]+)$/);
    if (upload) {
      const file = (init?.body as FormData).get('foto') as File;
      fotos.push({ uid: upload[1], name: file.name });
      answer = { status: 201, body: { id: fotos.length } };
    } else if (method === 'POST' && url === '/api/ordenestrabajo') {
      const b = JSON.parse(String(init?.body)) as OrdenSave;
      orders.set(b.uid, { estado: 'ABIERTA', repuestos: [] });
      answer = { status: 201, body: { ot_id: 1, uid: b.uid, estado: 'ABIERTA' } };
    } else if (method === 'PUT' && put) {
      const b = JSON.parse(String(init?.body)) as OrdenSave;
      const o = orders.get(put[1]);
      const short = b.repuestos.find((r) => r.cantidad > (stock.get(r.insumo_id) ?? 0));
      if (!o) answer = { status: 404, body: { message: MSG.ordenNotFound } };
      else if (short) answer = { status: 409, body: { message: MSG.stockUnavailable(`INS-${short.insumo_id}`, '1.00') } };
      else {
        for (const r of b.repuestos) stock.set(r.insumo_id, (stock.get(r.insumo_id) ?? 0) - r.cantidad);
        orders.set(put[1], { estado: b.estado, repuestos: b.repuestos });
        answer = { status: 200, body: { ot_id: 1, uid: put[1], estado: b.estado } };
      }
    } else answer = { status: 404, body: { message: 'No' } };
    if (key) stored.set(key, answer);
    return json(answer.status, answer.body);
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, state, orders, stock, fotos, seen };
}

describe('work orders offline (ordenestrabajoOffline)', () => {
  it('created, started and closed offline: sent in order after a restart, the refused close corrected and resent', async () => {
    const dbName = uniqueDbName();
    const server = ordenesServer();
    const device = makeEngine(server.fetchImpl, { dbName });
    const create = await device.engine.add(ordenestrabajoOffline.input(base, META));
    const start = await device.engine.add(ordenestrabajoOffline.input(started, META));
    const close = await device.engine.add(ordenestrabajoOffline.input(closed(2), META, [photo]));
    await device.engine.flush();
    expect([create, start, close].map((i) => [i.method, i.url])).toEqual([
      ['POST', '/api/ordenestrabajo'],
      ['PUT', `/api/ordenestrabajo/${UID}`],
      ['PUT', `/api/ordenestrabajo/${UID}`],
    ]);
    expect(close.upload).toEqual({ idField: 'uid', url: '/api/ordenestrabajo/{id}/fotos', field: 'foto' });

    // The list and the execution screen read the queue through the declaration: the newest save stands for the order.
    const items = await device.db.outbox.orderBy('seq').toArray();
    const pending = ordenestrabajoOffline.pending(items);
    expect(latestPending(pending, UID)?.body.estado).toBe('CERRADA');
    const row = ordenestrabajoOffline.rowOf({ maquinaria_id: 0 })(items[2]);
    expect(row).toMatchObject({ uid: UID, estado: 'CERRADA', placa: 'EGM-871', ot_id: -items[2].seq });
    expect(ordenestrabajoOffline.rowOf({ maquinaria_id: 0 })(items[0])).toMatchObject({ estado: 'ABIERTA' });
    expect(ordenestrabajoOffline.rowOf({ maquinaria_id: 9 })(items[0])).toBeNull();
    device.engine.stop();
    device.db.close();

    // Restarted with signal: the create first, then the start; the close is refused (stock taken meanwhile).
    server.state.online = true;
    const after = makeEngine(server.fetchImpl, { dbName });
    after.engine.setOnline(true);
    await after.engine.flush();
    expect(server.seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/ordenestrabajo'],
      ['PUT', `/api/ordenestrabajo/${UID}`],
      ['PUT', `/api/ordenestrabajo/${UID}`],
    ]);
    expect(await after.db.outbox.get(close.id)).toMatchObject({
      status: 'rejected',
      lastError: MSG.stockUnavailable('INS-7', '1.00'),
    });
    expect(server.orders.get(UID)?.estado).toBe('EN CURSO');
    expect([...server.stock]).toEqual([
      [7, 1],
      [8, 5],
    ]);
    expect(server.fotos).toEqual([]);
    expect(latestPending(ordenestrabajoOffline.pending(await after.db.outbox.toArray()), UID)).toBeNull();

    // Corrected (one unit of 7) and resent: accepted, then its photo goes to the order by its uid.
    const res = await resubmit(after.engine, close.id, { body: closed(1) });
    expect(res).toMatchObject({ queued: false, data: { uid: UID, estado: 'CERRADA' } });
    await after.engine.flush();
    expect(server.orders.get(UID)?.estado).toBe('CERRADA');
    expect([...server.stock]).toEqual([
      [7, 0],
      [8, 3],
    ]);
    expect(server.fotos).toEqual([{ uid: UID, name: 'filtro.jpg' }]);
    expect(server.seen.filter((s) => s.method === 'POST' && s.url === '/api/ordenestrabajo')).toHaveLength(1);
    expect(new Set(server.seen.map((s) => s.key)).size).toBe(server.seen.length);
    expect(await after.db.outbox.count()).toBe(0);
    expect(await after.db.files.count()).toBe(0);
  });

  it("a create from a due task, still queued, opens with the task's checklist before the typed items, as the server numbers them", () => {
    const fromTask: OrdenSave = { ...base, origen: 'PLAN', tipo: 'PREVENTIVA', tarea_id: 4, items_checklist: ['Fugas'] };
    const opened = queuedStart(fromTask, { ...META, tarea_checklist: ['Drenar el aceite', 'Cambiar el filtro'] });
    expect(opened.checklist.map((c) => [c.orden, c.descripcion, c.resultado])).toEqual([
      [1, 'Drenar el aceite', null],
      [2, 'Cambiar el filtro', null],
      [3, 'Fugas', null],
    ]);
    // Without a task, the typed items; once on the server, the save as it is.
    expect(queuedStart(base, META).checklist.map((c) => c.descripcion)).toEqual(['Filtro', 'Fugas']);
    expect(queuedStart(started, META)).toBe(started);
  });
});
