// Work orders API: create from a task / a failure / by hand with the device's uid (idempotent), the correlative
// number per year (also under concurrent creates), the status flow and its refusals, the execution PUT (checklist with
// a failure opened from an OBSERVADO item, labour, parts as one warehouse exit in the kardex, refused above stock with
// nothing stored), closing (failure REPARADO, task done, wear parts changed at the reading), the machine's state,
// annulling (parts back), an outside repair attached, idempotent replays, the PDF and the role codes 71/72/73.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import {
  cambiosInsumo,
  fallas,
  insumos,
  insumosMaquinaria,
  maquinarias,
  maquinariasEstados,
  movimientos,
  planes,
  planesTareas,
  planesTareasEjecuciones,
  planesTareasInsumos,
  reparaciones,
  salidas,
  unimeds,
} from '../../src/server/db/schema/index';
import { seedMachine } from './fixtures';
import { call, createTestApp, createUser, login, type TestApp, widest } from './helpers';

const YEAR = Number(limaDate().slice(0, 4));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('work orders API (/api/ordenestrabajo)', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number; placa: string };
  let filtro: number;
  let aceite: number;
  let wear: number;
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, opts: { key?: string; tok?: string } = {}) =>
    call(t.app, opts.tok ?? token, { method, url, payload, key: opts.key });
  const get = (url: string, tok = token) => call(t.app, tok, { method: 'GET', url });
  const stock = async (id: number) =>
    Number((await t.database.db.select({ s: insumos.stock }).from(insumos).where(eq(insumos.id, id)))[0].s);
  const estadoMaq = async (id: number) =>
    (await t.database.db.select({ e: maquinarias.estado }).from(maquinarias).where(eq(maquinarias.id, id)))[0].e;
  const create = (extra: Record<string, unknown> = {}) =>
    send('POST', '/api/ordenestrabajo', {
      uid: randomUUID(),
      maquinaria_id: maq.id,
      descripcion: 'Revisión del sistema hidráulico',
      prioridad: 'ALTA',
      items_checklist: ['Nivel de aceite hidráulico', 'Mangueras sin fugas'],
      ...extra,
    });
  /** The execution body from a detail, with changes. */
  const state = (d: Record<string, unknown>, extra: Record<string, unknown>) => ({
    estado: d.estado,
    checklist: (d.checklist as { orden: number; descripcion: string; resultado: string | null; nota: string | null }[]).map((c) => ({
      orden: c.orden,
      descripcion: c.descripcion,
      resultado: c.resultado,
      nota: c.nota,
    })),
    mano_obra: [],
    repuestos: [],
    horometro_cierre: null,
    notas: null,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    const db = t.database.db;
    maq = await seedMachine(db, 'EXCAVADORA');
    const [u] = await db
      .insert(unimeds)
      .values({ unimed_abrev: `OT${process.pid % 1000}`, unimed_nombre: 'UNIDAD OT' })
      .returning();
    const [a, b] = await db
      .insert(insumos)
      .values([
        { insumo_codigo: 'OT-FIL', insumo_name: 'FILTRO HIDRAULICO', unimed_id: u.unimed_id, stock: 5 },
        { insumo_codigo: 'OT-ACE', insumo_name: 'ACEITE HIDRAULICO', unimed_id: u.unimed_id, stock: 20 },
      ])
      .returning({ id: insumos.id });
    filtro = a.id;
    aceite = b.id;
    const [im] = await db
      .insert(insumosMaquinaria)
      .values({ maquinaria_id: maq.id, insumo_id: filtro, hour_warning: 200, hour_critical: 230, horas_limite: 250 })
      .returning();
    wear = im.insumo_maq_id;
  });
  afterAll(() => t.close());

  it('creates by hand with the next number of the year; the same uid twice is one order', async () => {
    const uid = randomUUID();
    const first = await create({ uid });
    expect(first.statusCode).toBe(201);
    const o = first.json();
    expect(o).toMatchObject({
      uid,
      anio: YEAR,
      origen: 'MANUAL',
      tipo: 'CORRECTIVA',
      estado: 'ABIERTA',
      prioridad: 'ALTA',
      placa: maq.placa,
      horometro: true,
      checklist: [
        { orden: 1, descripcion: 'Nivel de aceite hidráulico', resultado: null },
        { orden: 2, descripcion: 'Mangueras sin fugas', resultado: null },
      ],
    });
    expect(o.codigo).toBe(`${YEAR}-${String(o.numero).padStart(4, '0')}`);
    const again = await create({ uid, descripcion: 'otra' });
    expect(again.json().ot_id).toBe(o.ot_id);
    const next = (await create()).json();
    expect(next.numero).toBe(o.numero + 1);
  });

  it('numbers concurrent creates without a gap or a repeat', async () => {
    const res = await Promise.all(Array.from({ length: 6 }, () => create()));
    const nums = res.map((r) => r.json().numero as number).sort((x, y) => x - y);
    expect(res.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(nums).size).toBe(6);
    expect(nums[5] - nums[0]).toBe(5);
  });

  it('from a failure: CORRECTIVA; closing it marks the failure REPARADO and frees the machine it stopped', async () => {
    const f = (await send('POST', '/api/fallas', { maquinaria_id: maq.id, descripcion: 'Fuga en cilindro del brazo' })).json();
    const o = (
      await create({
        origen: 'FALLA',
        falla_id: f.falla_id,
        maquina_detenida: true,
        items_checklist: ['Cambio de retenes'],
        tipo: 'PREVENTIVA',
      })
    ).json();
    expect(o).toMatchObject({ origen: 'FALLA', tipo: 'CORRECTIVA', falla_id: f.falla_id, maquina_detenida: true });
    const started = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(o, { estado: 'EN CURSO' }));
    expect(started.statusCode).toBe(200);
    expect(started.json().inicio).toEqual(expect.any(String));
    expect(await estadoMaq(maq.id)).toBe(2); // EN REPARACION
    const [open] = await t.database.db
      .select()
      .from(maquinariasEstados)
      .where(and(eq(maquinariasEstados.maquinaria_id, maq.id), isNull(maquinariasEstados.hasta)));
    expect(open).toMatchObject({ estado: 2, origen: 'ORDEN', ref_id: o.ot_id });

    const d = started.json();
    // Closing refuses an open checklist item, then a missing reading, each naming what is missing.
    const noItems = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(d, { estado: 'CERRADA', horometro_cierre: 1200 }));
    expect(noItems.statusCode).toBe(409);
    expect(noItems.json().message).toBe(MSG.ordenChecklistAbierto(1));
    const done = [{ orden: 1, descripcion: 'Cambio de retenes', resultado: 'OK', nota: null }];
    const noReading = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(d, { estado: 'CERRADA', checklist: done }));
    expect(noReading.statusCode).toBe(409);
    expect(noReading.json().message).toBe(MSG.ordenLecturaFalta('horómetro'));
    expect((await get(`/api/ordenestrabajo/${o.uid}`)).json().estado).toBe('EN CURSO');

    const closed = await send(
      'PUT',
      `/api/ordenestrabajo/${o.uid}`,
      state(d, { estado: 'CERRADA', checklist: done, horometro_cierre: 1200 }),
    );
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ estado: 'CERRADA', horometro_cierre: 1200, fin: expect.any(String) });
    const [falla] = await t.database.db.select().from(fallas).where(eq(fallas.falla_id, f.falla_id));
    expect(falla.estado).toBe(1);
    expect(await estadoMaq(maq.id)).toBe(0);
    // A closed order no longer changes.
    const after = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(d, { estado: 'EN CURSO', checklist: done }));
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(MSG.ordenTerminada(o.codigo, 'CERRADA'));
  });

  it('parts are one warehouse exit in the kardex; a line above stock is refused with nothing stored; replays are idempotent', async () => {
    const o = (await create({ items_checklist: ['Filtro'] })).json();
    const url = `/api/ordenestrabajo/${o.uid}`;
    const before = { filtro: await stock(filtro), aceite: await stock(aceite) };
    const key = randomUUID();
    const body = state(o, {
      estado: 'EN CURSO',
      checklist: [{ orden: 1, descripcion: 'Filtro', resultado: 'OK', nota: null }],
      mano_obra: [{ nombre: 'Juan Quispe', fecha: limaDate(), horas: 3.5 }],
      repuestos: [
        { insumo_id: filtro, cantidad: 1, insumo_maq_id: wear },
        { insumo_id: aceite, cantidad: 4 },
      ],
    });
    const r1 = await send('PUT', url, body, { key });
    expect(r1.statusCode).toBe(200);
    const d = r1.json();
    expect(d.repuestos).toHaveLength(2);
    expect(d.mano_obra).toEqual([expect.objectContaining({ nombre: 'Juan Quispe', horas: 3.5 })]);
    expect(await stock(filtro)).toBe(before.filtro - 1);
    expect(await stock(aceite)).toBe(before.aceite - 4);
    const [exit] = await t.database.db.select().from(salidas).where(eq(salidas.ot_id, o.ot_id));
    expect(exit).toMatchObject({ operador_id: null, maquinaria_id: maq.id, nro_vale: `OT-${o.codigo}` });
    const kardex = await t.database.db
      .select()
      .from(movimientos)
      .where(eq(movimientos.nro_guiaremision, `OT-${o.codigo}`));
    expect(kardex.map((k) => [k.tipo, k.insumo_id, Number(k.salida)]).sort()).toEqual(
      [
        ['SALIDA', aceite, 4],
        ['SALIDA', filtro, 1],
      ].sort(),
    );
    // The same key again: the stored answer; the same state under a new key (a resend): nothing moves.
    const replay = await send('PUT', url, body, { key });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect((await send('PUT', url, body)).statusCode).toBe(200);
    expect(await stock(aceite)).toBe(before.aceite - 4);

    // Stock taken meanwhile: 409 naming the supply; the labour and the checklist of that save are not stored either.
    const over = await send(
      'PUT',
      url,
      state(d, {
        estado: 'EN ESPERA DE REPUESTOS',
        checklist: [{ orden: 1, descripcion: 'Filtro', resultado: 'OBSERVADO', nota: 'sucio' }],
        mano_obra: [{ nombre: 'Otro', fecha: limaDate(), horas: 2 }],
        repuestos: [
          { insumo_id: filtro, cantidad: 1, insumo_maq_id: wear },
          { insumo_id: aceite, cantidad: 400 },
        ],
      }),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(MSG.stockUnavailable('OT-ACE', before.aceite.toFixed(2)));
    const still = (await get(url)).json();
    expect(still).toMatchObject({ estado: 'EN CURSO', mano_obra: [expect.objectContaining({ nombre: 'Juan Quispe' })] });
    expect(still.checklist[0].resultado).toBe('OK');
    expect(await stock(aceite)).toBe(before.aceite - 4);

    // Less oil: the line moves by the difference; the kardex follows.
    const less = await send(
      'PUT',
      url,
      state(d, {
        repuestos: [
          { insumo_id: filtro, cantidad: 1, insumo_maq_id: wear },
          { insumo_id: aceite, cantidad: 2.5 },
        ],
        checklist: [{ orden: 1, descripcion: 'Filtro', resultado: 'OK', nota: null }],
      }),
    );
    expect(less.statusCode).toBe(200);
    expect(await stock(aceite)).toBe(before.aceite - 2.5);

    // Closing changes the wear part at the reading.
    const closed = await send(
      'PUT',
      url,
      state(less.json(), {
        estado: 'CERRADA',
        horometro_cierre: 1300,
        repuestos: [
          { insumo_id: filtro, cantidad: 1, insumo_maq_id: wear },
          { insumo_id: aceite, cantidad: 2.5 },
        ],
      }),
    );
    expect(closed.statusCode).toBe(200);
    const [change] = await t.database.db.select().from(cambiosInsumo).where(eq(cambiosInsumo.insumo_maq_id, wear));
    expect(change).toMatchObject({ fecha: limaDate(), observacion: MSG.ordenCambioInsumo(o.codigo) });
    expect(Number(change.horometro_vehiculo)).toBe(1300);
  });

  it('an OBSERVADO item opens a failure of the machine once, linked to the item', async () => {
    const o = (await create({ items_checklist: ['Pasadores del cucharón'] })).json();
    const body = state(o, {
      estado: 'EN CURSO',
      checklist: [{ orden: 1, descripcion: 'Pasadores del cucharón', resultado: 'OBSERVADO', nota: 'Juego excesivo', abrir_falla: true }],
    });
    const d = (await send('PUT', `/api/ordenestrabajo/${o.uid}`, body)).json();
    const fallaId = d.checklist[0].falla_id;
    expect(fallaId).toEqual(expect.any(Number));
    const [f] = await t.database.db.select().from(fallas).where(eq(fallas.falla_id, fallaId));
    expect(f).toMatchObject({ maquinaria_id: maq.id, descripcion: 'Pasadores del cucharón', estado: 0 });
    expect(f.detalle).toBe(MSG.ordenFallaDetalle(o.codigo, 'Juego excesivo'));
    const again = (await send('PUT', `/api/ordenestrabajo/${o.uid}`, body)).json();
    expect(again.checklist[0].falla_id).toBe(fallaId);
    const bad = await send('PUT', `/api/ordenestrabajo/${o.uid}`, {
      ...body,
      checklist: [
        { orden: 1, descripcion: 'Pasadores del cucharón', resultado: 'OK', abrir_falla: true },
        { orden: 2, descripcion: 'Nuevo', resultado: 'OK', abrir_falla: true },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.ordenAbrirFallaObservado);
  });

  it("from a due task: PREVENTIVA with the task's checklist; closing records the task done and changes its parts", async () => {
    const db = t.database.db;
    const m2 = await seedMachine(db, 'RODILLO');
    const [im] = await db
      .insert(insumosMaquinaria)
      .values({ maquinaria_id: m2.id, insumo_id: aceite, hour_warning: 200, hour_critical: 230, horas_limite: 250 })
      .returning();
    const [p] = await db.insert(planes).values({ maquinaria_id: m2.id, nombre: 'Plan 250 h' }).returning();
    const [tarea] = await db
      .insert(planesTareas)
      .values({
        plan_id: p.plan_id,
        nombre: 'Cambio de aceite',
        cada_medidor: 250,
        base_fecha: '2026-01-01',
        checklist: ['Drenar', 'Llenar'],
      })
      .returning();
    await db.insert(planesTareasInsumos).values({ tarea_id: tarea.tarea_id, insumo_maq_id: im.insumo_maq_id });
    const o = (
      await create({ origen: 'PLAN', tarea_id: tarea.tarea_id, maquinaria_id: m2.id, maquina_detenida: true, items_checklist: [] })
    ).json();
    expect(o).toMatchObject({
      tipo: 'PREVENTIVA',
      tarea_id: tarea.tarea_id,
      checklist: [{ descripcion: 'Drenar' }, { descripcion: 'Llenar' }],
    });
    const wrong = await create({ origen: 'PLAN', tarea_id: tarea.tarea_id });
    expect(wrong.statusCode).toBe(400);

    const checklist = o.checklist.map((c: { orden: number; descripcion: string }) => ({ ...c, resultado: 'OK', nota: null }));
    // Started on a stopped machine: EN MANTENIMIENTO; closed: OPERATIVO again.
    const started = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(o, { estado: 'EN CURSO' }));
    expect(started.statusCode).toBe(200);
    expect(await estadoMaq(m2.id)).toBe(3);
    // A device that knows only some items (an order it created offline, before the task's were added) leaves the
    // others stored: closing still needs them answered.
    const partial = await send(
      'PUT',
      `/api/ordenestrabajo/${o.uid}`,
      state(o, { estado: 'CERRADA', checklist: [checklist[0]], horometro_cierre: 250 }),
    );
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe(MSG.ordenChecklistAbierto(1));
    const closed = await send('PUT', `/api/ordenestrabajo/${o.uid}`, state(o, { estado: 'CERRADA', checklist, horometro_cierre: 250 }));
    expect(closed.statusCode).toBe(200);
    const [ej] = await db.select().from(planesTareasEjecuciones).where(eq(planesTareasEjecuciones.tarea_id, tarea.tarea_id));
    expect(ej).toMatchObject({ ot_id: o.ot_id, fecha: limaDate() });
    expect(Number(ej.medidor)).toBe(250);
    const [c] = await db.select().from(cambiosInsumo).where(eq(cambiosInsumo.insumo_maq_id, im.insumo_maq_id));
    expect(Number(c.horometro_vehiculo)).toBe(250);
    expect(await estadoMaq(m2.id)).toBe(0);
    // A later order's reading may not go below it.
    const o2 = (await create({ maquinaria_id: m2.id, items_checklist: [] })).json();
    const below = await send('PUT', `/api/ordenestrabajo/${o2.uid}`, state(o2, { estado: 'CERRADA', horometro_cierre: 200 }));
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(MSG.ordenLecturaMenor('200.0', o.codigo, '250.0'));
  });

  it('refuses invalid transitions; annulling needs 73 and a reason, returns the parts and frees the machine', async () => {
    const m3 = await seedMachine(t.database.db, 'VOLQUETE');
    const o = (await create({ maquinaria_id: m3.id, maquina_detenida: true, items_checklist: [] })).json();
    const url = `/api/ordenestrabajo/${o.uid}`;
    const started = (await send('PUT', url, state(o, { estado: 'EN CURSO', repuestos: [{ insumo_id: aceite, cantidad: 1 }] }))).json();
    expect(await estadoMaq(m3.id)).toBe(2);
    const back = await send('PUT', url, state(started, { estado: 'ABIERTA' }));
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(MSG.ordenTransicion('EN CURSO', 'ABIERTA'));
    const executor = await createUser(t, [ROLE.ordenEjecutar]);
    const denied = await send('PUT', url, state(started, { estado: 'ANULADA', motivo_anulacion: 'Duplicada' }), { tok: executor.token });
    expect(denied.statusCode).toBe(403);
    const noReason = await send('PUT', url, state(started, { estado: 'ANULADA' }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(MSG.ordenMotivoAnulacion);
    const before = await stock(aceite);
    const annulled = await send('PUT', url, state(started, { estado: 'ANULADA', motivo_anulacion: 'Duplicada' }));
    expect(annulled.statusCode).toBe(200);
    expect(annulled.json()).toMatchObject({ estado: 'ANULADA', motivo_anulacion: 'Duplicada', repuestos: [] });
    expect(await stock(aceite)).toBe(before + 1);
    expect(await estadoMaq(m3.id)).toBe(0);
  });

  it('role codes: 71 creates, 72 executes, neither does the other', async () => {
    const creator = await createUser(t, [ROLE.ordenNueva]);
    const executor = await createUser(t, [ROLE.ordenEjecutar]);
    const o = await create({ asignados: [executor.id] });
    expect(o.statusCode).toBe(201);
    expect(
      (await send('POST', '/api/ordenestrabajo', { uid: randomUUID(), maquinaria_id: maq.id, descripcion: 'x' }, { tok: executor.token }))
        .statusCode,
    ).toBe(403);
    const tecnicos = (await get('/api/ordenestrabajo/tecnicos')).json() as { usuario_id: number }[];
    expect(tecnicos.map((x) => x.usuario_id)).toContain(executor.id);
    expect(tecnicos.map((x) => x.usuario_id)).not.toContain(creator.id);
    const d = o.json();
    expect(d.asignados).toEqual([{ usuario_id: executor.id, nombre: expect.any(String) }]);
    expect((await send('PUT', `/api/ordenestrabajo/${d.uid}`, state(d, { estado: 'EN CURSO' }), { tok: creator.token })).statusCode).toBe(
      403,
    );
    expect((await send('PUT', `/api/ordenestrabajo/${d.uid}`, state(d, { estado: 'EN CURSO' }), { tok: executor.token })).statusCode).toBe(
      200,
    );
    // The list: assigned to me, by state and machine.
    const mine = (
      await send('POST', '/api/ordenestrabajo/list', { mias: true, ...widest('ordenestrabajo') }, { tok: executor.token })
    ).json();
    expect(mine.map((r: { uid: string }) => r.uid)).toEqual([d.uid]);
    const enCurso = (
      await send('POST', '/api/ordenestrabajo/list', { estado: 'EN CURSO', maquinaria_id: maq.id, ...widest('ordenestrabajo') })
    ).json();
    expect(enCurso.every((r: { estado: string; maquinaria_id: number }) => r.estado === 'EN CURSO' && r.maquinaria_id === maq.id)).toBe(
      true,
    );
  });

  it('photos, an outside repair attached, and the PDF', async () => {
    const o = (await create()).json();
    const boundary = '----otfoto';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await call(t.app, token, {
      method: 'POST',
      url: `/api/ordenestrabajo/${o.uid}/fotos`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ ot_id: o.ot_id, mime: 'image/png' });
    const [r] = await t.database.db
      .insert(reparaciones)
      .values({ maquinaria_id: maq.id, descripcion: 'Rectificado de cilindro', fecha: limaDate() })
      .returning();
    const linked = await send('PUT', `/api/ordenestrabajo/${o.uid}/reparacion`, { reparacion_id: r.reparacion_id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ fotos: [{ ot_id: o.ot_id }], reparaciones: [{ reparacion_id: r.reparacion_id }] });
    const pdf = await get(`/api/ordenestrabajo/${o.uid}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/ordenestrabajo/${randomUUID()}`)).statusCode).toBe(404);
  });
});
