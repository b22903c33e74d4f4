// Machine queries: the list with every part's wear and the current meter, the parts of one machine, one
// machine, the meter at a date, the change history (the maintenance report) and a machine's plate (the check
// every record naming a machine makes). Wear comes from lib/wear.ts.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { CambioInsumoRow, MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { maquinarias } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { jsonRows, type JsonRows } from '../../lib/json-rows';
import { intList, rowsOf } from '../../lib/sql';
import { horometroActual, meterTotal, maquinariaInsumoColumns, maquinariaInsumoFrom, wearCtes } from '../../lib/wear';

/** The list's machine columns over `maquinarias m left join wear_machine wm`. */
const maquinariaColumns = sql`
  m.id, m.descripcion, m.marca, m.modelo, m.placa, m.estado, m.anio_fabrica as "año_fabrica", m.horometro,
  m.horometro_inicial, ${horometroActual} as horometro_actual,
  coalesce(wm.uso_diario, 0) as uso_diario, m.veh_id`;

/** The list query: machines (all, or some) with their parts, plate descending (the spec's default order). */
export function listQuery(ids: readonly number[] | null = null): SQL {
  const only = ids ? sql`where m.id in (${intList(ids)})` : sql``;
  return sql`with ${wearCtes({ maquinariaIds: ids })},
      wear_json as (
        select p.maquinaria_id, json_agg(p order by p.insumo_maq_id) as insumos
        from (select ${maquinariaInsumoColumns} from ${maquinariaInsumoFrom}) p
        group by p.maquinaria_id
      )
      select ${maquinariaColumns}, coalesce(wj.insumos, '[]'::json) as insumos
      from maquinarias m
      left join wear_machine wm on wm.maquinaria_id = m.id
      left join wear_json wj on wj.maquinaria_id = m.id
      ${only}
      order by m.placa desc, m.id`;
}

export function listMaquinarias(db: Db, ids: readonly number[] | null = null): Promise<JsonRows<MaquinariaRow>> {
  return jsonRows(db, listQuery(ids));
}

export async function maquinariasOf(db: Db, ids: readonly number[] | null): Promise<MaquinariaRow[]> {
  return JSON.parse(await listMaquinarias(db, ids)) as MaquinariaRow[];
}

/** The parts of one machine with their wear, by assignment order. */
export function insumosOf(db: Db, maquinariaId: number, insumoMaqIds?: readonly number[]): Promise<JsonRows<MaquinariaInsumo>> {
  return jsonRows(
    db,
    sql`with ${wearCtes({ maquinariaIds: [maquinariaId], insumoMaqIds: insumoMaqIds ?? null })}
      select ${maquinariaInsumoColumns} from ${maquinariaInsumoFrom} order by w.insumo_maq_id`,
  );
}

/** The machine's meter at the end of a day: its registration meter plus what its reports up to it worked (`medido_acum`). */
export async function meterAt(db: Db, maquinariaId: number, fecha: string): Promise<number> {
  const [r] = await rowsOf<{ v: string }>(
    db,
    sql`select (m.horometro_inicial + coalesce(${meterTotal(sql`m.id`, sql`${fecha}::date`)}, 0))::text as v
      from maquinarias m where m.id = ${maquinariaId}`,
  );
  return r ? Number(r.v) : 0;
}

/** The history columns (contract `cambioInsumoRow`) over `cambios_insumo c`. */
const cambioColumns = sql`
  c.id, c.insumo_maq_id, c.maquinaria_id, m.placa, c.insumo_id, i.insumo_codigo, i.insumo_name, c.fecha, c.observacion,
  c.horometro_pdiario, c.horometro_vehiculo, c.horas_acumuladas, coalesce(nullif(u.full_name, ''), u.username) as usuario,
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;
const cambioFrom = sql`cambios_insumo c
  join maquinarias m on m.id = c.maquinaria_id
  join insumos i on i.id = c.insumo_id
  left join usuarios u on u.id = c.user_id`;

export async function cambiosByIds(db: Db, ids: readonly number[]): Promise<CambioInsumoRow[]> {
  if (!ids.length) return [];
  return JSON.parse(
    await jsonRows<CambioInsumoRow>(db, sql`select ${cambioColumns} from ${cambioFrom} where c.id in (${intList(ids)}) order by c.id`),
  );
}

/** Part changes of some machines (null: all) in a date range, by plate, date and part. */
export async function cambiosInRange(db: Db, ids: readonly number[] | null, fini: string, ffin: string): Promise<CambioInsumoRow[]> {
  const only = ids ? sql`and c.maquinaria_id in (${intList(ids)})` : sql``;
  return JSON.parse(
    await jsonRows<CambioInsumoRow>(
      db,
      sql`select ${cambioColumns} from ${cambioFrom}
        where c.fecha between ${fini}::date and ${ffin}::date ${only}
        order by m.placa, c.fecha, i.insumo_name, c.id`,
    ),
  );
}

/** Plates of the machines asked for, in the order asked; 404 when one of them does not exist. */
export async function platesOf(db: Db, ids: readonly number[]): Promise<string[]> {
  const rows = await rowsOf<{ id: number; placa: string }>(db, sql`select id, placa from maquinarias where id in (${intList(ids)})`);
  if (rows.length !== ids.length) throw notFound(MSG.machineNotFound);
  return ids.map((id) => rows.find((m) => Number(m.id) === id)?.placa ?? '');
}

/** The machines registered with any of these plates (in any letter case): upper-case plate → machine id. */
export async function maquinariaIdsByPlate(db: Db, plates: readonly string[]): Promise<Map<string, number>> {
  if (plates.length === 0) return new Map();
  const machines = await rowsOf<{ id: number; placa: string }>(
    db,
    sql`select id, upper(placa) as placa from maquinarias where upper(placa) in (${sql.join(
      plates.map((p) => sql`${p.toUpperCase()}`),
      sql`, `,
    )})`,
  );
  return new Map(machines.map((m) => [m.placa, Number(m.id)]));
}

/** The machine's plate; a 400 on the field when there is no such machine (exits, reports, failures, repairs). */
export async function maquinariaPlate(db: Db, id: number): Promise<string> {
  const [m] = await db.select({ placa: maquinarias.placa }).from(maquinarias).where(eq(maquinarias.id, id));
  if (!m) throw badRequest(MSG.machineNotFound, { maquinaria_id: MSG.machineNotFound });
  return m.placa;
}
