// Demo preventive plans: every hour-meter machine gets a plan (engine oil and filter every 250 h or 90 days, changing
// its oil and filter assignments; greasing every 50 h or 7 days, floating; a brake inspection every 500 h or 180 days)
// counted from 60 days ago and the meter then, and the greasing was done twice on its way: some tasks come out
// overdue, some due soon, some up to date, and the report of tasks done and missed has rows.
import { and, eq, inArray } from 'drizzle-orm';
import { aTiempo, primerVencimiento, siguienteVencimiento, type TareaProgramada } from '@shared/domain/planes';
import { toCents } from '@shared/domain/money';
import type { Db } from '../client';
import { insumos, insumosMaquinaria, planes, planesTareas, planesTareasEjecuciones, planesTareasInsumos } from '../schema/index';
import type { FleetMaquinaria } from './demo-partes';
import type { Clock } from './demo-util';

const TASKS = [
  {
    nombre: 'Cambio de aceite y filtro de motor',
    cada_medidor: 250,
    cada_dias: 90,
    margen_medidor: 25,
    margen_dias: 10,
    programacion: 'FIJA' as const,
    checklist: ['Drenar el aceite usado', 'Cambiar el filtro de aceite', 'Llenar con aceite nuevo', 'Revisar fugas'],
    partes: ['01.01.0001', '02.01.0001'],
  },
  {
    nombre: 'Engrase general',
    cada_medidor: 50,
    cada_dias: 7,
    margen_medidor: 10,
    margen_dias: 2,
    programacion: 'FLOTANTE' as const,
    checklist: ['Engrasar pasadores y bocinas', 'Revisar graseras'],
    partes: [],
  },
  {
    nombre: 'Inspección de frenos y dirección',
    cada_medidor: 500,
    cada_dias: 180,
    margen_medidor: 50,
    margen_dias: 15,
    programacion: 'FIJA' as const,
    checklist: ['Medir desgaste de zapatas', 'Revisar líquido de frenos', 'Probar dirección'],
    partes: [],
  },
];

/** The meter at the end of `fecha`: the registration meter plus the machine's reported quantities up to that day. */
function meterAt(m: FleetMaquinaria, log: readonly { fecha: string; qty: number }[], fecha: string): number {
  return (toCents(m.horometro_inicial) + log.filter((l) => l.fecha <= fecha).reduce((s, l) => s + toCents(l.qty), 0)) / 100;
}

export async function seedPlanes(
  db: Db,
  c: Clock,
  machines: readonly FleetMaquinaria[],
  meter: Map<number, { fecha: string; qty: number }[]>,
  userId: number,
): Promise<number> {
  const base = c.daysAgo(60);
  let count = 0;
  for (const m of machines.filter((x) => x.horometro)) {
    const log = meter.get(m.id) ?? [];
    const [p] = await db
      .insert(planes)
      .values({ maquinaria_id: m.id, nombre: 'Plan de mantenimiento 250 h', user_id: userId })
      .returning({ id: planes.plan_id });
    count++;
    for (const t of TASKS) {
      const punto = { fecha: base, medidor: meterAt(m, log, base) };
      let tarea: TareaProgramada = { ...t, ...primerVencimiento(t, punto) };
      const done: Omit<typeof planesTareasEjecuciones.$inferInsert, 'tarea_id'>[] = [];
      if (t.programacion === 'FLOTANTE') {
        for (const d of [40, 12]) {
          const hecho = { fecha: c.daysAgo(d), medidor: meterAt(m, log, c.daysAgo(d)) };
          done.push({
            fecha: hecho.fecha,
            medidor: hecho.medidor,
            vence_fecha: tarea.proximo_fecha,
            vence_medidor: tarea.proximo_medidor,
            a_tiempo: aTiempo(tarea, hecho),
            user_id: userId,
          });
          tarea = { ...tarea, ...siguienteVencimiento(tarea, hecho) };
        }
      }
      const [row] = await db
        .insert(planesTareas)
        .values({
          plan_id: p.id,
          nombre: t.nombre,
          cada_medidor: t.cada_medidor,
          cada_dias: t.cada_dias,
          margen_medidor: t.margen_medidor,
          margen_dias: t.margen_dias,
          programacion: t.programacion,
          checklist: t.checklist,
          base_fecha: punto.fecha,
          base_medidor: punto.medidor,
          proximo_medidor: tarea.proximo_medidor,
          proximo_fecha: tarea.proximo_fecha,
        })
        .returning({ id: planesTareas.tarea_id });
      if (done.length) await db.insert(planesTareasEjecuciones).values(done.map((e) => ({ ...e, tarea_id: row.id })));
      if (t.partes.length) {
        const parts = await db
          .select({ id: insumosMaquinaria.insumo_maq_id })
          .from(insumosMaquinaria)
          .innerJoin(insumos, eq(insumos.id, insumosMaquinaria.insumo_id))
          .where(and(eq(insumosMaquinaria.maquinaria_id, m.id), inArray(insumos.insumo_codigo, t.partes)));
        if (parts.length) await db.insert(planesTareasInsumos).values(parts.map((x) => ({ tarea_id: row.id, insumo_maq_id: x.id })));
      }
    }
  }
  return count;
}
