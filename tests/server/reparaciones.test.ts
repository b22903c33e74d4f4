// Repairs API: the service-order lookup over orders imported with `npm run import`, the list
// with machine and date filters, and the failure transitions: linking marks REPARADO, moving restores the old
// failure (old_falla), deleting restores its failure, another machine's failure is a 400, a failure repaired by
// another repair a 409, the failure required while the machine has some to offer; role codes 39/40/41.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { FIELD, MSG } from '@shared/messages';
import { seedMachine } from './fixtures';
import { importFile } from '../../src/server/integrations/import';
import { call, createTestApp, createUser, login, type TestApp, widest } from './helpers';

const YEAR = Number(limaDate().slice(0, 4));
const ORDERS =
  'orden_id,nro_orden,anio,orden_fechadoc,pers_nombre,ordendet_item,ordendet_desart,reqadj_actividades,reqadj_garantia,monto\n' +
  `61001,0087,${YEAR},${YEAR}-01-20,TALLER MANTARO EIRL,1,CAMBIO DE MANGUERAS HIDRAULICAS,Fabricación e instalación de 4 mangueras,3 MESES,1680.00\n` +
  `61002,0088,${YEAR},${YEAR}-01-22,ELECTRO DIESEL SAC,1,REPARACION DE ALTERNADOR,Cambio de rodamientos,6 MESES,920.50\n` +
  `61002,0088,${YEAR},${YEAR}-01-22,ELECTRO DIESEL SAC,2,REVISION DE SISTEMA ELECTRICO,,,350\n`;

describe('repairs API (/api/reparaciones)', () => {
  let t: TestApp;
  let token: string;
  let dir: string;
  let maq: { id: number; placa: string };
  let maq2: { id: number; placa: string };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tok = token) =>
    call(t.app, tok, { method, url, payload });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const newFailure = async (maquinaria_id: number, descripcion = 'Falla') =>
    (await send('POST', '/api/fallas', { maquinaria_id, descripcion })).json().falla_id as number;
  const failureState = async (id: number) => {
    const f = (await get(`/api/fallas/${id}`)).json();
    return [f.estado, f.reparacion_id];
  };
  /** A repair paid by no service order (an order's item pays for one repair only). */
  const noOrder = { nro_orden: '', anio: '', ordendet_item: '' };
  const repair = (extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    maquinaria_id: maq.id,
    nro_orden: '0087',
    anio: YEAR,
    ordendet_item: 1,
    servicio: 'CAMBIO DE MANGUERAS HIDRAULICAS',
    descripcion: 'Cambio de mangueras del brazo',
    proveedor: 'TALLER MANTARO EIRL',
    garantia: '3 MESES',
    fecha: `${YEAR}-01-25`,
    detalle: 'Fabricación e instalación de 4 mangueras',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    maq = await seedMachine(t.database.db, 'CARGADOR FRONTAL');
    maq2 = await seedMachine(t.database.db, 'VOLQUETE');
    dir = mkdtempSync(join(tmpdir(), 'reparaciones-'));
    const file = join(dir, 'os.csv');
    writeFileSync(file, ORDERS);
    expect(await importFile(t.database.db, 'ordenes-servicio', file)).toMatchObject({ imported: 3, errors: [] });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('POST getinforden answers the items of an imported service order; unknown order 404; bad year 400', async () => {
    const res = await send('POST', '/api/reparaciones/getinforden', { nro_orden: '88', anio: String(YEAR) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          ordendet_desart: 'REPARACION DE ALTERNADOR',
          reqadj_actividades: 'Cambio de rodamientos',
          reqadj_garantia: '6 MESES',
          pers_nombre: 'ELECTRO DIESEL SAC',
          orden_fechadoc: `${YEAR}-01-22`,
          orden_id: 61002,
          ordendet_item: 1,
          monto: 920.5,
          reparacion_id: null,
        },
        {
          ordendet_desart: 'REVISION DE SISTEMA ELECTRICO',
          reqadj_actividades: null,
          reqadj_garantia: null,
          pers_nombre: 'ELECTRO DIESEL SAC',
          orden_fechadoc: `${YEAR}-01-22`,
          orden_id: 61002,
          ordendet_item: 2,
          monto: 350,
          reparacion_id: null,
        },
      ],
    });
    expect((await send('POST', '/api/reparaciones/getinforden', { nro_orden: 87, anio: YEAR })).json().items).toHaveLength(1);
    const unknown = await send('POST', '/api/reparaciones/getinforden', { nro_orden: '9999', anio: YEAR });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MSG.serviceOrderNotFound });
    const old = await send('POST', '/api/reparaciones/getinforden', { nro_orden: '0087', anio: 2021 });
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.anio).toBe(FIELD.orderYearFrom);
    const future = await send('POST', '/api/reparaciones/getinforden', { nro_orden: '0087', anio: YEAR + 1 });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.anio).toBe(MSG.orderYearRange(YEAR));
    expect((await send('POST', '/api/reparaciones/getinforden', { anio: YEAR })).json().errors.nro_orden).toBe(FIELD.required);
  });

  let f1: number;
  let f2: number;
  let rep: number;
  it('POST links the repair to a pending failure of its machine and marks it REPARADO (201)', async () => {
    f1 = await newFailure(maq.id, 'Manguera rota');
    f2 = await newFailure(maq.id, 'Fuga en cilindro');
    const res = await send('POST', '/api/reparaciones', repair({ falla_id: f1, orden_id: 1 }));
    expect(res.statusCode).toBe(201);
    const r = res.json();
    rep = r.reparacion_id;
    expect(r).toEqual({
      reparacion_id: expect.any(Number),
      nro_orden: '0087',
      anio: YEAR,
      orden_id: 61001,
      ordendet_item: 1,
      maquinaria_id: maq.id,
      maquinaria: { id: maq.id, placa: maq.placa, descripcion: 'CARGADOR FRONTAL' },
      placa: maq.placa,
      servicio: 'CAMBIO DE MANGUERAS HIDRAULICAS',
      descripcion: 'Cambio de mangueras del brazo',
      detalle: 'Fabricación e instalación de 4 mangueras',
      proveedor: 'TALLER MANTARO EIRL',
      garantia: '3 MESES',
      fecha: `${YEAR}-01-25`,
      // No amount sent: the service-order item's.
      monto: 1680,
      falla_id: f1,
      falla: 'Manguera rota',
      created_at: expect.stringMatching(/Z$/),
      old_falla: f1,
    });
    expect(await failureState(f1)).toEqual([1, rep]);
    expect(await failureState(f2)).toEqual([0, null]);
    expect((await get(`/api/reparaciones/${rep}`)).json()).toEqual(r);
  });

  it('refuses a failure of another machine (400), one repaired by another repair (409), and no failure while some are pending (400)', async () => {
    const other = await newFailure(maq2.id, 'Otra máquina');
    const wrong = await send('POST', '/api/reparaciones', repair({ falla_id: other }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.falla_id).toBe(MSG.repairFailureOtherMachine);
    const taken = await send('POST', '/api/reparaciones', repair({ falla_id: f1 }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.repairFailureTaken(rep));
    const none = await send('POST', '/api/reparaciones', repair({ falla_id: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.falla_id).toBe(MSG.repairFailureRequired);
    const missing = await send('POST', '/api/reparaciones', repair({ falla_id: 999999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.falla_id).toBe(MSG.failureNotFound);
    expect(await failureState(other)).toEqual([0, null]);
    expect(await failureState(f2)).toEqual([0, null]);
  });

  it('refuses a service-order item another repair already holds (409, naming it); its own item stays editable', async () => {
    const g = await newFailure(maq.id, 'Alternador');
    const twice = await send('POST', '/api/reparaciones', repair({ falla_id: g }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.ordendet_item).toBe(MSG.repairOrderItemTaken(1, `0087-${YEAR}`, rep));
    expect(await failureState(g)).toEqual([0, null]);
    // The order lookup names the repair that holds each item, so the form does not offer it.
    const offered = await send('POST', '/api/reparaciones/getinforden', { nro_orden: '0087', anio: YEAR });
    expect(
      offered.json().items.map((i: { ordendet_item: number; reparacion_id: number | null }) => [i.ordendet_item, i.reparacion_id]),
    ).toEqual([[1, rep]]);
    expect((await send('DELETE', `/api/fallas/${g}`)).statusCode).toBe(200);
    const same = await send('PUT', `/api/reparaciones/${rep}`, repair({ editorMode: 'editar', falla_id: f1, detalle: 'Otra nota' }));
    expect(same.statusCode).toBe(200);
  });

  it('checks the service order: unknown order or item 400, year required with an order; no order at all is allowed', async () => {
    const unknown = await send('POST', '/api/reparaciones', repair({ falla_id: f2, nro_orden: '9999' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.nro_orden).toBe(MSG.serviceOrderNotFound);
    const item = await send('POST', '/api/reparaciones', repair({ falla_id: f2, ordendet_item: 7 }));
    expect(item.statusCode).toBe(400);
    expect(item.json().errors.ordendet_item).toBe(MSG.serviceOrderItemNotFound);
    const noYear = await send('POST', '/api/reparaciones', repair({ falla_id: f2, anio: '' }));
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json().errors.anio).toBe(FIELD.required);
    const invalid = await send('POST', '/api/reparaciones', repair({ falla_id: f2, descripcion: '', fecha: 'hoy' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({ descripcion: FIELD.required, fecha: FIELD.date });
    expect(await failureState(f2)).toEqual([0, null]);
  });

  it('PUT moving the repair to another failure restores the old one (old_falla) to PENDIENTE and marks the new one', async () => {
    const res = await send(
      'PUT',
      `/api/reparaciones/${rep}`,
      repair({ editorMode: 'editar', falla_id: f2, old_falla: f1, descripcion: 'Cambio de sellos' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ falla_id: f2, old_falla: f2, falla: 'Fuga en cilindro', descripcion: 'Cambio de sellos' });
    expect(await failureState(f1)).toEqual([0, null]);
    expect(await failureState(f2)).toEqual([1, rep]);
    // Keeping its failure is fine; a stale old_falla from the client changes nothing.
    const same = await send('PUT', `/api/reparaciones/${rep}`, repair({ falla_id: f2, old_falla: f1, garantia: '' }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ falla_id: f2, garantia: null });
    expect(await failureState(f1)).toEqual([0, null]);
    expect(await failureState(f2)).toEqual([1, rep]);
    // Its failure is still required while the machine has failures to offer.
    expect((await send('PUT', `/api/reparaciones/${rep}`, repair({ falla_id: null }))).statusCode).toBe(400);
    expect((await send('PUT', '/api/reparaciones/999999', repair({ falla_id: f1 }))).statusCode).toBe(404);
  });

  it('POST bymaquinaria offers the pending failures plus the one the edited repair holds', async () => {
    const offered = (await send('POST', '/api/fallas/bymaquinaria', { maquinaria_id: maq.id, reparacion_id: rep })).json();
    expect(offered.map((f: { falla_id: number }) => f.falla_id).sort()).toEqual([f1, f2].sort());
    const forNew = (await send('POST', '/api/fallas/bymaquinaria', { maquinaria_id: maq.id })).json();
    expect(forNew.map((f: { falla_id: number }) => f.falla_id)).toEqual([f1]);
  });

  it('takes the amount typed over the item’s, keeps it on an edit of the same item, and refuses a negative one', async () => {
    const typed = await send('PUT', `/api/reparaciones/${rep}`, repair({ falla_id: f1, monto: 1750.4 }));
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().monto).toBe(1750.4);
    const kept = await send('PUT', `/api/reparaciones/${rep}`, repair({ falla_id: f1, monto: '' }));
    expect(kept.json().monto).toBe(1750.4);
    const negative = await send('PUT', `/api/reparaciones/${rep}`, repair({ falla_id: f1, monto: -5 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors.monto).toBe(FIELD.nonNegative);
    expect((await get(`/api/reparaciones/${rep}`)).json().monto).toBe(1750.4);
  });

  it('PUT to another machine takes a failure of that machine and restores the old one', async () => {
    const g = await newFailure(maq2.id, 'Alternador');
    const wrong = await send('PUT', `/api/reparaciones/${rep}`, repair({ maquinaria_id: maq2.id, falla_id: f2 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.falla_id).toBe(MSG.repairFailureOtherMachine);
    const res = await send(
      'PUT',
      `/api/reparaciones/${rep}`,
      repair({ maquinaria: { id: maq2.id }, maquinaria_id: undefined, falla_id: g, nro_orden: '0088', ordendet_item: 2 }),
    );
    expect(res.statusCode).toBe(200);
    // Another item without an amount sent: the new item's amount.
    expect(res.json()).toMatchObject({
      maquinaria_id: maq2.id,
      placa: maq2.placa,
      falla_id: g,
      orden_id: 61002,
      ordendet_item: 2,
      monto: 350,
    });
    expect(await failureState(f2)).toEqual([0, null]);
    expect(await failureState(g)).toEqual([1, rep]);
  });

  it('DELETE restores the failure to PENDIENTE (Registro eliminado); then 404', async () => {
    const g = (await get(`/api/reparaciones/${rep}`)).json().falla_id;
    const res = await send('DELETE', `/api/reparaciones/${rep}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect(await failureState(g)).toEqual([0, null]);
    expect((await get(`/api/reparaciones/${rep}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/reparaciones/${rep}`)).statusCode).toBe(404);
    // The failure is pending again, so it can be deleted now.
    expect((await send('DELETE', `/api/fallas/${g}`)).statusCode).toBe(200);
  });

  it('a machine with no failure to offer takes a repair without one', async () => {
    const free = await seedMachine(t.database.db, 'RODILLO');
    const res = await send(
      'POST',
      '/api/reparaciones',
      repair({ maquinaria_id: free.id, falla_id: null, nro_orden: '', anio: '', ordendet_item: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ falla_id: null, falla: null, old_falla: null, nro_orden: null, anio: null, orden_id: null });
    // Once the machine has a pending failure, an edit must take it.
    const f = await newFailure(free.id, 'Vibración');
    const edit = await send('PUT', `/api/reparaciones/${res.json().reparacion_id}`, repair({ maquinaria_id: free.id, falla_id: null }));
    expect(edit.statusCode).toBe(400);
    expect(
      (await send('PUT', `/api/reparaciones/${res.json().reparacion_id}`, repair({ maquinaria_id: free.id, falla_id: f }))).statusCode,
    ).toBe(200);
    expect(await failureState(f)).toEqual([1, res.json().reparacion_id]);
  });

  it('under concurrency: of 5 repairs sent at once for the same failure, one takes it and the rest get a 409', async () => {
    const m = await seedMachine(t.database.db, 'MOTONIVELADORA');
    const f = await newFailure(m.id, 'Hoja no sostiene');
    const all = await Promise.all(
      Array.from({ length: 5 }, () => send('POST', '/api/reparaciones', repair({ maquinaria_id: m.id, falla_id: f, ...noOrder }))),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const winner = all.find((r) => r.statusCode === 201)!.json().reparacion_id;
    expect(await failureState(f)).toEqual([1, winner]);
    expect((await send('POST', '/api/reparaciones/list', { maquinaria_id: m.id, ...widest('reparaciones') })).json()).toHaveLength(1);
    expect((await send('DELETE', `/api/reparaciones/${winner}`)).statusCode).toBe(200);
  });

  it('POST /api/reparaciones/list filters by machine (0 = Todos) and by date', async () => {
    await send('POST', '/api/reparaciones', repair({ falla_id: f1, fecha: `${YEAR}-01-10`, ...noOrder }));
    const all = (await send('POST', '/api/reparaciones/list', { maquinaria_id: 0, ...widest('reparaciones') })).json();
    expect(all.length).toBe(2);
    expect(all[0].fecha >= all[1].fecha).toBe(true);
    const ofMaq = (await send('POST', '/api/reparaciones/list', { maquinaria_id: maq.id, ...widest('reparaciones') })).json();
    expect(ofMaq.map((r: { falla_id: number }) => r.falla_id)).toEqual([f1]);
    const jan = (await send('POST', '/api/reparaciones/list', { fini: `${YEAR}-01-01`, ffin: `${YEAR}-01-15` })).json();
    expect(jan.map((r: { fecha: string }) => r.fecha)).toEqual([`${YEAR}-01-10`]);
    expect((await send('POST', '/api/reparaciones/list', { fini: `${YEAR}-02-01`, ffin: `${YEAR}-01-01` })).statusCode).toBe(400);
  });

  it('codes: 39 creates, 40 edits, 41 deletes; each refused (403) without its code', async () => {
    const db = t.database.db;
    const only39 = (await createUser(t, [ROLE.reparacionNuevo])).token;
    const only40 = (await createUser(t, [ROLE.reparacionEditar])).token;
    const only41 = (await createUser(t, [ROLE.reparacionEliminar])).token;
    const free = await seedMachine(db, 'COMPACTADORA');
    const body = repair({ maquinaria_id: free.id, falla_id: null, ...noOrder });
    expect((await send('POST', '/api/reparaciones', body, only40)).statusCode).toBe(403);
    const created = await send('POST', '/api/reparaciones', body, only39);
    expect(created.statusCode).toBe(201);
    const id = created.json().reparacion_id;
    expect((await send('PUT', `/api/reparaciones/${id}`, body, only39)).statusCode).toBe(403);
    expect((await send('PUT', `/api/reparaciones/${id}`, body, only40)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/reparaciones/${id}`, undefined, only40)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/reparaciones/${id}`, undefined, only41)).statusCode).toBe(200);
    expect((await send('POST', '/api/reparaciones/getinforden', { nro_orden: '87', anio: YEAR }, only41)).statusCode).toBe(200);
  });
});
