// Machinery API: the list with wear and meters, create/edit/delete with the plate rules, the vehicle
// suggestions, part assignment, removal and change, counters from the daily reports (assignment day, change
// day, late reports), forecasts, the PDFs and the role codes of every call.
import { writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, MENU } from '@shared/auth/permissions';
import {
  cambiarInsumoAnswer,
  maquinariaInsumo,
  maquinariaRow,
  type MaquinariaInsumo,
  type MaquinariaRow,
} from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { addDays, forecastDate } from '@shared/domain/wear';
import { FIELD, LABELS, MSG } from '@shared/messages';
import {
  actividades,
  cambiosInsumo,
  costos,
  costosDet,
  extVehiculos,
  insumos,
  insumosMaquinaria,
  maquinarias,
  operadores,
  partesDiarios,
  partesDiariosDet,
  unimeds,
} from '../../src/server/db/schema/index';
import { insumoCounters } from '../../src/server/lib/wear';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';

const today = limaDate();
/** PDF_OUT=/some/dir keeps the PDFs the tests build, to look at them. */
const keep = (name: string, bytes: Buffer) => process.env.PDF_OUT && writeFileSync(`${process.env.PDF_OUT}/${name}.pdf`, bytes);
const ago = (n: number) => addDays(today, -n);

describe('machinery API (/api/maquinarias)', () => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  let ctx: { op: number; act: number; costoDet: number; unimed: number };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const db = t.database.db;
    const [u] = await db.select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const [op] = await db.insert(operadores).values({ dni: '70000001', nombres: 'OPERADOR MAQ' }).returning();
    const [act] = await db.insert(actividades).values({ activ_nombre: 'Nivelación' }).returning();
    const [c] = await db.insert(costos).values({ descripcion: 'Tarifas maquinaria' }).returning();
    const [d] = await db.insert(costosDet).values({ costo_id: c.id, descripcion: 'Hora', precio: 100, unidad: 'HORA' }).returning();
    ctx = { op: op.operador_id, act: act.id, costoDet: d.costo_det_id, unimed: u.id };
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });

  const newMachine = async (extra: Record<string, unknown> = {}) => {
    const res = await req('POST', '/api/maquinarias', {
      placa: `MQ-${process.pid % 1000}${++seq}`,
      descripcion: 'EXCAVADORA',
      marca: 'CAT',
      modelo: '320D',
      año_fabrica: 2019,
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as MaquinariaRow;
  };
  const newSupply = async (hours: Partial<{ hour_warning: number; hour_critical: number; horas_limite: number }> = {}) => {
    const [s] = await t.database.db
      .insert(insumos)
      .values({ insumo_codigo: `PZ-${process.pid % 1000}-${++seq}`, insumo_name: `Filtro ${seq}`, unimed_id: ctx.unimed, ...hours })
      .returning();
    return s;
  };
  /** A daily report of the machine with one line (default: hours). */
  const report = async (maquinaria_id: number, fecha: string, cantid: number, unidad = 'HORA') => {
    const [p] = await t.database.db
      .insert(partesDiarios)
      .values({ nro_parte_interno: `PD-${++seq}`, fecha, maquinaria_id, operador_id: ctx.op, actividad_id: ctx.act })
      .returning();
    await t.database.db
      .insert(partesDiariosDet)
      .values({ parte_id: p.parte_id, costo_det_id: ctx.costoDet, cantid, preuni: 0, pretot: 0, unidad });
  };
  /** Assigns a part through the API, dated `fecha` (the assignment day decides which reports count). */
  const assign = async (maquinaria_id: number, hours = { hour_warning: 50, hour_critical: 80, hour_limite: 100 }, fecha = ago(60)) => {
    const s = await newSupply();
    const res = await req('POST', '/api/maquinarias/asignar', { id: maquinaria_id, insumos: [{ insumo: s.id, ...hours }] });
    expect(res.statusCode).toBe(200);
    const part = (res.json().data as MaquinariaInsumo[]).find((p) => p.insumo_id === s.id)!;
    await t.database.db
      .update(insumosMaquinaria)
      .set({ create_insumo_maq: `${fecha}T12:00:00-05:00` })
      .where(eq(insumosMaquinaria.insumo_maq_id, part.insumo_maq_id));
    return { ...part, supply: s };
  };
  const parts = async (id: number) => {
    const res = await req('GET', `/api/maquinarias/insumosbymaquinaria/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as MaquinariaInsumo[];
  };
  const partOf = async (id: number, insumoMaqId: number) => (await parts(id)).find((p) => p.insumo_maq_id === insumoMaqId)!;

  describe('create and edit', () => {
    it('creates a machine (201): plate upper case, HOROMETRO and OPERATIVO by default, registration meter', async () => {
      const res = await req('POST', '/api/maquinarias', {
        placa: ' egx-101 ',
        descripcion: 'CARGADOR FRONTAL',
        marca: 'CATERPILLAR',
        modelo: '',
        año_fabrica: '2015',
        horometro_inicial: '1200.5',
        editorMode: 'crear',
      });
      expect(res.statusCode).toBe(201);
      const m = maquinariaRow.parse(res.json());
      expect(m).toMatchObject({
        placa: 'EGX-101',
        modelo: null,
        año_fabrica: 2015,
        horometro: true,
        estado: 0,
        horometro_inicial: 1200.5,
        horometro_actual: 1200.5,
        uso_diario: 0,
        insumos: [],
      });
    });

    it('refuses a registered plate in any case (409) with the spec message and changes nothing', async () => {
      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(maquinarias);
      const res = await req('POST', '/api/maquinarias', { placa: 'EgX-101', descripcion: 'X', marca: 'Y', año_fabrica: 2020 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.plateRegistered, errors: { placa: MSG.plateRegistered } });
      const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(maquinarias);
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses bad input with 400 and Spanish field messages', async () => {
      const res = await req('POST', '/api/maquinarias', { placa: 'AB#1', descripcion: '', año_fabrica: '20a5', estado: 7, horometro: 'x' });
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors;
      expect(errors.placa).toBe(MSG.plateInvalid);
      expect(errors.descripcion).toBe('Campo obligatorio');
      expect(errors.marca).toBe('Campo obligatorio');
      expect(errors['año_fabrica']).toBe('Solo se permiten dígitos');
      expect(
        (await req('POST', '/api/maquinarias', { placa: 'AB-1', descripcion: 'a', marca: 'b', año_fabrica: '' })).json().errors[
          'año_fabrica'
        ],
      ).toBe('Campo obligatorio');
      expect(errors.estado).toMatch(/Estado inválido/);
      expect(errors.horometro).toMatch(/HOROMETRO o KILOMETRAJE/);
      expect((await req('POST', '/api/maquinarias', { placa: 'AB-1', descripcion: 'a', marca: 'b', año_fabrica: 1900 })).statusCode).toBe(
        400,
      );
      expect(
        (await req('POST', '/api/maquinarias', { placa: 'AB-1', descripcion: 'a', marca: 'b', año_fabrica: 2000, veh_id: 999999 })).json(),
      ).toEqual({
        message: MSG.vehicleNotFound,
        errors: { veh_id: MSG.vehicleNotFound },
      });
    });

    it('edits (200): odometer, state, plate of another machine refused (409), unknown machine 404', async () => {
      const m = await newMachine();
      const other = await newMachine();
      const body = {
        placa: m.placa,
        descripcion: 'EXCAVADORA EDITADA',
        marca: 'CAT',
        año_fabrica: 2018,
        horometro: 'false',
        estado: 3,
        motivo: 'Mantenimiento programado',
      };
      const res = await req('PUT', `/api/maquinarias/${m.id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: m.id, descripcion: 'EXCAVADORA EDITADA', horometro: false, estado: 3 });
      const dup = await req('PUT', `/api/maquinarias/${m.id}`, { ...body, placa: other.placa.toLowerCase() });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(MSG.plateRegistered);
      expect((await req('PUT', '/api/maquinarias/999999', body)).statusCode).toBe(404);
    });

    it('needs code 4 to create, 5 to edit and delete', async () => {
      const m = await newMachine();
      const nobody = await createUser(t, [MENU.maquinarias]);
      const body = { placa: 'NEW-900', descripcion: 'a', marca: 'b', año_fabrica: 2000 };
      expect((await req('POST', '/api/maquinarias', body, nobody.token)).statusCode).toBe(403);
      expect((await req('PUT', `/api/maquinarias/${m.id}`, body, nobody.token)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/maquinarias/${m.id}`, undefined, nobody.token)).statusCode).toBe(403);
      const creator = await createUser(t, [ROLE.maquinariaNuevo]);
      expect((await req('POST', '/api/maquinarias', body, creator.token)).statusCode).toBe(201);
      const editor = await createUser(t, [ROLE.maquinariaEditar]);
      expect((await req('PUT', `/api/maquinarias/${m.id}`, { ...body, placa: m.placa }, editor.token)).statusCode).toBe(200);
    });

    it('deletes a machine without records; one with daily reports is refused (403)', async () => {
      const free = await newMachine();
      await assign(free.id);
      expect((await req('DELETE', `/api/maquinarias/${free.id}`)).json()).toEqual({ message: MSG.deleted });
      expect((await req('DELETE', `/api/maquinarias/${free.id}`)).statusCode).toBe(404);
      const used = await newMachine();
      await report(used.id, ago(1), 3);
      const res = await req('DELETE', `/api/maquinarias/${used.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.machineInUse);
    });
  });

  describe('vehicle suggestions', () => {
    it('answers { items } with veh_id, veh_placa and the registered machine, only with code 4', async () => {
      await t.database.db.insert(extVehiculos).values([
        { veh_placa: 'VZK-501', marca: 'VOLVO', modelo: 'FMX', anio: 2020, descripcion: 'VOLQUETE' },
        { veh_placa: 'VZK-502', marca: 'VOLVO', modelo: 'FMX', anio: 2021, descripcion: 'VOLQUETE' },
      ]);
      const m = await newMachine({ placa: 'vzk-502' });
      const res = await req('GET', '/api/maquinarias/searchvehiculo/vzk');
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items).toEqual([
        {
          veh_id: expect.any(Number),
          veh_placa: 'VZK-501',
          marca: 'VOLVO',
          modelo: 'FMX',
          anio: 2020,
          descripcion: 'VOLQUETE',
          maquinaria_id: null,
        },
        {
          veh_id: expect.any(Number),
          veh_placa: 'VZK-502',
          marca: 'VOLVO',
          modelo: 'FMX',
          anio: 2021,
          descripcion: 'VOLQUETE',
          maquinaria_id: m.id,
        },
      ]);
      expect((await req('GET', '/api/maquinarias/searchvehiculo/nothing-like-it')).json()).toEqual({ items: [] });
      const viewer = await createUser(t, [MENU.maquinarias]);
      expect((await req('GET', '/api/maquinarias/searchvehiculo/vzk', undefined, viewer.token)).statusCode).toBe(403);
      // A machine registered from the suggestion keeps its veh_id.
      const created = await req('POST', '/api/maquinarias', {
        placa: items[0].veh_placa,
        veh_id: items[0].veh_id,
        descripcion: 'VOLQUETE',
        marca: 'VOLVO',
        año_fabrica: 2020,
      });
      expect(created.json().veh_id).toBe(items[0].veh_id);
    });
  });

  describe('parts: assignment and removal', () => {
    it('assigns new parts (code 6), leaves an assigned part as it is, answers the parts with their wear', async () => {
      const m = await newMachine();
      const a = await newSupply();
      const b = await newSupply();
      const first = await req('POST', '/api/maquinarias/asignar', {
        ...m,
        insumos: [
          {
            insumo: a.id,
            insumo_name: a.insumo_name,
            insumo_codigo: a.insumo_codigo,
            hour_warning: 10,
            hour_critical: 20,
            hour_limite: 30,
          },
        ],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe(MSG.saved);
      const again = await req('POST', '/api/maquinarias/asignar', {
        id: m.id,
        insumos: [
          { insumo: a.id, hour_warning: 1, hour_critical: 2, hour_limite: 3 },
          { insumo: b.id, horas_alerta: { hour_warning: '5', hour_critical: '6' }, horas_limite: '7' },
          { insumo: b.id, hour_warning: 1, hour_critical: 1, hour_limite: 1 },
        ],
      });
      expect(again.statusCode).toBe(200);
      const data = again.json().data.map((p: unknown) => maquinariaInsumo.parse(p));
      expect(
        data.map((p: MaquinariaInsumo) => [p.insumo_id, p.horas_alerta, p.horas_limite, p.contador, p.nivel, p.fecha_asignacion]),
      ).toEqual([
        [a.id, { hour_warning: 10, hour_critical: 20 }, 30, 0, 'info', today],
        [b.id, { hour_warning: 5, hour_critical: 6 }, 7, 0, 'info', today],
      ]);
    });

    it('refuses hours out of order, an unknown supply, an empty list (400), an unknown machine (404) and no code 6 (403)', async () => {
      const m = await newMachine();
      const s = await newSupply();
      const bad = await req('POST', '/api/maquinarias/asignar', {
        id: m.id,
        insumos: [{ insumo: s.id, hour_warning: 30, hour_critical: 20, hour_limite: 40 }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors['insumos.0.hour_critical']).toMatch(/advertencia ≤ alerta ≤ límite/);
      const over = await req('POST', '/api/maquinarias/asignar', {
        id: m.id,
        insumos: [{ insumo: s.id, hour_warning: 1, hour_critical: 50, hour_limite: 40 }],
      });
      expect(over.statusCode).toBe(400);
      const unknown = await req('POST', '/api/maquinarias/asignar', {
        id: m.id,
        insumos: [{ insumo: 999999, hour_warning: 1, hour_critical: 2, hour_limite: 3 }],
      });
      expect(unknown.json()).toEqual({ message: MSG.supplyNotFound, errors: { 'insumos.0.insumo': MSG.supplyNotFound } });
      expect((await req('POST', '/api/maquinarias/asignar', { id: m.id, insumos: [] })).statusCode).toBe(400);
      expect(
        (
          await req('POST', '/api/maquinarias/asignar', {
            id: 999999,
            insumos: [{ insumo: s.id, hour_warning: 1, hour_critical: 2, hour_limite: 3 }],
          })
        ).statusCode,
      ).toBe(404);
      const viewer = await createUser(t, [ROLE.maquinariaDesgaste]);
      expect(
        (
          await req(
            'POST',
            '/api/maquinarias/asignar',
            { id: m.id, insumos: [{ insumo: s.id, hour_warning: 1, hour_critical: 2, hour_limite: 3 }] },
            viewer.token,
          )
        ).statusCode,
      ).toBe(403);
      expect(await parts(m.id)).toEqual([]);
    });

    it("edits an assigned part's thresholds (code 6): its counter stays; out of order 400, unknown 404, no code 403", async () => {
      const m = await newMachine();
      const p = await assign(m.id);
      await report(m.id, ago(3), 5);
      const url = `/api/maquinarias/insumos/${p.insumo_maq_id}`;
      const viewer = await createUser(t, [ROLE.maquinariaCambiarInsumos]);
      expect((await req('PUT', url, { hour_warning: 1, hour_critical: 2, hour_limite: 3 }, viewer.token)).statusCode).toBe(403);
      const bad = await req('PUT', url, { hour_warning: 9, hour_critical: 2, hour_limite: 30 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.hour_critical).toBe(FIELD.hoursOrder);
      expect((await req('PUT', '/api/maquinarias/insumos/999999', { hour_warning: 1, hour_critical: 2, hour_limite: 3 })).statusCode).toBe(
        404,
      );
      const ok = await req('PUT', url, { hour_warning: 40, hour_critical: 60, hour_limite: 80 });
      expect(ok.statusCode).toBe(200);
      const edited = ok.json().data.find((x: { insumo_maq_id: number }) => x.insumo_maq_id === p.insumo_maq_id);
      expect(edited).toMatchObject({ horas_alerta: { hour_warning: 40, hour_critical: 60 }, horas_limite: 80, contador: 5 });
      expect(
        (await parts(m.id)).map((x) => [x.horas_alerta.hour_warning, x.horas_alerta.hour_critical, x.horas_limite, x.contador]),
      ).toEqual([[40, 60, 80, 5]]);
    });

    it('removes an assignment (deletemaqinsumo, code 6): 404 when unknown, its change history stays', async () => {
      const m = await newMachine();
      const p = await assign(m.id);
      await report(m.id, ago(10), 5);
      const change = await req('POST', '/api/maquinarias/cambiarinsumo', {
        maquinaria_id: m.id,
        checkeds: [p.insumo_maq_id],
        fecha: ago(5),
        observacion: 'Cambio preventivo',
        horometro_vehiculo: 10,
      });
      expect(change.statusCode).toBe(200);
      const viewer = await createUser(t, [ROLE.maquinariaCambiarInsumos]);
      expect((await req('POST', '/api/maquinarias/deletemaqinsumo', { id: p.insumo_maq_id }, viewer.token)).statusCode).toBe(403);
      expect((await req('POST', '/api/maquinarias/deletemaqinsumo', { id: p.insumo_maq_id })).json()).toEqual({ message: MSG.deleted });
      expect((await req('POST', '/api/maquinarias/deletemaqinsumo', { id: p.insumo_maq_id })).statusCode).toBe(404);
      expect((await req('POST', '/api/maquinarias/deletemaqinsumo', {})).statusCode).toBe(400);
      expect(await parts(m.id)).toEqual([]);
      const history = await t.database.db.select().from(cambiosInsumo).where(eq(cambiosInsumo.maquinaria_id, m.id));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ insumo_maq_id: null, insumo_id: p.insumo_id, horas_acumuladas: 5 });
    });
  });

  describe('counters, bands and forecasts', () => {
    it('counts meter lines from the assignment day; other units and other machines do not count', async () => {
      const m = await newMachine({ horometro_inicial: 100 });
      const other = await newMachine();
      const p = await assign(m.id, { hour_warning: 50, hour_critical: 80, hour_limite: 100 }, ago(40));
      await report(m.id, ago(41), 1000); // before the assignment: meter only
      await report(m.id, ago(40), 10); // the assignment day counts
      await report(m.id, ago(20), 39.99);
      await report(m.id, ago(20), 7, 'DIA');
      await report(m.id, ago(19), 3, 'KM');
      await report(other.id, ago(10), 500);
      const part = await partOf(m.id, p.insumo_maq_id);
      expect(part.contador).toBe(49.99);
      expect(part.nivel).toBe('info');
      await report(m.id, ago(2), 0.01);
      expect((await partOf(m.id, p.insumo_maq_id)).nivel).toBe('warning'); // exactly 50
      const list = (await req('GET', '/api/maquinarias')).json() as MaquinariaRow[];
      const row = list.find((r) => r.id === m.id)!;
      expect(row.horometro_actual).toBe(100 + 1000 + 10 + 39.99 + 0.01);
      // Last 30 days: 39.99 + 0.01 = 40 → 1.3333 a day; 50 h left → 38 days (37.5…)
      expect(row.uso_diario).toBe(1.3333);
      expect(row.insumos[0]).toMatchObject({ contador: 50, porcentaje: 50, fecha_limite: forecastDate(50, 100, 1.3333, today) });
      expect(row.insumos[0].fecha_limite).toBe(addDays(today, 38));
    });

    it('an odometer counts KM lines; critical and limit boundaries; a part over its limit is due today', async () => {
      const m = await newMachine({ horometro: false });
      const p = await assign(m.id, { hour_warning: 10, hour_critical: 20, hour_limite: 30 }, ago(5));
      await report(m.id, ago(3), 19.99, 'KM');
      await report(m.id, ago(3), 100, 'HORA');
      expect(await partOf(m.id, p.insumo_maq_id)).toMatchObject({ contador: 19.99, nivel: 'warning', horometro: false });
      await report(m.id, ago(2), 0.01, 'KM');
      expect(await partOf(m.id, p.insumo_maq_id)).toMatchObject({ contador: 20, nivel: 'danger' });
      await report(m.id, ago(1), 15, 'KM');
      expect(await partOf(m.id, p.insumo_maq_id)).toMatchObject({ contador: 35, nivel: 'danger', porcentaje: 116.67, fecha_limite: today });
    });

    it('no forecast when the machine has not worked in the last 30 days', async () => {
      const m = await newMachine();
      const p = await assign(m.id, undefined, ago(100));
      await report(m.id, ago(31), 20);
      expect(await partOf(m.id, p.insumo_maq_id)).toMatchObject({ contador: 20, uso_diario: 0, fecha_limite: null });
    });

    it('lists plate descending with every row in the contract shape', async () => {
      const list = (await req('GET', '/api/maquinarias')).json() as MaquinariaRow[];
      expect(list.length).toBeGreaterThan(3);
      for (const row of list) maquinariaRow.parse(row);
      const plates = list.map((r) => r.placa);
      expect(plates).toEqual([...plates].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      expect((await req('GET', '/api/maquinarias/insumosbymaquinaria/999999')).statusCode).toBe(404);
      expect((await req('GET', '/api/maquinarias/insumosbymaquinaria/abc')).statusCode).toBe(400);
    });
  });

  describe('change parts (cambiarinsumo, code 37)', () => {
    it('records a history row per part, restarts the counters and answers { data, retrieve_hours }', async () => {
      const m = await newMachine({ horometro_inicial: 1000 });
      const a = await assign(m.id, undefined, ago(30));
      const b = await assign(m.id, undefined, ago(12));
      await report(m.id, ago(20), 30);
      await report(m.id, ago(10), 12);
      await report(m.id, ago(8), 6); // the change day: the old parts
      await report(m.id, ago(4), 4); // after the change: the new parts
      const res = await req('POST', '/api/maquinarias/cambiarinsumo', {
        maquinaria_id: m.id,
        insumo_maq_id: a.insumo_maq_id,
        checkeds: [a.insumo_maq_id, b.insumo_maq_id],
        fecha: ago(8),
        observacion: 'Cambio de filtros',
        horometro_pdiario: 1,
        horometro_vehiculo: '1049.5',
      });
      expect(res.statusCode).toBe(200);
      const body = cambiarInsumoAnswer.parse(res.json());
      expect(body.retrieve_hours).toBe(48);
      expect(
        body.data.map((c) => [c.insumo_maq_id, c.horas_acumuladas, c.horometro_pdiario, c.horometro_vehiculo, c.fecha, c.usuario]),
      ).toEqual([
        [a.insumo_maq_id, 48, 1048, 1049.5, ago(8), 'Administrador del Sistema'],
        [b.insumo_maq_id, 18, 1048, 1049.5, ago(8), 'Administrador del Sistema'],
      ]);
      expect(await partOf(m.id, a.insumo_maq_id)).toMatchObject({ contador: 4, last_date_mantenimiento: ago(8) });
      // A late report from an offline device, dated before the change, stays with the old part.
      await report(m.id, ago(9), 100);
      await report(m.id, ago(3), 1);
      expect((await partOf(m.id, a.insumo_maq_id)).contador).toBe(5);
    });

    it('answers retrieve_hours 0 when nothing accumulated since the last change', async () => {
      const m = await newMachine();
      const p = await assign(m.id, undefined, ago(3));
      const res = await req('POST', '/api/maquinarias/cambiarinsumo', {
        maquinaria: { id: m.id },
        checkeds: [p.insumo_maq_id],
        fecha: today,
        observacion: 'Sin uso',
        horometro_vehiculo: 0,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().retrieve_hours).toBe(0);
    });

    it('refuses a future date, a date before the last change or the assignment, no observation, a part of another machine (400), unknown (404), no code 37 (403)', async () => {
      const m = await newMachine();
      const other = await newMachine();
      const p = await assign(m.id, undefined, ago(20));
      const q = await assign(other.id, undefined, ago(20));
      const body = { maquinaria_id: m.id, checkeds: [p.insumo_maq_id], fecha: ago(5), observacion: 'Cambio', horometro_vehiculo: 10 };
      const future = await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, fecha: addDays(today, 1) });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors.fecha).toBe('La fecha del cambio no puede ser posterior a hoy');
      const beforeAssign = await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, fecha: ago(21) });
      expect(beforeAssign.json().message).toBe(MSG.changeBeforeAssignment(ago(20)));
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, observacion: ' ' })).json().errors.observacion).toBe(
        'Campo obligatorio',
      );
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, checkeds: [] })).statusCode).toBe(400);
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, horometro_vehiculo: -1 })).statusCode).toBe(400);
      const foreign = await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, checkeds: [p.insumo_maq_id, q.insumo_maq_id] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(MSG.partNotOfMachine);
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, checkeds: [999999] })).statusCode).toBe(404);
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, maquinaria_id: 999999 })).statusCode).toBe(404);
      const viewer = await createUser(t, [ROLE.maquinariaDesgasteMantenimiento]);
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', body, viewer.token)).statusCode).toBe(403);
      expect(await t.database.db.select().from(cambiosInsumo).where(eq(cambiosInsumo.maquinaria_id, m.id))).toEqual([]);
      expect((await req('POST', '/api/maquinarias/cambiarinsumo', body)).statusCode).toBe(200);
      const earlier = await req('POST', '/api/maquinarias/cambiarinsumo', { ...body, fecha: ago(6) });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json().message).toBe(MSG.changeBeforeLast(ago(5)));
    });
  });

  describe('PDFs', () => {
    it('viewpdfgraficos: one id, a list or 0 = all; 404 unknown, 400 bad id; code 8 or the control report (43)', async () => {
      const m = await newMachine();
      await assign(m.id);
      for (const q of [`${m.id}`, `${m.id},${m.id}`, '0', '']) {
        const res = await req('GET', `/api/maquinarias/viewpdfgraficos?id=${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        keep(`graficos-${q.replace(/,/g, '_') || 'none'}`, res.rawPayload);
      }
      expect((await req('GET', '/api/maquinarias/viewpdfgraficos?id=999999')).statusCode).toBe(404);
      expect((await req('GET', '/api/maquinarias/viewpdfgraficos?id=abc')).statusCode).toBe(400);
      const none = await createUser(t, [MENU.maquinarias, ROLE.maquinariaDesgaste]);
      expect((await req('GET', `/api/maquinarias/viewpdfgraficos?id=${m.id}`, undefined, none.token)).statusCode).toBe(403);
      const report43 = await createUser(t, [MENU.reporteMaquinaria]);
      expect((await req('GET', `/api/maquinarias/viewpdfgraficos?id=${m.id}`, undefined, report43.token)).statusCode).toBe(200);
    });

    it('viewpdfmantenimiento: the changes in a range; both dates required, start ≤ end (400); code 44', async () => {
      const m = await newMachine();
      const p = await assign(m.id);
      await req('POST', '/api/maquinarias/cambiarinsumo', {
        maquinaria_id: m.id,
        checkeds: [p.insumo_maq_id],
        fecha: ago(2),
        observacion: 'X',
        horometro_vehiculo: 1,
      });
      const ok = await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=${m.id}&fini=${ago(30)}&ffin=${today}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('application/pdf');
      keep('mantenimiento', ok.rawPayload);
      expect((await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=0&fini=${ago(30)}&ffin=${today}`)).statusCode).toBe(200);
      const swapped = await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=0&fini=${today}&ffin=${ago(1)}`);
      expect(swapped.statusCode).toBe(400);
      expect(swapped.json().errors.ffin).toBe('La fecha inicial debe ser anterior o igual a la final');
      expect((await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=0&ffin=${today}`)).statusCode).toBe(400);
      expect((await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=999999&fini=${ago(1)}&ffin=${today}`)).statusCode).toBe(404);
      const none = await createUser(t, [MENU.maquinarias]);
      expect(
        (await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=0&fini=${ago(1)}&ffin=${today}`, undefined, none.token)).statusCode,
      ).toBe(403);
      const rep = await createUser(t, [MENU.reporteMantenimiento]);
      expect(
        (await req('GET', `/api/maquinarias/viewpdfmantenimiento?id=0&fini=${ago(1)}&ffin=${today}`, undefined, rep.token)).statusCode,
      ).toBe(200);
    });
  });

  describe('notification bell', () => {
    it('announces a part reaching its limit within 7 days with its forecast', async () => {
      const m = await newMachine();
      const p = await assign(m.id, { hour_warning: 900, hour_critical: 950, hour_limite: 1000 }, ago(30));
      await report(m.id, ago(29), 150 * 6); // 900 h in the window → 30 h a day; 100 h left → 4 days
      await t.database.db.update(insumosMaquinaria).set({ hour_warning: 950 }).where(eq(insumosMaquinaria.insumo_maq_id, p.insumo_maq_id));
      const items = (await req('GET', '/api/notificaciones')).json().items as {
        maquinaria_id?: number;
        fecha_limite?: string;
        descripcion: string;
        band?: string;
      }[];
      const mine = items.find((i) => i.maquinaria_id === m.id);
      expect(mine).toMatchObject({ fecha_limite: addDays(today, 4) });
      expect(mine?.band).toBeUndefined();
      expect(mine?.descripcion).toContain(`llega a su límite el ${addDays(today, 4)}`);
    });

    it('gives no forecast while the machine is not OPERATIVO (it is not working)', async () => {
      const m = await newMachine();
      const p = await assign(m.id, { hour_warning: 900, hour_critical: 950, hour_limite: 1000 }, ago(30));
      await report(m.id, ago(29), 150 * 6);
      const forecast = async () =>
        (await insumoCounters(t.database.db, { maquinariaIds: [m.id] })).find((c) => c.insumo_maq_id === p.insumo_maq_id)?.fecha_limite;
      expect(await forecast()).toBe(addDays(today, 4));
      await t.database.db.update(maquinarias).set({ estado: 1 }).where(eq(maquinarias.id, m.id));
      expect(await forecast()).toBeNull();
    });

    it('says a part already past its limit has passed it, without a date', async () => {
      const m = await newMachine();
      await assign(m.id, { hour_warning: 100, hour_critical: 150, hour_limite: 200 }, ago(30));
      await report(m.id, ago(29), 250);
      const items = (await req('GET', '/api/notificaciones')).json().items as { maquinaria_id?: number; descripcion: string }[];
      const mine = items.find((i) => i.maquinaria_id === m.id);
      expect(mine?.descripcion).toContain(LABELS.notifPartReached);
      expect(mine?.descripcion).not.toContain('llega a su límite');
    });
  });
});
