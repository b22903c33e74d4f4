// The maintenance alerts of the bell and Inicio (docs/architecture.md, "Hoja de vida" and "Machine state"): plan tasks
// due soon or overdue (estadoTarea against the machine's current meter), work orders waiting for parts, readings
// refused from the field lately, and machines not OPERATIVO for more than the configured days. Each kind goes only to
// the users holding a code of the screen it concerns (ALERTA_CODES).
import { sql } from 'drizzle-orm';
import { MENU, PARTES_SCREEN_CODES, ROLE } from '@shared/auth/permissions';
import {
  LECTURAS_RECIENTES_DIAS,
  type InicioDetenida,
  type InicioLectura,
  type InicioOrden,
  type InicioTarea,
} from '@shared/contract/inicio';
import type { Db } from '../../db/client';
import { ajustes } from '../../db/schema/index';
import { jsonRows } from '../../lib/json-rows';
import { tareasConEstado } from '../hojadevida/tareas';

/** Who is told of each kind of alert: any one of these codes. */
export const ALERTA_CODES = {
  tareas: [MENU.mantenimientoPreventivo, ROLE.planNuevo, MENU.ordenesTrabajo],
  ordenes: [MENU.ordenesTrabajo, ROLE.ordenEjecutar, MENU.salidas],
  lecturas: [ROLE.lecturaCorregir, ...PARTES_SCREEN_CODES],
  detenidas: [MENU.maquinarias, MENU.mantenimientoPreventivo, MENU.reporteMaquinaria, MENU.ordenesTrabajo],
} as const;

export const allowed = (roles: readonly number[], codes: readonly number[]) => codes.some((c) => roles.includes(c));

/** The setting (table ajustes) of the days a machine may stay stopped before it is announced, and its default. */
export const DIAS_DETENIDA_KEY = 'diasMaquinaDetenida';
export const DIAS_DETENIDA_DEFAULT = 7;

export async function diasDetenida(db: Db): Promise<number> {
  const rows = await db.select().from(ajustes);
  const v = Number(rows.find((r) => r.key === DIAS_DETENIDA_KEY)?.value);
  return Number.isInteger(v) && v >= 0 ? v : DIAS_DETENIDA_DEFAULT;
}

/** Overdue and due-soon tasks of the fleet, the overdue first, each by its forecast. */
export async function tareasAlerta(db: Db, today: string): Promise<{ vencidas: InicioTarea[]; proximas: InicioTarea[] }> {
  const vencidas: InicioTarea[] = [];
  const proximas: InicioTarea[] = [];
  for (const t of await tareasConEstado(db, today)) {
    if (t.estado === 'al_dia') continue;
    const item: InicioTarea = {
      tarea_id: t.tarea_id,
      maquinaria_id: t.maquinaria_id,
      placa: t.placa,
      plan: t.plan,
      nombre: t.nombre,
      proximo_medidor: t.proximo_medidor,
      proximo_fecha: t.proximo_fecha,
      pronostico: t.pronostico,
    };
    (t.estado === 'vencida' ? vencidas : proximas).push(item);
  }
  const byForecast = (a: InicioTarea, b: InicioTarea) => (a.pronostico ?? '9999').localeCompare(b.pronostico ?? '9999');
  return { vencidas: vencidas.sort(byForecast), proximas: proximas.sort(byForecast) };
}

const parse = async <T>(text: Promise<string>): Promise<T[]> => JSON.parse(await text) as T[];

/** Work orders EN ESPERA DE REPUESTOS, the longest waiting first. */
export function ordenesEnEspera(db: Db, limit: number): Promise<InicioOrden[]> {
  return parse(
    jsonRows<InicioOrden>(
      db,
      sql`select o.ot_id, o.anio, o.numero, o.maquinaria_id, m.placa, o.descripcion,
          to_char(o.updated_at at time zone 'America/Lima', 'YYYY-MM-DD') as fecha
        from ordenes_trabajo o join maquinarias m on m.id = o.maquinaria_id
        where o.estado = 'EN ESPERA DE REPUESTOS'
        order by o.updated_at, o.ot_id
        limit ${limit}`,
    ),
  );
}

/** Readings refused in the last LECTURAS_RECIENTES_DIAS days, newest first. */
export function lecturasRechazadas(db: Db, limit: number): Promise<InicioLectura[]> {
  return parse(
    jsonRows<InicioLectura>(
      db,
      sql`select l.id, l.maquinaria_id, m.placa, l.nro_parte_interno, l.fecha, l.mensaje,
          to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from lecturas_rechazadas l join maquinarias m on m.id = l.maquinaria_id
        where l.created_at >= now() - make_interval(days => ${LECTURAS_RECIENTES_DIAS})
        order by l.created_at desc, l.id desc
        limit ${limit}`,
    ),
  );
}

/** Machines not OPERATIVO whose current state began more than `dias` days ago, the longest stopped first. */
export function maquinasDetenidas(db: Db, dias: number, limit: number): Promise<InicioDetenida[]> {
  return parse(
    jsonRows<InicioDetenida>(
      db,
      sql`select m.id as maquinaria_id, m.placa, m.descripcion, m.estado,
          to_char(e.desde at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as desde,
          floor(extract(epoch from now() - e.desde) / 86400)::int as dias
        from maquinarias m join maquinarias_estados e on e.maquinaria_id = m.id and e.hasta is null
        where m.estado <> 0 and e.desde < now() - make_interval(days => ${dias})
        order by e.desde, m.id
        limit ${limit}`,
    ),
  );
}

/** Counts for the cards (the lists above are cut at a few items). */
export async function alertTotals(db: Db, dias: number): Promise<{ ordenes: number; lecturas: number; detenidas: number }> {
  const [r] = JSON.parse(
    await jsonRows<{ ordenes: number; lecturas: number; detenidas: number }>(
      db,
      sql`select
        (select count(*) from ordenes_trabajo where estado = 'EN ESPERA DE REPUESTOS')::int as ordenes,
        (select count(*) from lecturas_rechazadas where created_at >= now() - make_interval(days => ${LECTURAS_RECIENTES_DIAS}))::int as lecturas,
        (select count(*) from maquinarias m join maquinarias_estados e on e.maquinaria_id = m.id and e.hasta is null
          where m.estado <> 0 and e.desde < now() - make_interval(days => ${dias}))::int as detenidas`,
    ),
  ) as { ordenes: number; lecturas: number; detenidas: number }[];
  return r;
}
