// Meter readings of the daily reports (docs/architecture.md, "Meter readings"): plausibility against both neighbours
// by date (a late report slots in), final below initial, 24 h a day on an hour meter and the configured distance on an
// odometer, each refusal naming the report it conflicts with; a refused keyed save kept in lecturas_rechazadas and
// nothing else; the correction (role 74, reason, audited, checked again, counters follow); the worked meter counted
// whatever the billing unit (a day-billed machine); and a part change at a reading splitting the report that spans it.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { DEFAULT_KM_PER_DAY } from '@shared/domain/lecturas';
import { addDays } from '@shared/domain/wear';
import { MSG } from '@shared/messages';
import { ajustes, auditLog, insumos, insumosMaquinaria, maquinarias, partesDiarios, unimeds } from '../../../src/server/db/schema/index';
import { rowsOf } from '../../../src/server/lib/sql';
import { insumoCounters } from '../../../src/server/lib/wear';
import { maquinariasOf } from '../../../src/server/modules/maquinarias/repository';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers';
import { seedValoriza, type ValorizaFixture } from '../valoriza-fixture';

describe('meter readings on the daily reports', () => {
  let t: TestApp;
  let admin: string;
  let f: ValorizaFixture;
  const today = limaDate();
  const day = (n: number) => addDays(today, n);
  const db = () => t.database.db;
  let nro = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    f = await seedValoriza(t);
  });
  afterAll(() => t.close());

  /** A report with readings (hour line unless `det` says otherwise), saved through the API. */
  function save(
    fecha: string,
    ini: number | null,
    fin: number | null,
    opts: { maquinaria_id?: number; det?: Record<string, unknown>; key?: string; token?: string } = {},
  ) {
    return call(t.app, opts.token ?? admin, {
      method: 'POST',
      url: '/api/partesdiarios',
      key: opts.key,
      payload: {
        nro_parte_interno: `L-${++nro}`,
        fecha,
        maquinaria_id: opts.maquinaria_id ?? f.retro,
        dni: f.op1.dni,
        actividad_id: f.act,
        partesdiarios_det: { costo_det_id: f.hora, cantid: 1, preuni: 1, ...opts.det },
        horometro_inicial: ini,
        horometro_final: fin,
      },
    });
  }
  const machineMeter = async (id: number) => (await maquinariasOf(db(), [id]))[0].horometro_actual;

  it('checks a report against both neighbours by date and names the report it conflicts with', async () => {
    const a = await save(day(-30), 100, 108);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ horometro: true, horometro_inicial: 100, horometro_final: 108 });
    const c = await save(day(-28), 120, 130);
    expect(c.statusCode, c.body).toBe(201);
    const below = await save(day(-29), 105, 110);
    expect(below.statusCode).toBe(422);
    const msgBelow = MSG.readingBelowPrevious('horómetro', '105.0', a.json().nro_parte_interno, day(-30), '108.0');
    expect(below.json()).toMatchObject({ message: msgBelow, errors: { horometro_inicial: msgBelow } });
    const above = await save(day(-29), 110, 125);
    expect(above.statusCode).toBe(422);
    const msgAbove = MSG.readingAboveNext('horómetro', '125.0', c.json().nro_parte_interno, day(-28), '120.0');
    expect(above.json()).toMatchObject({ message: msgAbove, errors: { horometro_final: msgAbove } });
    const fits = await save(day(-29), 108, 120);
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('slots a late report in by date: checked against the reports around its day, not the newest', async () => {
    // Sent late (offline): dated before every report above; its final may not pass the first one's initial.
    const late = await save(day(-31), 90, 101);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.horometro_final).toContain('del parte N° L-1 del');
    expect((await save(day(-31), 90, 100)).statusCode).toBe(201);
  });

  it('refuses a final below the initial and more than 24 h in a day (counting the day’s other reports)', async () => {
    const back = await save(day(-20), 210, 200);
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ horometro_final: MSG.readingFinalBelowInitial('horómetro') });
    expect((await save(day(-20), 200, 212)).statusCode).toBe(201);
    const long = await save(day(-20), 212, 226);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.horometro_final).toBe(MSG.readingDayTooLong('horómetro', '26.0', 'h', day(-20), '24.0'));
    expect((await save(day(-20), 212, 224)).statusCode).toBe(201);
  });

  it('refuses more than the configured distance a day on an odometer (ajustes km_max_dia)', async () => {
    const km = { maquinaria_id: f.volquete, det: { costo_det_id: f.km } };
    const far = await save(day(-20), 1000, 1000 + DEFAULT_KM_PER_DAY + 50, km);
    expect(far.statusCode).toBe(422);
    expect(far.json().errors.horometro_final).toBe(
      MSG.readingDayTooLong('kilometraje', '650.0', 'km', day(-20), `${DEFAULT_KM_PER_DAY}.0`),
    );
    await db().insert(ajustes).values({ key: 'km_max_dia', value: '800' });
    const ok = await save(day(-20), 1000, 1650, km);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ horometro: false, horometro_inicial: 1000, horometro_final: 1650 });
  });

  it('takes readings in pairs, and a report without readings still (API compatibility)', async () => {
    const half = await save(day(-19), 300, null);
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toHaveProperty('horometro_final');
    const none = await save(day(-19), null, null, { det: { cantid: 2 } });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json()).toMatchObject({ horometro_inicial: null, horometro_final: null });
  });

  it('two conflicting reports of one machine saved at once: the machine lock checks them in turn, one is refused', async () => {
    const km = { maquinaria_id: f.volquete, det: { costo_det_id: f.km } };
    const [first, second] = await Promise.all([save(day(-15), 5000, 5010, km), save(day(-15), 5005, 5015, km)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 422]);
    const rows = await db()
      .select()
      .from(partesDiarios)
      .where(eq(partesDiarios.fecha, day(-15)));
    expect(rows.filter((r) => r.maquinaria_id === f.volquete)).toHaveLength(1);
  });

  it('a refused keyed save (an offline replay) is kept for the alerts and changes nothing else', async () => {
    const count = async (table: string) =>
      Number((await rowsOf<{ n: string }>(db(), sql`select count(*)::text as n from ${sql.identifier(table)}`))[0].n);
    const before = {
      partes: await count('partes_diarios'),
      lines: await count('partes_diarios_det'),
      summary: await rowsOf(db(), sql`select * from partes_diarios_medidor order by 1, 2`),
      audit: await count('audit_log'),
      keys: await count('idempotency_keys'),
    };
    const key = randomUUID();
    const refused = await save(day(-29), 104, 109, { key });
    expect(refused.statusCode).toBe(422);
    // The device resends the same request: refused again, recorded once.
    expect((await save(day(-29), 104, 109, { key })).statusCode).toBe(422);
    const rows = await db()
      .select()
      .from(partesDiarios)
      .where(eq(partesDiarios.fecha, day(-29)));
    expect(rows).toHaveLength(1);
    expect({
      partes: await count('partes_diarios'),
      lines: await count('partes_diarios_det'),
      summary: await rowsOf(db(), sql`select * from partes_diarios_medidor order by 1, 2`),
      audit: await count('audit_log'),
      keys: await count('idempotency_keys'),
    }).toEqual(before);
    const kept = await rowsOf<Record<string, unknown>>(
      db(),
      sql`select maquinaria_id, to_char(fecha, 'YYYY-MM-DD') as fecha, horometro_inicial::float8 as ini,
          horometro_final::float8 as fin, mensaje, idempotency_key from lecturas_rechazadas where idempotency_key = ${key}`,
    );
    expect(kept).toEqual([
      {
        maquinaria_id: f.retro,
        fecha: day(-29),
        ini: 104,
        fin: 109,
        mensaje: refused.json().message,
        idempotency_key: key,
      },
    ]);
  });

  it('a valuation’s new report is checked too, the error under its item', async () => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/valoriza',
      payload: {
        editorMode: 'crear',
        fecha: today,
        rubro: 1,
        tipo_doc: 2,
        ndoc: '20123456789',
        rsocial: 'CONSTRUCTORA ANDINA S.A.C.',
        observacion: 'Alquiler',
        partesdiarios: [
          {
            nro_parte_interno: 'VL-1',
            fecha: day(-29),
            maquinaria_id: f.retro,
            dni: f.op1.dni,
            actividad_id: f.act,
            partesdiarios_det: { costo_det_id: f.hora, cantid: 1, preuni: 1 },
            horometro_inicial: 104,
            horometro_final: 109,
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['partesdiarios.0.horometro_inicial']);
  });

  it('counts the worked meter whatever the billing unit: a day-billed report moves the meter and the parts', async () => {
    const [u] = await db().select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const [p] = await db().insert(insumos).values({ insumo_codigo: 'LEC-DIA', insumo_name: 'Filtro DIA', unimed_id: u.id }).returning();
    const [im] = await db()
      .insert(insumosMaquinaria)
      .values({
        maquinaria_id: f.retro,
        insumo_id: p.id,
        hour_warning: 50,
        hour_critical: 80,
        horas_limite: 100,
        create_insumo_maq: new Date(Date.now() - 15 * 86_400_000).toISOString(),
      })
      .returning();
    const counter = async () => (await insumoCounters(db(), { insumoMaqIds: [im.insumo_maq_id] }))[0].contador;
    const meter0 = await machineMeter(f.retro);
    expect(await counter()).toBe(0);
    // Billed per day (DIA, quantity 1): the reading says it worked 8 h.
    const res = await save(day(-10), 300, 308, { det: { costo_det_id: f.dia, cantid: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await counter()).toBe(8);
    expect(await machineMeter(f.retro)).toBe(meter0 + 8);
    // A report without readings still counts its HORA quantity.
    expect((await save(day(-9), null, null, { det: { cantid: 3 } })).statusCode).toBe(201);
    expect(await counter()).toBe(11);
  });

  it('corrects readings with role 74 and a reason: audited, checked again, the counters follow', async () => {
    const r = await save(day(-8), 310, 318);
    expect(r.statusCode, r.body).toBe(201);
    const id = r.json().parte_id as number;
    const meter0 = await machineMeter(f.retro);
    const url = `/api/partesdiarios/${id}/lecturas`;
    const clerk = await createUser(t, [ROLE.parteDiarioEditar]);
    const denied = await call(t.app, clerk.token, {
      method: 'PUT',
      url,
      payload: { horometro_inicial: 310, horometro_final: 320, motivo: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const corrector = await createUser(t, [ROLE.lecturaCorregir]);
    const noReason = await call(t.app, corrector.token, {
      method: 'PUT',
      url,
      payload: { horometro_inicial: 310, horometro_final: 320, motivo: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.motivo).toBe(MSG.readingCorrectionReason);
    // Below the previous report's final (308): refused, naming it.
    const implausible = await call(t.app, corrector.token, {
      method: 'PUT',
      url,
      payload: { horometro_inicial: 305, horometro_final: 320, motivo: 'Lectura mal copiada' },
    });
    expect(implausible.statusCode).toBe(422);
    expect(implausible.json().errors.horometro_inicial).toContain('es menor que el final del parte N°');
    const ok = await call(t.app, corrector.token, {
      method: 'PUT',
      url,
      payload: { horometro_inicial: 310, horometro_final: 320.5, motivo: 'Lectura mal copiada' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ parte_id: id, horometro_inicial: 310, horometro_final: 320.5 });
    expect(await machineMeter(f.retro)).toBe(meter0 + 2.5);
    const [a] = await db()
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.resource} = 'partesdiarios' and ${auditLog.resource_id} = ${String(id)} and ${auditLog.action} = 'corregir_lecturas'`,
      );
    expect(a).toMatchObject({
      user_id: corrector.id,
      before: { horometro_inicial: 310, horometro_final: 318 },
      after: { horometro_inicial: 310, horometro_final: 320.5, motivo: 'Lectura mal copiada' },
    });
  });

  it('a part change at a reading splits the report spanning it: no hour lost or counted twice', async () => {
    const [m] = await db()
      .insert(maquinarias)
      .values({ descripcion: 'CARGADOR', marca: 'CAT', placa: 'LEC-303', anio_fabrica: 2021, horometro: true })
      .returning();
    const [u] = await db().select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const [p] = await db().insert(insumos).values({ insumo_codigo: 'LEC-SPLIT', insumo_name: 'Filtro', unimed_id: u.id }).returning();
    const [im] = await db()
      .insert(insumosMaquinaria)
      .values({
        maquinaria_id: m.id,
        insumo_id: p.id,
        hour_warning: 50,
        hour_critical: 80,
        horas_limite: 100,
        create_insumo_maq: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      })
      .returning();
    const counter = async () => (await insumoCounters(db(), { insumoMaqIds: [im.insumo_maq_id] }))[0].contador;
    const on = { maquinaria_id: m.id };
    expect((await save(day(-6), 1000, 1010, on)).statusCode).toBe(201);
    // The change day: one report of 19 h (1010 → 1029), the filter changed at 1014.
    expect((await save(day(-5), 1010, 1029, on)).statusCode).toBe(201);
    expect(await counter()).toBe(29);
    const change = (reading: number, fecha = day(-5)) =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/maquinarias/cambiarinsumo',
        payload: { maquinaria_id: m.id, checkeds: [im.insumo_maq_id], fecha, observacion: 'Cambio de filtro', horometro_vehiculo: reading },
      });
    // A reading below a previous day's final does not fit the reports.
    const wrong = await change(1005);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.horometro_vehiculo).toContain('es menor que el final del parte N°');
    const res = await change(1014);
    expect(res.statusCode, res.body).toBe(200);
    // 10 h of the day before and 4 h of the change day before the reading go to the part taken out…
    expect(res.json().data[0]).toMatchObject({ horas_acumuladas: 14, horometro_vehiculo: 1014 });
    expect(res.json().retrieve_hours).toBe(14);
    // …the 15 h after the reading to the new one.
    expect(await counter()).toBe(15);
    expect((await save(day(-4), 1029, 1035, on)).statusCode).toBe(201);
    expect(await counter()).toBe(21);
    // Every hour the machine worked is in exactly one place.
    expect(14 + (await counter())).toBe(1035 - 1000);
    const [row] = await db().select().from(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, im.insumo_maq_id));
    expect(row).toMatchObject({ last_date_mantenimiento: day(-5), last_horometro_mantenimiento: 1014 });
    // A second change the same day below the first one's reading would count hours twice.
    const again = await change(1012);
    expect(again.statusCode).toBe(422);
    // A correction of the spanning report moves the split with it: 1010 → 1027 leaves the new part 2 h less.
    const [spanning] = await db()
      .select()
      .from(partesDiarios)
      .where(sql`maquinaria_id = ${m.id} and fecha = ${day(-5)}`);
    await db().execute(sql`update partes_diarios set horometro_final = 1027 where parte_id = ${spanning.parte_id}`);
    expect(await counter()).toBe(19);
  });
});
