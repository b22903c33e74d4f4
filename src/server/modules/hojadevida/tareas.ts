// The preventive plans' active tasks with their machine's current meter and daily use, and their due state
// (shared/domain/planes.ts estadoTarea, pronosticoTarea): read by the machine's record, the bell and Inicio.
import { sql } from 'drizzle-orm';
import { estadoTarea, pronosticoTarea, type EstadoTarea, type Programacion } from '@shared/domain/planes';
import type { Db } from '../../db/client';
import { jsonRows } from '../../lib/json-rows';
import { horometroActual, wearCtes } from '../../lib/wear';

export interface TareaMaquina {
  tarea_id: number;
  plan_id: number;
  plan: string;
  nombre: string;
  cada_medidor: number | null;
  cada_dias: number | null;
  margen_medidor: number;
  margen_dias: number;
  programacion: Programacion;
  proximo_medidor: number | null;
  proximo_fecha: string | null;
  maquinaria_id: number;
  placa: string;
  horometro: boolean;
  /** The machine's current meter and average daily use (lib/wear.ts). */
  medidor: number;
  uso_diario: number;
  estado: EstadoTarea;
  pronostico: string | null;
}

/** Active tasks of active plans (of one machine, or all), with their due state on `today`. */
export async function tareasConEstado(db: Db, today: string, maquinariaId: number | null = null): Promise<TareaMaquina[]> {
  const ids = maquinariaId === null ? null : [maquinariaId];
  const rows = JSON.parse(
    await jsonRows(
      db,
      sql`with ${wearCtes({ maquinariaIds: ids, today })}
        select t.tarea_id, t.plan_id, p.nombre as plan, t.nombre, t.cada_medidor, t.cada_dias, t.margen_medidor,
          t.margen_dias, t.programacion, t.proximo_medidor, t.proximo_fecha, p.maquinaria_id, m.placa, m.horometro,
          ${horometroActual} as medidor, coalesce(wm.uso_diario, 0) as uso_diario
        from planes_tareas t
        join planes p on p.plan_id = t.plan_id
        join maquinarias m on m.id = p.maquinaria_id
        left join wear_machine wm on wm.maquinaria_id = m.id
        where p.activo and t.activo ${maquinariaId === null ? sql`` : sql`and p.maquinaria_id = ${maquinariaId}`}
        order by m.placa, t.proximo_fecha nulls last, t.tarea_id`,
    ),
  ) as Omit<TareaMaquina, 'estado' | 'pronostico'>[];
  return rows.map((t) => ({
    ...t,
    estado: estadoTarea(t, t.medidor, today),
    pronostico: pronosticoTarea(t, t.medidor, t.uso_diario, today),
  }));
}
