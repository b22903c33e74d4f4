// Doing a preventive task (docs/architecture.md, "Preventive plans"): one row in planes_tareas_ejecuciones (when, at
// what meter, what it was due by, on time or not) and the task's next due moved on by its schedule (fixed or
// floating). Closing a work order made from the task calls this inside the order's transaction; so does the plan
// screen's "marcar como hecha". The wear parts the task changes are restarted by the caller, which knows the reading.
import { eq } from 'drizzle-orm';
import { aTiempo, siguienteVencimiento, type Programacion } from '@shared/domain/planes';
import type { Db } from '../../db/client';
import { planesTareas, planesTareasEjecuciones, planesTareasInsumos } from '../../db/schema/index';

export interface Ejecucion {
  tareaId: number;
  /** The work order that did it (null: marked done by hand). */
  otId?: number | null;
  fecha: string;
  medidor: number;
  userId?: number | null;
}

/**
 * Records that the task was done at `fecha`/`medidor` and moves its next due. Returns the wear assignments the task
 * changes (their counters restart at this reading), or null when the task does not exist.
 */
export async function registrarEjecucion(tx: Db, e: Ejecucion): Promise<{ insumoMaqIds: number[] } | null> {
  const [t] = await tx.select().from(planesTareas).where(eq(planesTareas.tarea_id, e.tareaId)).for('update');
  if (!t) return null;
  const tarea = { ...t, programacion: t.programacion as Programacion };
  const hecho = { fecha: e.fecha, medidor: e.medidor };
  await tx.insert(planesTareasEjecuciones).values({
    tarea_id: t.tarea_id,
    ot_id: e.otId ?? null,
    fecha: e.fecha,
    medidor: e.medidor,
    vence_fecha: t.proximo_fecha,
    vence_medidor: t.proximo_medidor,
    a_tiempo: aTiempo(tarea, hecho),
    user_id: e.userId ?? null,
  });
  await tx.update(planesTareas).set(siguienteVencimiento(tarea, hecho)).where(eq(planesTareas.tarea_id, t.tarea_id));
  const parts = await tx
    .select({ id: planesTareasInsumos.insumo_maq_id })
    .from(planesTareasInsumos)
    .where(eq(planesTareasInsumos.tarea_id, t.tarea_id));
  return { insumoMaqIds: parts.map((p) => p.id) };
}
