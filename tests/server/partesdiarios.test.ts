import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { lineTotal } from '@shared/domain/valoriza';
import { MSG } from '@shared/messages';
import { insumos, insumosMaquinaria, partesDiarios, unimeds } from '../../src/server/db/schema/index';
import { insumoCounters } from '../../src/server/lib/wear';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';
import { reportBody, seedValoriza, type ValorizaFixture } from './valoriza-fixture';

/** The year of the reports these tests save (a list asks a range of at most a year). */
const YEAR_2025 = { fini: '2025-01-01', ffin: '2025-12-31' };

describe('daily reports API (/api/partesdiarios)', () => {
  let t: TestApp;
  let admin: string;
  let f: ValorizaFixture;
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, key?: string) =>
    call(t.app, token, { method, url, payload: payload as object, key });
  /** A DELETE as some API clients send it: JSON content type and an empty body. */
  const delJson = (url: string) =>
    call(t.app, admin, { method: 'DELETE', url, headers: { 'content-type': 'application/json' }, payload: '' });
  const list = async (filter: Record<string, unknown> = {}) =>
    (await req('POST', '/api/partesdiarios/list', { ...YEAR_2025, ...filter })).json();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    f = await seedValoriza(t);
  });
  afterAll(() => t.close());

  let first: { parte_id: number; nro_parte_interno: string };
  it('creates a report (201) resolving the operator by DNI; pretot and monto are the server’s cantid × preuni', async () => {
    const body = reportBody(f);
    const res = await req('POST', '/api/partesdiarios', body);
    expect(res.statusCode).toBe(201);
    first = res.json();
    expect(res.json()).toEqual({
      parte_id: expect.any(Number),
      nro_parte_interno: body.nro_parte_interno,
      fecha: '2025-03-10',
      maquinaria_id: f.retro,
      maquinaria: 'RETROEXCAVADORA',
      placa: 'VAL-101',
      operador_id: f.op1.id,
      dni_operador: f.op1.dni,
      nombre_operador: f.op1.nombres,
      operador: { operador_id: f.op1.id, dni: f.op1.dni, nombres: f.op1.nombres },
      actividad_id: f.act,
      actividad: 'Alquiler de maquinaria a terceros',
      costo_det_id: f.hora,
      servicio: 'Hora máquina retroexcavadora',
      unidad: 'HORA',
      cantid: 2.5,
      preuni: 85.5,
      pretot: 213.75,
      monto: 213.75,
      valoriza_id: null,
      horometro: true,
      horometro_inicial: null,
      horometro_final: null,
      created_at: expect.stringMatching(/Z$/),
      partesdiarios_det: {
        pd_detalle_id: expect.any(Number),
        parte_id: first.parte_id,
        costo_det_id: f.hora,
        servicio: 'Hora máquina retroexcavadora',
        unidad: 'HORA',
        cantid: 2.5,
        old_cantidad: 2.5,
        preuni: 85.5,
        pretot: lineTotal(2.5, 85.5),
        costos_det: { costo_det_id: f.hora, precio: 85.5 },
      },
    });
    expect((await req('GET', `/api/partesdiarios/${first.parte_id}`)).json()).toEqual(res.json());
  });

  it('accepts the spec’s shapes: maquinaria { id }, operador { operador_id }, costos_det { costo_det_id }; no preuni = the line price', async () => {
    const res = await req('POST', '/api/partesdiarios', {
      nro_parte_interno: '000777',
      fecha: '2025-03-11',
      maquinaria: { id: f.volquete },
      operador: { operador_id: f.op2.id, dni: f.op2.dni, nombres: 'x' },
      actividad_id: String(f.act),
      partesdiarios_det: { costos_det: { costo_det_id: f.km, precio: 6.2 }, cantid: '118.35' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ maquinaria_id: f.volquete, operador_id: f.op2.id, unidad: 'KM', preuni: 6.2, pretot: 733.77 });
  });

  it('refuses bad input with Spanish messages (400) and changes nothing', async () => {
    const count = (await list()).length;
    const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{ dni: '99999999' }, {}, 'dni', MSG.operatorNotFound],
      [{ dni: '123' }, {}, 'dni', 'El DNI debe tener 8 dígitos'],
      [{ dni: undefined }, {}, 'dni', 'Campo obligatorio'],
      [{ operador_id: 999999, dni: undefined }, {}, 'operador_id', MSG.operatorNotFound],
      [{ maquinaria_id: 999999 }, {}, 'maquinaria_id', MSG.machineNotFound],
      [{ actividad_id: 999999 }, {}, 'actividad_id', MSG.activityNotFound],
      [{ actividad_id: f.inactiveAct }, {}, 'actividad_id', MSG.activityInactive],
      [{}, { costo_det_id: 999999 }, 'partesdiarios_det.costo_det_id', MSG.costLineNotFound],
      [{}, { costo_det_id: f.inactiveLine }, 'partesdiarios_det.costo_det_id', MSG.costLineInactive],
      [{}, { cantid: 'dos' }, 'partesdiarios_det.cantid', MSG.onlyNumbers],
      [{}, { cantid: -1 }, 'partesdiarios_det.cantid', 'No puede ser negativo'],
      [{}, { cantid: 1.005 }, 'partesdiarios_det.cantid', 'Máximo 2 decimales'],
      [{}, { preuni: -5 }, 'partesdiarios_det.preuni', 'No puede ser negativo'],
      [{ nro_parte_interno: '' }, {}, 'nro_parte_interno', 'Campo obligatorio'],
      [{ fecha: '2025-02-30' }, {}, 'fecha', 'Fecha inválida (AAAA-MM-DD)'],
      [{ partesdiarios_det: undefined }, {}, 'partesdiarios_det', 'Campo obligatorio'],
    ];
    for (const [extra, det, field, message] of cases) {
      const body = reportBody(f, {}, det) as Record<string, unknown>;
      for (const [k, v] of Object.entries(extra)) if (v === undefined) delete body[k];
      Object.assign(body, Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)));
      const res = await req('POST', '/api/partesdiarios', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors?.[field], field).toBe(message);
      expect([MSG.invalidInput, message]).toContain(res.json().message);
    }
    expect(await list()).toHaveLength(count);
  });

  it('a business refusal names the reason in the message itself (what Sincronización shows)', async () => {
    const res = await req('POST', '/api/partesdiarios', reportBody(f, { dni: '99999999' }));
    expect(res.json().message).toBe(MSG.operatorNotFound);
  });

  it('an idempotent replay of a create answers the stored report once (the outbox resending after a lost answer)', async () => {
    const key = randomUUID();
    const body = reportBody(f, { nro_parte_interno: 'OFF-0001' });
    const a = await req('POST', '/api/partesdiarios', body, admin, key);
    const b = await req('POST', '/api/partesdiarios', body, admin, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const rows = await t.database.db.select().from(partesDiarios).where(eq(partesDiarios.nro_parte_interno, 'OFF-0001'));
    expect(rows).toHaveLength(1);
    const other = await req('POST', '/api/partesdiarios', { ...body, nro_parte_interno: 'OFF-0002' }, admin, key);
    expect(other.statusCode).toBe(409);
  });

  it('lists with filters: machine (0 = all), dates, only unbilled', async () => {
    const all = await list({ maquinaria_id: 0 });
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all[0].fecha >= all[all.length - 1].fecha).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual(
      [
        'parte_id',
        'nro_parte_interno',
        'fecha',
        'maquinaria_id',
        'maquinaria',
        'placa',
        'operador_id',
        'dni_operador',
        'nombre_operador',
        'actividad_id',
        'actividad',
        'costo_det_id',
        'servicio',
        'unidad',
        'cantid',
        'preuni',
        'pretot',
        'monto',
        'valoriza_id',
        'horometro',
        'horometro_inicial',
        'horometro_final',
        'created_at',
      ].sort(),
    );
    const volq = await list({ maquinaria_id: f.volquete });
    expect(volq.map((r: { placa: string }) => r.placa)).toEqual(['VAL-202']);
    expect(await list({ fini: '2025-03-11', ffin: '2025-03-11' })).toHaveLength(1);
    expect(await list({ fini: '2025-04-01' })).toHaveLength(0);
    expect((await list({ sin_valorizar: true })).every((r: { valoriza_id: null }) => r.valoriza_id === null)).toBe(true);
    const bad = await req('POST', '/api/partesdiarios/list', { fini: '2025-03-12', ffin: '2025-03-01' });
    expect(bad.statusCode).toBe(400);
  });

  it('edits a report (PUT): totals recomputed, a new line takes its unit; the machine cannot change', async () => {
    const res = await req(
      'PUT',
      `/api/partesdiarios/${first.parte_id}`,
      reportBody(f, { nro_parte_interno: 'PD-EDIT', dni: f.op2.dni }, { cantid: 3, preuni: 90.25 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nro_parte_interno: 'PD-EDIT',
      operador_id: f.op2.id,
      cantid: 3,
      preuni: 90.25,
      pretot: 270.75,
      monto: 270.75,
    });
    const toDay = await req(
      'PUT',
      `/api/partesdiarios/${first.parte_id}`,
      reportBody(f, {}, { costo_det_id: f.dia, cantid: 1, preuni: undefined }),
    );
    expect(toDay.json()).toMatchObject({ unidad: 'DIA', preuni: 650, pretot: 650 });
    const moved = await req('PUT', `/api/partesdiarios/${first.parte_id}`, reportBody(f, { maquinaria_id: f.volquete }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(MSG.reportMachineLocked);
    expect((await req('PUT', '/api/partesdiarios/999999', reportBody(f))).statusCode).toBe(404);
  });

  it('a report keeps its activity and cost line after they are deactivated, but cannot switch to inactive ones', async () => {
    const rep = (await req('POST', '/api/partesdiarios', reportBody(f, { actividad_id: f.act }))).json();
    const dis = await req('POST', '/api/actividades', { activ_nombre: 'Temporal' });
    const created = (await req('POST', '/api/partesdiarios', reportBody(f, { actividad_id: dis.json().id }))).json();
    await req('PUT', `/api/actividades/${dis.json().id}`, { activ_nombre: 'Temporal', activ_estado: 0 });
    const same = await req('PUT', `/api/partesdiarios/${created.parte_id}`, reportBody(f, { actividad_id: dis.json().id }, { cantid: 4 }));
    expect(same.statusCode).toBe(200);
    const switched = await req('PUT', `/api/partesdiarios/${rep.parte_id}`, reportBody(f, { actividad_id: dis.json().id }));
    expect(switched.statusCode).toBe(400);
    expect(switched.json().message).toBe(MSG.activityInactive);
  });

  it('HORA lines add to an hour-meter machine’s part counters, KM lines do not', async () => {
    const [u] = await t.database.db.select().from(unimeds).limit(1);
    const [part] = await t.database.db
      .insert(insumos)
      .values({ insumo_codigo: 'PD-FILT', insumo_name: 'Filtro', unimed_id: u.unimed_id })
      .returning();
    const [asg] = await t.database.db
      .insert(insumosMaquinaria)
      .values({
        maquinaria_id: f.retro,
        insumo_id: part.id,
        hour_warning: 5,
        hour_critical: 8,
        horas_limite: 10,
        last_date_mantenimiento: '2025-05-01',
      })
      .returning();
    const counter = async () => (await insumoCounters(t.database.db, { insumoMaqIds: [asg.insumo_maq_id] }))[0].contador;
    expect(await counter()).toBe(0);
    await req('POST', '/api/partesdiarios', reportBody(f, { fecha: '2025-05-02' }, { cantid: 6.5 }));
    await req('POST', '/api/partesdiarios', reportBody(f, { fecha: '2025-05-03' }, { costo_det_id: f.dia, cantid: 1 }));
    expect(await counter()).toBe(6.5);
  });

  it('deletes an unbilled report; 404 for an unknown one', async () => {
    const rep = (await req('POST', '/api/partesdiarios', reportBody(f))).json();
    const res = await delJson(`/api/partesdiarios/${rep.parte_id}`);
    expect(res.json()).toEqual({ message: MSG.deleted });
    const again = await req('GET', `/api/partesdiarios/${rep.parte_id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.reportNotFound(rep.parte_id));
    expect((await req('DELETE', '/api/partesdiarios/999999')).statusCode).toBe(404);
  });

  it('a billed report can be neither edited nor deleted on its own (403 naming the valuation)', async () => {
    const rep = (await req('POST', '/api/partesdiarios', reportBody(f))).json();
    const v = await req('POST', '/api/valoriza', {
      fecha: '2025-03-20',
      rubro: 1,
      tipo_doc: 2,
      ndoc: '20123456789',
      rsocial: 'CONSTRUCTORA ANDINA S.A.C.',
      observacion: 'Alquiler',
      partesdiarios: [{ parte_id: rep.parte_id }],
    });
    expect(v.statusCode).toBe(201);
    const id = v.json().valoriza_id;
    for (const del of [await req('DELETE', `/api/partesdiarios/${rep.parte_id}`), await delJson(`/api/partesdiarios/${rep.parte_id}`)]) {
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe(MSG.reportBilledDelete(id));
    }
    const put = await req('PUT', `/api/partesdiarios/${rep.parte_id}`, reportBody(f));
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(MSG.reportBilledEdit(id));
    expect((await req('GET', `/api/partesdiarios/${rep.parte_id}`)).json().valoriza_id).toBe(id);
  });

  it('needs a session (401) and codes 23 / 24 / 25 (403)', async () => {
    expect((await call(t.app, null, { method: 'POST', url: '/api/partesdiarios/list', payload: {} })).statusCode).toBe(401);
    const reader = await createUser(t, [18]);
    expect((await req('POST', '/api/partesdiarios/list', YEAR_2025, reader.token)).statusCode).toBe(200);
    expect((await req('POST', '/api/partesdiarios', reportBody(f), reader.token)).statusCode).toBe(403);
    expect((await req('PUT', `/api/partesdiarios/${first.parte_id}`, reportBody(f), reader.token)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/partesdiarios/${first.parte_id}`, undefined, reader.token)).statusCode).toBe(403);
    const supervisor = await createUser(t, [ROLE.parteDiarioNuevo]);
    expect((await req('POST', '/api/partesdiarios', reportBody(f), supervisor.token)).statusCode).toBe(201);
  });
});
