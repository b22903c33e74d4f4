// The fleet indicators' monthly summary (indicadores_mes, migration 0017) kept by triggers: the figures of
// GET /api/indicadores and of the cost per machine follow every backdated write, edit and delete after a first read,
// and after them the summary equals the one recomputed from scratch, with no row of zeros.
//
// August 2026 starts on a Saturday; its Sundays are the 2nd, 9th, 16th, 23rd and 30th, so a machine registered on
// the 1st has 31 − 5 = 26 shift days (8 h, Monday to Saturday) = 208 scheduled hours. Machine C's month, written
// after the first read (which sees it always OPERATIVO: nothing down, nothing worked):
// - FALLA stop Tue 11 08:00 → Wed 12 08:00 (24 h, both shift days: 8 h within the shift), its failure, its repair
//   S/ 500.00 on the 12th;
// - ORDEN stop of a preventive order Tue 18 08:00 → 14:00 (6 h: 2 h within the shift), the order's 4 h of labour
//   (S/ 100.00 at S/ 25.00);
// - a MANUAL stop open since Thu 20 00:00, read live up to the month's end: Thu 20 … Mon 31 less the Sundays 23 and
//   30 = 10 shift days, 240 h: 80 h within the shift;
// - one daily report of 10 h.
// Downtime 8 + 2 + 80 = 90 h, available 118 h (56.73 %), MTBF 10 / 1 = 10 h, MTTR 24 / 1 = 24 h, utilisation
// 10 / 118 = 8.47 %, cost 600.00, S/ 60.00 per hour.
// Then edited: the failure stop lasts to Thu 13 08:00 (48 h: Tue 16, Wed 24, Thu 8 = 16 h within the shift), the
// order becomes corrective (a second repair, 6 h), the manual stop closes on Tue 25 00:00 (Thu 20, Fri 21, Sat 22,
// Mon 24 = 96 h: 32 h within the shift), the failure is moved to September, the repair and the report deleted.
// Downtime 16 + 2 + 32 = 50 h, available 158 h (75.96 %), no failure (MTBF —), 2 repairs of 48 + 6 = 54 h (MTTR
// 27 h), nothing worked, cost 100.00 (the labour), no cost per hour.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IndicadoresAnswer } from '@shared/contract/indicadores';
import {
  actividades,
  fallas,
  maquinarias,
  maquinariasEstados,
  operadores,
  ordenesTrabajo,
  ordenesTrabajoManoObra,
  partesDiarios,
  reparaciones,
} from '../../../src/server/db/schema/index';
import { rowsOf } from '../../../src/server/lib/sql';
import { call, limaInstant as lima } from '../helpers';
import { sessionApp } from '../session-app';

describe('indicadores_mes', () => {
  const s = sessionApp();
  const august = async (id: number) => {
    const res = await call(s.t.app, s.admin, { method: 'GET', url: `/api/indicadores?desde=2026-08&hasta=2026-08&maquinaria_id=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as IndicadoresAnswer).meses[0]!;
  };
  const costs = async (id: number) => {
    const res = await call(s.t.app, s.admin, {
      method: 'POST',
      url: '/api/costosmaquina/list',
      payload: { desde: '2026-08', hasta: '2026-08', maquinaria_id: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { costo_total: number; horas: number; reparaciones: number; mano_obra: number }[];
  };

  it('follows backdated writes, edits and deletes after a first read', async () => {
    const db = s.t.database.db;
    const [m] = await db
      .insert(maquinarias)
      .values({ descripcion: 'RETROEXCAVADORA', marca: 'JCB', placa: 'IND-C', anio_fabrica: 2020, horometro_inicial: 2000 })
      .returning();
    const [alta] = await db
      .insert(maquinariasEstados)
      .values({ maquinaria_id: m.id, estado: 0, origen: 'ALTA', desde: lima('2026-08-01') })
      .returning();
    expect(await august(m.id)).toMatchObject({ horas_programadas: 208, horas_detenida: 0, fallas: 0, reparaciones: 0, costo_total: 0 });
    expect(await costs(m.id)).toEqual([]);

    // the month, written afterwards
    const [falla] = await db
      .insert(fallas)
      .values({ maquinaria_id: m.id, descripcion: 'Motor', estado: 1, maquina_detenida: true, created_at: lima('2026-08-11', '08:00') })
      .returning();
    const [orden] = await db
      .insert(ordenesTrabajo)
      .values({
        uid: crypto.randomUUID(),
        anio: 2026,
        numero: 950,
        maquinaria_id: m.id,
        origen: 'MANUAL',
        tipo: 'PREVENTIVA',
        estado: 'CERRADA',
        descripcion: 'Servicio',
        inicio: lima('2026-08-18', '08:00'),
        fin: lima('2026-08-18', '14:00'),
        created_at: lima('2026-08-18', '08:00'),
        updated_at: lima('2026-08-18', '14:00'),
      })
      .returning();
    await db.insert(ordenesTrabajoManoObra).values({ ot_id: orden.ot_id, nombre: 'Mecánico', fecha: '2026-08-18', horas: 4 });
    await db
      .update(maquinariasEstados)
      .set({ hasta: lima('2026-08-11', '08:00') })
      .where(eq(maquinariasEstados.id, alta.id));
    const estados = await db
      .insert(maquinariasEstados)
      .values([
        {
          maquinaria_id: m.id,
          estado: 2,
          origen: 'FALLA',
          ref_id: falla.falla_id,
          desde: lima('2026-08-11', '08:00'),
          hasta: lima('2026-08-12', '08:00'),
        },
        { maquinaria_id: m.id, estado: 0, origen: 'REPARACION', desde: lima('2026-08-12', '08:00'), hasta: lima('2026-08-18', '08:00') },
        {
          maquinaria_id: m.id,
          estado: 1,
          origen: 'ORDEN',
          ref_id: orden.ot_id,
          desde: lima('2026-08-18', '08:00'),
          hasta: lima('2026-08-18', '14:00'),
        },
        {
          maquinaria_id: m.id,
          estado: 0,
          origen: 'ORDEN',
          ref_id: orden.ot_id,
          desde: lima('2026-08-18', '14:00'),
          hasta: lima('2026-08-20'),
        },
        { maquinaria_id: m.id, estado: 3, origen: 'MANUAL', desde: lima('2026-08-20') },
      ])
      .returning();
    const [rep] = await db
      .insert(reparaciones)
      .values({ maquinaria_id: m.id, descripcion: 'Motor', fecha: '2026-08-12', falla_id: falla.falla_id, monto: 500 })
      .returning();
    const [op] = await db.insert(operadores).values({ dni: '70010030', nombres: 'OPERADOR RESUMEN' }).returning();
    const [act] = await db.insert(actividades).values({ activ_nombre: 'Excavación de zanjas' }).returning();
    const [parte] = await db
      .insert(partesDiarios)
      .values({
        nro_parte_interno: 'IND-C-1',
        fecha: '2026-08-05',
        maquinaria_id: m.id,
        operador_id: op.operador_id,
        actividad_id: act.id,
        horometro_inicial: 2000,
        horometro_final: 2010,
      })
      .returning();
    expect(await august(m.id)).toMatchObject({
      horas_programadas: 208,
      horas_detenida: 90,
      horas_disponibles: 118,
      disponibilidad: 56.73,
      horas_trabajadas: 10,
      fallas: 1,
      mtbf: 10,
      reparaciones: 1,
      horas_reparacion: 24,
      mttr: 24,
      utilizacion: 8.47,
      costo_total: 600,
      costo_hora: 60,
    });
    expect(await costs(m.id)).toMatchObject([{ horas: 10, reparaciones: 500, mano_obra: 100, costo_total: 600 }]);

    // a closed order counts once for the backlog's estimate, with the labour of all its lines
    const cerradas = async () =>
      (
        await rowsOf<{ n: number; horas: string }>(
          db,
          sql`select cerradas_preventivas as n, cerradas_preventivas_horas::text as horas from indicadores_mes
            where maquinaria_id = ${m.id} and mes = '2026-08-01'`,
        )
      )[0];
    expect(await cerradas()).toEqual({ n: 1, horas: '4.00' });
    const [extra] = await db
      .insert(ordenesTrabajoManoObra)
      .values({ ot_id: orden.ot_id, nombre: 'Ayudante', fecha: '2026-08-19', horas: 2 })
      .returning();
    expect(await cerradas()).toEqual({ n: 1, horas: '6.00' });
    await db.delete(ordenesTrabajoManoObra).where(eq(ordenesTrabajoManoObra.id, extra.id));

    // edited and deleted
    const [fallaStop, afterFalla, , , manual] = estados;
    await db.transaction(async (tx) => {
      await tx
        .update(maquinariasEstados)
        .set({ hasta: lima('2026-08-13', '08:00') })
        .where(eq(maquinariasEstados.id, fallaStop.id));
      await tx
        .update(maquinariasEstados)
        .set({ desde: lima('2026-08-13', '08:00') })
        .where(eq(maquinariasEstados.id, afterFalla.id));
      await tx
        .update(maquinariasEstados)
        .set({ hasta: lima('2026-08-25') })
        .where(eq(maquinariasEstados.id, manual.id));
      await tx.insert(maquinariasEstados).values({ maquinaria_id: m.id, estado: 0, origen: 'MANUAL', desde: lima('2026-08-25') });
    });
    await db.update(ordenesTrabajo).set({ tipo: 'CORRECTIVA' }).where(eq(ordenesTrabajo.ot_id, orden.ot_id));
    await db
      .update(fallas)
      .set({ created_at: lima('2026-09-02', '09:00') })
      .where(eq(fallas.falla_id, falla.falla_id));
    await db.delete(reparaciones).where(eq(reparaciones.reparacion_id, rep.reparacion_id));
    await db.delete(partesDiarios).where(eq(partesDiarios.parte_id, parte.parte_id));
    expect(await august(m.id)).toMatchObject({
      horas_detenida: 50,
      horas_disponibles: 158,
      disponibilidad: 75.96,
      horas_trabajadas: 0,
      fallas: 0,
      mtbf: null,
      reparaciones: 2,
      horas_reparacion: 54,
      mttr: 27,
      costo_total: 100,
      costo_hora: null,
    });
    expect(await costs(m.id)).toMatchObject([{ horas: 0, reparaciones: 0, mano_obra: 100, costo_total: 100 }]);

    // an annulled order's labour no longer counts
    await db.update(ordenesTrabajo).set({ estado: 'ANULADA' }).where(eq(ordenesTrabajo.ot_id, orden.ot_id));
    expect(await costs(m.id)).toEqual([]);
  });

  it('equals the summary recomputed from scratch', async () => {
    const db = s.t.database.db;
    const summary = () => rowsOf<Record<string, unknown>>(db, sql`select * from indicadores_mes order by maquinaria_id, mes`);
    const kept = await summary();
    expect(kept.length).toBeGreaterThan(0);
    // no row of zeros is kept
    expect(
      kept.filter((x) => Object.entries(x).every(([k, v]) => k === 'maquinaria_id' || k === 'mes' || !/[1-9]/.test(String(v)))),
    ).toEqual([]);
    await db.execute(sql`delete from indicadores_mes`);
    await db.execute(sql`select indicadores_mes_refresh(array(select id from maquinarias))`);
    await db.execute(sql`insert into indicadores_mes (maquinaria_id, mes, medido, horas, km)
      select maquinaria_id, date_trunc('month', fecha)::date, sum(medido), sum(horas), sum(km) from partes_diarios_medidor group by 1, 2
      on conflict (maquinaria_id, mes) do update set medido = excluded.medido, horas = excluded.horas, km = excluded.km`);
    expect(await summary()).toEqual(kept);
  });
});
