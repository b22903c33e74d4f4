// The meter summary (partes_diarios_medidor, kept by the triggers of migrations 0011 and 0013) against the reports it
// is derived from: after random sequences of report creates, edits (also moving a report or a line to another machine
// or day, changing units, quantities and meter readings) and deletes, the summary equals a recomputation from the
// reports, and the wear counters read from it equal the counters computed straight from the reports (the query wear.ts
// ran before the summary existed, kept here as the reference, with the worked meter: final − initial on a report with
// readings, its lines in the machine's unit otherwise). The upgrade to 0013 moves no counter.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@shared/domain/dates';
import { addDays, MAX_FORECAST_DAYS, USAGE_WINDOW_DAYS, usageWindowStart } from '@shared/domain/wear';
import { insumos, insumosMaquinaria, partesDiarios, partesDiariosDet, unimeds } from '../../../src/server/db/schema/index';
import { jsonRows } from '../../../src/server/lib/json-rows';
import { rowsOf } from '../../../src/server/lib/sql';
import { assignDay, maquinariaInsumoColumns, insumoCounters, maquinariaInsumoFrom } from '../../../src/server/lib/wear';
import { listQuery, meterAt } from '../../../src/server/modules/maquinarias/repository';
import { call, createTestApp, login, type TestApp } from '../helpers';
import { seedValoriza, type ValorizaFixture } from '../valoriza-fixture';

/** The counters straight from the report lines: every meter line, one window sum with the cut-offs interleaved. */
function wearFromLines(today: string): SQL {
  const start = usageWindowStart(today);
  return sql`
  wear_line as (
    select p.maquinaria_id, p.fecha,
      case when p.horometro_inicial is not null then p.horometro_final - p.horometro_inicial
        else (select coalesce(sum(d.cantid), 0) from partes_diarios_det d
          where d.parte_id = p.parte_id and d.unidad = case when m.horometro then 'HORA' else 'KM' end) end as qty
    from partes_diarios p
    join maquinarias m on m.id = p.maquinaria_id
  ),
  wear_machine as (
    select maquinaria_id, sum(qty) as total,
      round(coalesce(sum(qty) filter (where fecha between ${start}::date and ${today}::date), 0) / ${USAGE_WINDOW_DAYS}, 4) as uso_diario,
      max(fecha) filter (where qty > 0) as ultima
    from wear_line group by maquinaria_id
  ),
  wear_cut as (
    select im.insumo_maq_id, im.maquinaria_id, im.insumo_id, im.hour_warning, im.hour_critical, im.horas_limite,
      im.last_date_mantenimiento, im.create_insumo_maq, ${assignDay} as fecha_asignacion,
      coalesce(im.last_date_mantenimiento, ${assignDay} - 1) as corte
    from insumos_maquinaria im
  ),
  wear_part as (
    select c.*,
      coalesce(wm.total, 0) - coalesce((select sum(l.qty) from wear_line l where l.maquinaria_id = c.maquinaria_id and l.fecha <= c.corte), 0) as contador,
      case when wm.ultima > c.corte then wm.ultima end as ultima_fecha,
      coalesce(wm.uso_diario, 0) as uso_diario
    from wear_cut c
    left join wear_machine wm on wm.maquinaria_id = c.maquinaria_id
  ),
  wear_days as (
    select wp.*,
      case when wp.contador >= wp.horas_limite then 0
        when wp.uso_diario > 0 then ceil((wp.horas_limite - wp.contador) / wp.uso_diario)
      end as dias
    from wear_part wp
  ),
  wear as (
    select wd.*,
      case when wd.contador >= wd.hour_critical then 'danger' when wd.contador >= wd.hour_warning then 'warning' else 'info' end as nivel,
      case when wd.horas_limite > 0 then round(wd.contador / wd.horas_limite * 100, 2) when wd.contador > 0 then 100 else 0 end as porcentaje,
      case when wd.dias <= ${MAX_FORECAST_DAYS} then ${today}::date + wd.dias::int end as fecha_limite
    from wear_days wd
  )`;
}

/** The last statement of a migration (its backfill of the reports already stored). */
function backfillOf(file: string): string {
  const migration = readFileSync(new URL(`../../../src/server/db/migrations/${file}`, import.meta.url), 'utf8');
  return migration.slice(migration.lastIndexOf('--> statement-breakpoint') + '--> statement-breakpoint'.length);
}

/** A deterministic pseudo-random sequence (mulberry32), so a failure repeats with its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

describe('meter summary (partes_diarios_medidor) against the report lines', () => {
  let t: TestApp;
  let admin: string;
  let f: ValorizaFixture;
  const today = limaDate();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    f = await seedValoriza(t);
    // Parts on both machines: never changed (assigned 40 and 10 days ago) and changed on different days.
    const [u] = await db().select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const parts = await db()
      .insert(insumos)
      .values([1, 2, 3].map((i) => ({ insumo_codigo: `MS-${i}`, insumo_name: `Pieza ${i}`, unimed_id: u.id })))
      .returning();
    const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const maquinaria_id of [f.retro, f.volquete]) {
      await db()
        .insert(insumosMaquinaria)
        .values([
          { maquinaria_id, insumo_id: parts[0].id, hour_warning: 10, hour_critical: 20, horas_limite: 30, create_insumo_maq: at(40) },
          {
            maquinaria_id,
            insumo_id: parts[1].id,
            hour_warning: 5,
            hour_critical: 8,
            horas_limite: 12,
            create_insumo_maq: at(40),
            last_date_mantenimiento: addDays(today, -12),
          },
          { maquinaria_id, insumo_id: parts[2].id, hour_warning: 50, hour_critical: 80, horas_limite: 100, create_insumo_maq: at(10) },
        ]);
    }
  });
  afterAll(() => t.close());

  /** The summary as stored, and as recomputed from the reports now. */
  async function summaries() {
    const stored = await rowsOf<Record<string, string>>(
      db(),
      sql`select maquinaria_id, to_char(fecha, 'YYYY-MM-DD') as fecha, horas::text, km::text, horas_acum::text, km_acum::text,
          medido::text, medido_acum::text
        from partes_diarios_medidor order by 1, 2`,
    );
    const fromLines = await rowsOf<Record<string, string>>(
      db(),
      sql`select maquinaria_id, to_char(fecha, 'YYYY-MM-DD') as fecha, horas::text, km::text,
          (sum(horas) over w)::text as horas_acum, (sum(km) over w)::text as km_acum,
          medido::text, (sum(medido) over w)::text as medido_acum
        from (
          select r.maquinaria_id, r.fecha, sum(r.horas)::numeric(12, 2) as horas, sum(r.km)::numeric(12, 2) as km,
            sum(case when r.ini is not null then r.fin - r.ini when r.horometro then r.horas else r.km end)::numeric(12, 2) as medido
          from (
            select p.maquinaria_id, p.fecha, p.horometro_inicial as ini, p.horometro_final as fin, m.horometro,
              coalesce(sum(d.cantid) filter (where d.unidad = 'HORA'), 0) as horas,
              coalesce(sum(d.cantid) filter (where d.unidad = 'KM'), 0) as km
            from partes_diarios p join maquinarias m on m.id = p.maquinaria_id
            left join partes_diarios_det d on d.parte_id = p.parte_id
            group by p.parte_id, m.horometro
          ) r
          group by 1, 2
        ) s
        where horas <> 0 or km <> 0 or medido <> 0
        window w as (partition by maquinaria_id order by fecha)
        order by 1, 2`,
    );
    return { stored, fromLines };
  }

  /** Every figure the wear screens read: parts (list, counters) and machines (current meter, daily use). */
  async function figures(query: 'summary' | 'lines') {
    if (query === 'summary') {
      const parts = await insumoCounters(db(), { today });
      const machines = (JSON.parse(await jsonRows(db(), listQuery())) as Record<string, unknown>[]).map((m) => ({
        id: m.id,
        horometro_actual: m.horometro_actual,
        uso_diario: m.uso_diario,
        insumos: m.insumos,
      }));
      return { parts, machines };
    }
    const parts = JSON.parse(
      await jsonRows(
        db(),
        sql`with ${wearFromLines(today)}
          select ${maquinariaInsumoColumns}, m.placa, m.descripcion, w.ultima_fecha from ${maquinariaInsumoFrom}
          order by m.placa, w.maquinaria_id, w.insumo_maq_id`,
      ),
    ) as Record<string, unknown>[];
    const machines = JSON.parse(
      await jsonRows(
        db(),
        sql`with ${wearFromLines(today)},
          wear_json as (
            select p.maquinaria_id, json_agg(p order by p.insumo_maq_id) as insumos
            from (select ${maquinariaInsumoColumns} from ${maquinariaInsumoFrom}) p group by p.maquinaria_id
          )
          select m.id, m.horometro_inicial + coalesce(wm.total, 0) as horometro_actual, coalesce(wm.uso_diario, 0) as uso_diario,
            coalesce(wj.insumos, '[]'::json) as insumos
          from maquinarias m
          left join wear_machine wm on wm.maquinaria_id = m.id
          left join wear_json wj on wj.maquinaria_id = m.id
          order by m.placa desc, m.id`,
      ),
    ) as Record<string, unknown>[];
    return { parts, machines };
  }

  async function expectConsistent(step: string) {
    const { stored, fromLines } = await summaries();
    expect(stored, step).toEqual(fromLines);
    const fast = await figures('summary');
    expect(fast, step).toEqual(await figures('lines'));
    return fast;
  }

  it('the upgrade to 0013 moves no counter: reports without readings count their HORA/KM quantity as before', async () => {
    // Reports stored before readings existed: every unit, both meter types, around the parts' cut-offs.
    const units = [
      { costo_det_id: f.hora, unidad: 'HORA', cantid: 7.5 },
      { costo_det_id: f.km, unidad: 'KM', cantid: 42.25 },
      { costo_det_id: f.dia, unidad: 'DIA', cantid: 1 },
    ];
    let n = 0;
    for (const maquinaria_id of [f.retro, f.volquete])
      for (const back of [35, 20, 12, 11, 5, 0]) {
        const [p] = await db()
          .insert(partesDiarios)
          .values({
            nro_parte_interno: `UP-${++n}`,
            fecha: addDays(today, -back),
            maquinaria_id,
            operador_id: f.op1.id,
            actividad_id: f.act,
          })
          .returning();
        await db()
          .insert(partesDiariosDet)
          .values(units.map((u) => ({ parte_id: p.parte_id, ...u, preuni: 0, pretot: 0 })));
      }
    // What the counters were before 0013: the HORA (hour meter) or KM (odometer) lines, the reference query.
    const before = await figures('lines');
    expect((before.parts as { contador: number }[]).filter((p) => p.contador > 0).length).toBeGreaterThan(3);
    // The summary as 0012 left it (the worked meter not computed yet), then 0013's backfill.
    await db().execute(sql`update partes_diarios_medidor set medido = 0, medido_acum = 0`);
    await db().execute(sql.raw(backfillOf('0013_meter_readings.sql')));
    expect(await figures('summary')).toEqual(before);
    await expectConsistent('after the 0013 backfill');
  });

  it('stays equal to the lines over random creates, edits, moves and deletes (direct writes and the API)', async () => {
    const rnd = random(20251124);
    const machines = [f.retro, f.volquete];
    const lines = [
      { costo_det_id: f.hora, unidad: 'HORA' },
      { costo_det_id: f.km, unidad: 'KM' },
      { costo_det_id: f.dia, unidad: 'DIA' },
    ];
    // Days around the usage window's start, the parts' cut-offs, today and a day ahead.
    const day = () => addDays(today, 2 - rnd.int(45));
    const qty = () => rnd.pick([0, 0.5, 1, 2.25, 3, 8, 12.75]);
    // A third of the reports carry meter readings (any figures: direct writes are not checked).
    const readings = () => {
      if (rnd.next() >= 1 / 3) return { horometro_inicial: null, horometro_final: null };
      const ini = rnd.int(5000) + rnd.pick([0, 0.5, 0.25]);
      return { horometro_inicial: ini, horometro_final: ini + qty() };
    };
    const reportIds = async () =>
      (await db().select({ id: partesDiarios.parte_id }).from(partesDiarios).orderBy(partesDiarios.parte_id)).map((r) => r.id);
    const lineIds = async () =>
      (await db().select({ id: partesDiariosDet.pd_detalle_id }).from(partesDiariosDet).orderBy(partesDiariosDet.pd_detalle_id)).map(
        (r) => r.id,
      );
    let seen = 0;
    let nonZero = 0;
    for (let step = 0; step < 120; step++) {
      const op = rnd.int(10);
      const ids = await reportIds();
      let what: string;
      if (op <= 2 || ids.length < 3) {
        // A report with one to three lines (any unit), written directly, as the seed or an import would.
        const [p] = await db()
          .insert(partesDiarios)
          .values({
            nro_parte_interno: `MS-${step}`,
            fecha: day(),
            maquinaria_id: rnd.pick(machines),
            operador_id: f.op1.id,
            actividad_id: f.act,
            ...readings(),
          })
          .returning();
        const n = 1 + rnd.int(3);
        await db()
          .insert(partesDiariosDet)
          .values(
            Array.from({ length: n }, () => {
              const l = rnd.pick(lines);
              return { parte_id: p.parte_id, costo_det_id: l.costo_det_id, unidad: l.unidad, cantid: qty(), preuni: 0, pretot: 0 };
            }),
          );
        what = `insert report ${p.parte_id} (${n} lines)`;
      } else if (op === 3) {
        // Through the API (the partesdiarios service), with the unit of its cost line.
        const l = rnd.pick(lines);
        const res = await call(t.app, admin, {
          method: 'POST',
          url: '/api/partesdiarios',
          key: randomUUID(),
          payload: {
            nro_parte_interno: `API-${step}`,
            fecha: day(),
            maquinaria_id: rnd.pick(machines),
            dni: f.op1.dni,
            actividad_id: f.act,
            partesdiarios_det: { costo_det_id: l.costo_det_id, cantid: qty() || 1, preuni: 1 },
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        what = 'API create';
      } else if (op === 4) {
        const id = rnd.pick(ids);
        const res = await call(t.app, admin, {
          method: 'PUT',
          url: `/api/partesdiarios/${id}`,
          key: randomUUID(),
          payload: {
            nro_parte_interno: `API-E${step}`,
            fecha: day(),
            maquinaria_id: (
              await db()
                .select()
                .from(partesDiarios)
                .where(sql`parte_id = ${id}`)
            )[0].maquinaria_id,
            dni: f.op2.dni,
            actividad_id: f.act,
            partesdiarios_det: { costo_det_id: rnd.pick(lines).costo_det_id, cantid: qty() || 1, preuni: 1 },
            // Cleared: a moved report with random readings might not fit its new neighbours.
            horometro_inicial: null,
            horometro_final: null,
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        what = `API edit ${id}`;
      } else if (op === 5) {
        const id = rnd.pick(ids);
        const res = await call(t.app, admin, { method: 'DELETE', url: `/api/partesdiarios/${id}`, key: randomUUID() });
        expect(res.statusCode, res.body).toBe(200);
        what = `API delete ${id}`;
      } else if (op === 6) {
        // Move a report to another machine and/or day (a correction made in the database or by a valuation).
        const id = rnd.pick(ids);
        if (rnd.next() < 0.4) {
          // Or set, change or clear its readings (a correction).
          const r = readings();
          await db().execute(
            sql`update partes_diarios set horometro_inicial = ${r.horometro_inicial}, horometro_final = ${r.horometro_final} where parte_id = ${id}`,
          );
          what = `readings of report ${id}`;
        } else {
          await db().execute(
            sql`update partes_diarios set maquinaria_id = ${rnd.pick(machines)}, fecha = ${day()}::date where parte_id = ${id}`,
          );
          what = `move report ${id}`;
        }
      } else if (op === 7) {
        // Change a line's quantity or unit, or move it to another report.
        const all = await lineIds();
        const id = rnd.pick(all);
        const l = rnd.pick(lines);
        if (rnd.next() < 0.3)
          await db().execute(sql`update partes_diarios_det set parte_id = ${rnd.pick(ids)} where pd_detalle_id = ${id}`);
        else
          await db().execute(
            sql`update partes_diarios_det set cantid = ${qty()}, unidad = ${l.unidad}, costo_det_id = ${l.costo_det_id} where pd_detalle_id = ${id}`,
          );
        what = `edit line ${id}`;
      } else if (op === 8) {
        // Delete one line, or several reports at once.
        if (rnd.next() < 0.5) {
          const id = rnd.pick(await lineIds());
          await db().execute(sql`delete from partes_diarios_det where pd_detalle_id = ${id}`);
          what = `delete line ${id}`;
        } else {
          const some = [rnd.pick(ids), rnd.pick(ids)];
          await db().execute(sql`delete from partes_diarios where parte_id in (${some[0]}, ${some[1]})`);
          what = `delete reports ${some.join(', ')}`;
        }
      } else {
        // Many lines in one statement: every meter line of a machine's day doubled.
        await db().execute(sql`update partes_diarios_det d set cantid = d.cantid * 2 from partes_diarios p
          where p.parte_id = d.parte_id and p.fecha = ${day()}::date`);
        what = 'bulk update';
      }
      const fast = await expectConsistent(`step ${step}: ${what}`);
      seen++;
      if ((fast.parts as { contador: number }[]).some((p) => p.contador > 0)) nonZero++;
    }
    expect(seen).toBe(120);
    // The sequence did exercise the counters (not only empty machines).
    expect(nonZero).toBeGreaterThan(60);
  });

  it('a machine switched between hour meter and odometer reads the other unit at once', async () => {
    await db().execute(sql`update maquinarias set horometro = not horometro where id in (${f.retro}, ${f.volquete})`);
    await expectConsistent('after switching the meter type');
    await db().execute(sql`update maquinarias set horometro = not horometro where id in (${f.retro}, ${f.volquete})`);
    await expectConsistent('after switching back');
  });

  it('meterAt is the registration meter plus what the reports up to the day worked', async () => {
    const [direct] = await rowsOf<{ v: string }>(
      db(),
      sql`with ${wearFromLines(today)}
        select (m.horometro_inicial + coalesce(sum(l.qty), 0))::text as v from maquinarias m
        left join wear_line l on l.maquinaria_id = m.id and l.fecha <= ${addDays(today, -5)}::date
        where m.id = ${f.retro} group by m.id`,
    );
    expect(await meterAt(db(), f.retro, addDays(today, -5))).toBe(Number(direct.v));
  });

  it('reports saved at the same time for one machine and day all count (no lost update)', async () => {
    const fecha = addDays(today, -1);
    const saves = Array.from({ length: 8 }, (_, i) =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/partesdiarios',
        key: randomUUID(),
        payload: {
          nro_parte_interno: `CONC-${i}`,
          fecha,
          maquinaria_id: f.retro,
          dni: f.op1.dni,
          actividad_id: f.act,
          partesdiarios_det: { costo_det_id: f.hora, cantid: 1.5, preuni: 1 },
        },
      }),
    );
    for (const res of await Promise.all(saves)) expect(res.statusCode, res.body).toBe(201);
    await expectConsistent('after concurrent saves');
  });

  it('is emptied with the lines (truncate) and rebuilt from stored reports by the migration backfills', async () => {
    const { stored } = await summaries();
    expect(stored.length).toBeGreaterThan(0);
    await db().execute(sql`delete from partes_diarios_medidor`);
    // The backfill statements of migrations 0011 (HORA/KM) and 0013 (the worked meter) rebuild it exactly.
    await db().execute(sql.raw(backfillOf('0011_meter_summary.sql')));
    await db().execute(sql.raw(backfillOf('0013_meter_readings.sql')));
    expect((await summaries()).stored).toEqual(stored);
    await db().execute(sql`truncate partes_diarios_det`);
    expect((await summaries()).stored).toEqual([]);
  });
});
