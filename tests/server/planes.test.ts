// Preventive plans API: a plan with its tasks (defaults of the base, next due), whichever-first triggers and the due
// list's state and forecast (the shared rules), fixed versus floating next due after a late execution, a task marked
// done restarting its parts, the copy to machines of the same kind, delete, the report of tasks done and missed, the
// role codes and the bounds.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import {
  PLANES_LIST_LIMIT,
  cumplimientoRow,
  planDetail,
  vencimientoRow,
  type CumplimientoRow,
  type TareaInput,
  type VencimientoRow,
} from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { estadoTarea, pronosticoTarea } from '@shared/domain/planes';
import { addDays } from '@shared/domain/wear';
import { MSG } from '@shared/messages';
import {
  actividades,
  cambiosInsumo,
  costos,
  costosDet,
  insumos,
  insumosMaquinaria,
  operadores,
  partesDiarios,
  partesDiariosDet,
  planes,
  planesTareasEjecuciones,
  unimeds,
} from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';

const today = limaDate();
const ago = (n: number) => addDays(today, -n);

describe('preventive plans API (/api/planes)', () => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  let ctx: { op: number; act: number; costoDet: number; unimed: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const db = t.database.db;
    const [u] = await db.select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const [op] = await db.insert(operadores).values({ dni: '70000022', nombres: 'OPERADOR PLANES' }).returning();
    const [act] = await db.insert(actividades).values({ activ_nombre: 'Movimiento de tierras' }).returning();
    const [c] = await db.insert(costos).values({ descripcion: 'Tarifas planes' }).returning();
    const [d] = await db.insert(costosDet).values({ costo_id: c.id, descripcion: 'Hora', precio: 100, unidad: 'HORA' }).returning();
    ctx = { op: op.operador_id, act: act.id, costoDet: d.costo_det_id, unimed: u.id };
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });

  const newMachine = async (extra: Record<string, unknown> = {}) => {
    const res = await req('POST', '/api/maquinarias', {
      placa: `PL-${process.pid % 1000}${++seq}`,
      descripcion: 'CARGADOR FRONTAL',
      marca: 'CAT',
      año_fabrica: 2019,
      horometro_inicial: 1000,
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as MaquinariaRow;
  };
  /** A daily report with `cantid` hours (the machine's meter and its parts' counters). */
  const report = async (maquinaria_id: number, fecha: string, cantid: number) => {
    const [p] = await t.database.db
      .insert(partesDiarios)
      .values({ nro_parte_interno: `PL-${++seq}`, fecha, maquinaria_id, operador_id: ctx.op, actividad_id: ctx.act })
      .returning();
    await t.database.db
      .insert(partesDiariosDet)
      .values({ parte_id: p.parte_id, costo_det_id: ctx.costoDet, cantid, preuni: 0, pretot: 0, unidad: 'HORA' });
  };
  const assign = async (maquinaria_id: number, insumoId?: number) => {
    const id =
      insumoId ??
      (
        await t.database.db
          .insert(insumos)
          .values({ insumo_codigo: `PLZ-${process.pid % 1000}-${++seq}`, insumo_name: `Filtro ${seq}`, unimed_id: ctx.unimed })
          .returning()
      )[0].id;
    const res = await req('POST', '/api/maquinarias/asignar', {
      id: maquinaria_id,
      insumos: [{ insumo: id, hour_warning: 200, hour_critical: 240, hour_limite: 250 }],
    });
    expect(res.statusCode).toBe(200);
    const part = (res.json().data as MaquinariaInsumo[]).find((p) => p.insumo_id === id)!;
    await t.database.db
      .update(insumosMaquinaria)
      .set({ create_insumo_maq: `${ago(120)}T12:00:00-05:00` })
      .where(eq(insumosMaquinaria.insumo_maq_id, part.insumo_maq_id));
    return part;
  };
  const tarea = (extra: Partial<TareaInput> = {}): TareaInput => ({
    nombre: 'Cambio de aceite de motor',
    cada_medidor: 250,
    cada_dias: 90,
    margen_medidor: 25,
    margen_dias: 10,
    programacion: 'FIJA',
    checklist: ['Drenar aceite', 'Cambiar filtro'],
    ...extra,
  });
  const createPlan = async (maquinaria_id: number, tareas: TareaInput[], token = admin) => {
    const res = await req('POST', '/api/planes', { maquinaria_id, nombre: 'Plan 250 h', tareas }, token);
    expect(res.statusCode, res.body).toBe(201);
    return planDetail.parse(res.json());
  };
  const due = async (body: Record<string, unknown> = {}, token = admin) => {
    const res = await req('POST', '/api/planes/vencimientos', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((r) => vencimientoRow.parse(r)) as VencimientoRow[];
  };

  describe('create, read and edit', () => {
    it('creates a plan: base today and the current meter by default, next due from the base (201)', async () => {
      const m = await newMachine();
      await report(m.id, ago(3), 40);
      const p = await createPlan(m.id, [tarea()]);
      expect(p).toMatchObject({ maquinaria_id: m.id, placa: m.placa, horometro: true, nombre: 'Plan 250 h', activo: true });
      expect(p.tareas).toHaveLength(1);
      expect(p.tareas[0]).toMatchObject({
        base_fecha: today,
        base_medidor: 1040,
        proximo_medidor: 1290,
        proximo_fecha: addDays(today, 90),
        checklist: ['Drenar aceite', 'Cambiar filtro'],
        insumos: [],
        ultima_fecha: null,
      });
      const got = await req('GET', `/api/planes/${p.plan_id}`);
      expect(got.json()).toEqual(p);
      const list = await req('GET', `/api/planes?maquinaria_id=${m.id}`);
      expect(list.json()).toEqual([expect.objectContaining({ plan_id: p.plan_id, placa: m.placa, tareas: 1 })]);
    });

    it('edits: a changed interval counts again from the last execution; trash removes a task; an unknown task id is a 400', async () => {
      const m = await newMachine();
      const p = await createPlan(m.id, [
        tarea({ base_fecha: ago(20), base_medidor: 1000 }),
        tarea({ nombre: 'Engrase', cada_medidor: 50 }),
      ]);
      const [a, b] = p.tareas;
      expect(a.proximo_fecha).toBe(addDays(ago(20), 90));
      const done = await req('POST', `/api/planes/tareas/${a.tarea_id}/hecha`, { fecha: ago(5), medidor: 1010 });
      expect(done.statusCode, done.body).toBe(200);
      const body = (tareas: unknown[], trash: number[] = []) => ({ maquinaria_id: m.id, nombre: 'Plan editado', tareas, trash });
      const res = await req('PUT', `/api/planes/${p.plan_id}`, body([{ ...a, cada_dias: 30, cada_medidor: 100 }], [b.tarea_id]));
      expect(res.statusCode, res.body).toBe(200);
      const after = planDetail.parse(res.json());
      expect(after.nombre).toBe('Plan editado');
      expect(after.tareas).toHaveLength(1);
      expect(after.tareas[0]).toMatchObject({ proximo_fecha: addDays(ago(5), 30), proximo_medidor: 1110, ultima_fecha: ago(5) });
      // Only the name changed: the next due stays.
      const again = await req('PUT', `/api/planes/${p.plan_id}`, body([{ ...after.tareas[0], nombre: 'Aceite' }]));
      expect(again.json().tareas[0]).toMatchObject({ nombre: 'Aceite', proximo_fecha: addDays(ago(5), 30) });
      const bad = await req('PUT', `/api/planes/${p.plan_id}`, body([{ ...tarea(), tarea_id: b.tarea_id }]));
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('whichever first and the due list', () => {
    it('a task is overdue by meter before its date, by date before its meter, due soon within either margin', async () => {
      const m = await newMachine({ descripcion: 'RETROEXCAVADORA' });
      for (let d = 10; d >= 1; d--) await report(m.id, ago(d), 8); // 80 h in 10 days: 1080, 2.6667 h/day over 30 days
      const p = await createPlan(m.id, [
        tarea({ nombre: 'Por medidor', cada_medidor: 50, cada_dias: 365, base_fecha: ago(10), base_medidor: 1000 }),
        tarea({ nombre: 'Por fecha', cada_medidor: 1000, cada_dias: 5, base_fecha: ago(10), base_medidor: 1000 }),
        tarea({
          nombre: 'Próxima por medidor',
          cada_medidor: 100,
          cada_dias: 365,
          margen_medidor: 25,
          base_medidor: 1000,
          base_fecha: ago(10),
        }),
        tarea({ nombre: 'Próxima por fecha', cada_medidor: null, cada_dias: 15, margen_dias: 7, base_fecha: ago(10) }),
        tarea({ nombre: 'Al día', cada_medidor: 500, cada_dias: 180, margen_medidor: 10, margen_dias: 10 }),
      ]);
      const rows = await due({ maquinaria_id: m.id });
      expect(rows.map((r) => [r.tarea_nombre, r.estado])).toEqual([
        ['Por fecha', 'vencida'],
        ['Por medidor', 'vencida'],
        ['Próxima por fecha', 'proxima'],
        ['Próxima por medidor', 'proxima'],
        ['Al día', 'al_dia'],
      ]);
      for (const r of rows) {
        expect(r.horometro_actual).toBe(1080);
        expect(r.plan_id).toBe(p.plan_id);
        // The same rules as the client's.
        expect(r.estado).toBe(estadoTarea(r, r.horometro_actual, today));
        expect(r.fecha_pronostico).toBe(pronosticoTarea(r, r.horometro_actual, r.uso_diario, today));
      }
      // Forecast by meter: 20 h left at 2.6667 h/day → 8 days, sooner than its date.
      const soon = rows.find((r) => r.tarea_nombre === 'Próxima por medidor')!;
      expect(soon.fecha_pronostico).toBe(addDays(today, 8));
      expect((await due({ maquinaria_id: m.id, estado: 'vencida' })).map((r) => r.tarea_nombre)).toEqual(['Por fecha', 'Por medidor']);
      const inRange = await due({ maquinaria_id: m.id, fini: addDays(today, 1), ffin: addDays(today, 10) });
      expect(inRange.map((r) => r.tarea_nombre).sort()).toEqual(['Próxima por fecha', 'Próxima por medidor']);
    });

    it('leaves out inactive tasks and plans', async () => {
      const m = await newMachine();
      const p = await createPlan(m.id, [tarea(), tarea({ nombre: 'Inactiva', activo: false })]);
      expect((await due({ maquinaria_id: m.id })).map((r) => r.tarea_nombre)).toEqual(['Cambio de aceite de motor']);
      await t.database.db.update(planes).set({ activo: false }).where(eq(planes.plan_id, p.plan_id));
      expect(await due({ maquinaria_id: m.id })).toEqual([]);
    });
  });

  describe('marking a task done', () => {
    it('after a late execution, FIJA counts from when it was due and FLOTANTE from when it was done', async () => {
      const m = await newMachine();
      const base = { cada_medidor: null, cada_dias: 30, base_fecha: ago(100) };
      const p = await createPlan(m.id, [
        tarea({ nombre: 'Fija', ...base }),
        tarea({ nombre: 'Flotante', programacion: 'FLOTANTE', ...base }),
      ]);
      for (const x of p.tareas) {
        const res = await req('POST', `/api/planes/tareas/${x.tarea_id}/hecha`, { fecha: ago(2), medidor: 1000 });
        expect(res.statusCode, res.body).toBe(200);
      }
      const after = planDetail.parse((await req('GET', `/api/planes/${p.plan_id}`)).json());
      // Due at day -70; done at -2: fixed goes -70 → -40 → -10 → +20; floating -2 + 30.
      expect(after.tareas.map((x) => [x.nombre, x.proximo_fecha, x.ultima_fecha])).toEqual([
        ['Fija', addDays(ago(100), 120), ago(2)],
        ['Flotante', addDays(ago(2), 30), ago(2)],
      ]);
      const ejec = await t.database.db
        .select()
        .from(planesTareasEjecuciones)
        .where(eq(planesTareasEjecuciones.tarea_id, p.tareas[0].tarea_id));
      expect(ejec).toEqual([expect.objectContaining({ fecha: ago(2), vence_fecha: ago(70), a_tiempo: false, ot_id: null })]);
    });

    it("restarts the task's parts at the reading (a part change), all or nothing", async () => {
      const m = await newMachine();
      const part = await assign(m.id);
      for (let d = 6; d >= 1; d--) await report(m.id, ago(d), 10);
      const p = await createPlan(m.id, [tarea({ insumos: [part.insumo_maq_id] })]);
      expect(p.tareas[0].insumos).toEqual([part.insumo_maq_id]);
      const res = await req('POST', `/api/planes/tareas/${p.tareas[0].tarea_id}/hecha`, { fecha: ago(3), medidor: 1032.5 });
      expect(res.statusCode, res.body).toBe(200);
      const [im] = await t.database.db.select().from(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, part.insumo_maq_id));
      expect(im.last_date_mantenimiento).toBe(ago(3));
      const changes = await t.database.db.select().from(cambiosInsumo).where(eq(cambiosInsumo.insumo_maq_id, part.insumo_maq_id));
      expect(changes).toEqual([expect.objectContaining({ fecha: ago(3), horometro_vehiculo: 1032.5, horas_acumuladas: 40 })]);
      // A date before the last execution is refused and changes nothing.
      const before = await req('POST', `/api/planes/tareas/${p.tareas[0].tarea_id}/hecha`, { fecha: ago(4), medidor: 1030 });
      expect(before.statusCode).toBe(400);
      expect(before.json().message).toBe(MSG.planDoneBeforeLast(ago(3)));
      const future = await req('POST', `/api/planes/tareas/${p.tareas[0].tarea_id}/hecha`, { fecha: addDays(today, 1), medidor: 1030 });
      expect(future.statusCode).toBe(400);
      expect(
        (await t.database.db.select().from(planesTareasEjecuciones).where(eq(planesTareasEjecuciones.tarea_id, p.tareas[0].tarea_id)))
          .length,
      ).toBe(1);
      expect((await req('POST', '/api/planes/tareas/999999/hecha', { fecha: today, medidor: 1 })).statusCode).toBe(404);
    });
  });

  describe('copy', () => {
    it('copies to machines of the same kind, from today and their own meter, parts mapped by supply', async () => {
      const src = await newMachine({ descripcion: 'MOTONIVELADORA' });
      const dst = await newMachine({ descripcion: ' motoniveladora ', horometro_inicial: 500 });
      const part = await assign(src.id);
      const twin = await assign(dst.id, part.insumo_id);
      const p = await createPlan(src.id, [tarea({ insumos: [part.insumo_maq_id], base_fecha: ago(30) })]);
      const res = await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [dst.id] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(MSG.planCopied(1));
      const [row] = res.json().data as { plan_id: number }[];
      const copy = planDetail.parse((await req('GET', `/api/planes/${row.plan_id}`)).json());
      expect(copy).toMatchObject({ maquinaria_id: dst.id, nombre: p.nombre });
      expect(copy.tareas[0]).toMatchObject({
        nombre: p.tareas[0].nombre,
        base_fecha: today,
        base_medidor: 500,
        proximo_medidor: 750,
        insumos: [twin.insumo_maq_id],
        checklist: p.tareas[0].checklist,
      });
    });

    it('refuses another kind, the same machine or an unknown one, copying nothing', async () => {
      const src = await newMachine({ descripcion: 'RODILLO' });
      const other = await newMachine({ descripcion: 'VOLQUETE' });
      const odometer = await newMachine({ descripcion: 'RODILLO', horometro: false });
      const same = await newMachine({ descripcion: 'RODILLO' });
      const p = await createPlan(src.id, [tarea()]);
      const count = async () => (await t.database.db.select().from(planes)).length;
      const n = await count();
      const bad = await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [same.id, other.id] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MSG.planCopyOtherKind(other.placa));
      expect((await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [odometer.id] })).statusCode).toBe(400);
      expect((await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [src.id] })).json().message).toBe(MSG.planCopySelf);
      expect((await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [999999] })).statusCode).toBe(404);
      expect((await req('POST', `/api/planes/${p.plan_id}/copiar`, { maquinarias: [] })).statusCode).toBe(400);
      expect(await count()).toBe(n);
    });
  });

  describe('delete', () => {
    it('deletes a plan with its tasks and executions (code 69); 404 after', async () => {
      const m = await newMachine();
      const p = await createPlan(m.id, [tarea()]);
      await req('POST', `/api/planes/tareas/${p.tareas[0].tarea_id}/hecha`, { fecha: today, medidor: 1000 });
      const res = await req('DELETE', `/api/planes/${p.plan_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MSG.deleted });
      expect((await req('GET', `/api/planes/${p.plan_id}`)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/planes/${p.plan_id}`)).statusCode).toBe(404);
      expect(await due({ maquinaria_id: m.id })).toEqual([]);
    });
  });

  describe('report of tasks done and missed', () => {
    it('lists executions in the range (on time or late) and tasks due in it not done by its end', async () => {
      const m = await newMachine({ descripcion: 'TRACTOR ORUGA' });
      const p = await createPlan(m.id, [
        tarea({ nombre: 'A tiempo', cada_medidor: null, cada_dias: 10, base_fecha: ago(40) }),
        tarea({ nombre: 'Tarde', cada_medidor: null, cada_dias: 10, base_fecha: ago(40) }),
        tarea({ nombre: 'Pendiente', cada_medidor: null, cada_dias: 10, base_fecha: ago(40) }),
        tarea({ nombre: 'Hecha después', cada_medidor: null, cada_dias: 10, base_fecha: ago(40) }),
      ]);
      const [onTime, late, , after] = p.tareas;
      // All were due at day -30.
      await req('POST', `/api/planes/tareas/${onTime.tarea_id}/hecha`, { fecha: ago(31), medidor: 1000 });
      await req('POST', `/api/planes/tareas/${late.tarea_id}/hecha`, { fecha: ago(25), medidor: 1000 });
      await req('POST', `/api/planes/tareas/${after.tarea_id}/hecha`, { fecha: ago(5), medidor: 1000 });
      const res = await req('POST', '/api/planes/cumplimiento', { maquinarias: [m.id], fini: ago(35), ffin: ago(20) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as unknown[]).map((r) => cumplimientoRow.parse(r)) as CumplimientoRow[];
      const shown = rows.map((r) => [r.tarea_nombre, r.tipo, r.a_tiempo, r.vence_fecha]);
      expect(shown).toEqual(
        expect.arrayContaining([
          ['A tiempo', 'HECHA', true, ago(30)],
          ['Tarde', 'HECHA', false, ago(30)],
          ['Hecha después', 'OMITIDA', null, ago(30)],
        ]),
      );
      // 'Pendiente' was due at -30 and -20 would be its next only once done: it is missed once.
      expect(shown.filter((r) => r[0] === 'Pendiente')).toEqual([['Pendiente', 'OMITIDA', null, ago(30)]]);
      // Done at -31 and -25 (fixed), both came due again at -20 and were not done since: missed then.
      expect(shown.filter((r) => r[1] === 'OMITIDA' && r[3] === ago(20)).map((r) => r[0])).toEqual(['A tiempo', 'Tarde']);
      expect(rows).toHaveLength(6);
      const inverted = await req('POST', '/api/planes/cumplimiento', { fini: today, ffin: ago(1) });
      expect(inverted.statusCode).toBe(400);
    });
  });

  describe('role codes and bounds', () => {
    it('reads with the codes of screen 35; writes need 68, delete 69; the report needs 44 or 35', async () => {
      const m = await newMachine();
      const p = await createPlan(m.id, [tarea()]);
      const reader = await createUser(t, [MENU.mantenimientoPreventivo]);
      const writer = await createUser(t, [ROLE.planNuevo]);
      const reporter = await createUser(t, [MENU.reporteMantenimiento]);
      const nobody = await createUser(t, [MENU.fallas]);
      expect((await req('POST', '/api/planes/vencimientos', {}, reader.token)).statusCode).toBe(200);
      expect((await req('GET', `/api/planes/${p.plan_id}`, undefined, reader.token)).statusCode).toBe(200);
      expect((await req('POST', '/api/planes', { maquinaria_id: m.id, nombre: 'X', tareas: [tarea()] }, reader.token)).statusCode).toBe(
        403,
      );
      expect((await req('POST', '/api/planes', { maquinaria_id: m.id, nombre: 'X', tareas: [tarea()] }, writer.token)).statusCode).toBe(
        201,
      );
      expect((await req('DELETE', `/api/planes/${p.plan_id}`, undefined, writer.token)).statusCode).toBe(403);
      expect(
        (await req('POST', `/api/planes/tareas/${p.tareas[0].tarea_id}/hecha`, { fecha: today, medidor: 1 }, reader.token)).statusCode,
      ).toBe(403);
      expect((await req('POST', '/api/planes/cumplimiento', { fini: today, ffin: today }, reporter.token)).statusCode).toBe(200);
      expect((await req('POST', '/api/planes/vencimientos', {}, reporter.token)).statusCode).toBe(403);
      expect((await req('POST', '/api/planes/vencimientos', {}, nobody.token)).statusCode).toBe(403);
      expect((await req('GET', '/api/planes', undefined, nobody.token)).statusCode).toBe(403);
    });

    it('refuses a task without trigger, parts of another machine, too many tasks, a future base; nothing is stored', async () => {
      const m = await newMachine();
      const other = await newMachine();
      const foreign = await assign(other.id);
      const count = async () => (await t.database.db.select().from(planes)).length;
      const n = await count();
      const post = (tareas: unknown[], maquinaria_id = m.id) => req('POST', '/api/planes', { maquinaria_id, nombre: 'Malo', tareas });
      const none = await post([tarea({ cada_medidor: null, cada_dias: null })]);
      expect(none.statusCode).toBe(400);
      expect(JSON.stringify(none.json())).toContain(MSG.planTriggerRequired);
      const parts = await post([tarea({ insumos: [foreign.insumo_maq_id] })]);
      expect(parts.statusCode).toBe(400);
      expect(parts.json().message).toBe(MSG.planPartNotOfMachine);
      expect((await post(Array.from({ length: 51 }, () => tarea()))).statusCode).toBe(400);
      expect((await post([])).statusCode).toBe(400);
      expect((await post([tarea({ base_fecha: addDays(today, 1) })])).statusCode).toBe(400);
      expect((await post([tarea({ cada_dias: 0 })])).statusCode).toBe(400);
      expect((await post([tarea({ programacion: 'SEMANAL' as 'FIJA' })])).statusCode).toBe(400);
      expect((await post([tarea()], 999999)).statusCode).toBe(404);
      expect(await count()).toBe(n);
      const bad = await req('POST', '/api/planes/vencimientos', { estado: 'rota' });
      expect(bad.statusCode).toBe(400);
    });

    it(`answers at most ${PLANES_LIST_LIMIT} rows of the due list, the overdue first`, async () => {
      const m = await newMachine();
      const p = await createPlan(m.id, [tarea()]);
      await t.database.db.execute(sql`insert into planes_tareas (plan_id, nombre, cada_dias, base_fecha, proximo_fecha)
        select ${p.plan_id}, 'Masiva ' || g, 30, ${ago(60)}::date, ${ago(30)}::date + (g % 90) from generate_series(1, ${PLANES_LIST_LIMIT}::int) g`);
      const rows = await due({ maquinaria_id: m.id });
      expect(rows).toHaveLength(PLANES_LIST_LIMIT);
      expect(rows[0].estado).toBe('vencida');
      expect(rows.map((r) => r.tarea_nombre)).not.toContain('Cambio de aceite de motor'); // due in 90 days: cut off
      await t.database.db.delete(planes).where(eq(planes.plan_id, p.plan_id));
    });
  });
});
