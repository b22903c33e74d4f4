// Part wear counters (DESIGN §8): a part's counter is the machine's meter quantities from daily reports
// dated after its last change (or its assignment), never stored; shared by notifications and machinery.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export type WearBand = 'info' | 'warning' | 'danger';

export interface PartCounter {
  insumo_maq_id: number;
  maquinaria_id: number;
  insumo_id: number;
  insumo_codigo: string;
  insumo_name: string;
  placa: string;
  horometro: boolean;
  hour_warning: number;
  hour_critical: number;
  horas_limite: number;
  last_date_mantenimiento: string | null;
  /** Reports dated strictly after this date (YYYY-MM-DD, Lima) count. */
  desde: string;
  contador: number;
  /** Date of the newest report that added to the counter. */
  ultima_fecha: string | null;
}

export interface CounterFilter {
  maquinariaIds?: number[];
  insumoMaqIds?: number[];
}

/** The daily-report line unit that feeds a machine's meter: HORA for an hour meter, KM for an odometer. */
export const meterUnit = (horometro: boolean): 'HORA' | 'KM' => (horometro ? 'HORA' : 'KM');

/** Spec bands: below warning info, from warning up to below critical warning, from critical danger. */
export function wearBand(contador: number, hourWarning: number, hourCritical: number): WearBand {
  if (contador >= hourCritical) return 'danger';
  if (contador >= hourWarning) return 'warning';
  return 'info';
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((v) => sql`${v}`),
    sql`, `,
  );

/** Counters of every part assignment (optionally of some machines or assignments), one query. */
export async function partCounters(db: Db, filter: CounterFilter = {}): Promise<PartCounter[]> {
  const where: SQL[] = [];
  if (filter.maquinariaIds) {
    if (!filter.maquinariaIds.length) return [];
    where.push(sql`im.maquinaria_id in (${idList(filter.maquinariaIds)})`);
  }
  if (filter.insumoMaqIds) {
    if (!filter.insumoMaqIds.length) return [];
    where.push(sql`im.insumo_maq_id in (${idList(filter.insumoMaqIds)})`);
  }
  const since = sql`coalesce(im.last_date_mantenimiento, (im.create_insumo_maq at time zone 'America/Lima')::date)`;
  const result = await db.execute(sql`
    select im.insumo_maq_id, im.maquinaria_id, im.insumo_id, i.insumo_codigo, i.insumo_name, m.placa, m.horometro,
      im.hour_warning::text as hour_warning, im.hour_critical::text as hour_critical, im.horas_limite::text as horas_limite,
      to_char(im.last_date_mantenimiento, 'YYYY-MM-DD') as last_date_mantenimiento,
      to_char(${since}, 'YYYY-MM-DD') as desde,
      coalesce(sum(d.cantid), 0)::text as contador,
      to_char(max(case when d.pd_detalle_id is not null then p.fecha end), 'YYYY-MM-DD') as ultima_fecha
    from insumos_maquinaria im
    join maquinarias m on m.id = im.maquinaria_id
    join insumos i on i.id = im.insumo_id
    left join partes_diarios p on p.maquinaria_id = im.maquinaria_id and p.fecha > ${since}
    left join partes_diarios_det d on d.parte_id = p.parte_id
      and d.unidad = case when m.horometro then 'HORA' else 'KM' end
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    group by im.insumo_maq_id, m.id, i.id
    order by im.maquinaria_id, im.insumo_maq_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    insumo_maq_id: Number(r.insumo_maq_id),
    maquinaria_id: Number(r.maquinaria_id),
    insumo_id: Number(r.insumo_id),
    insumo_codigo: String(r.insumo_codigo),
    insumo_name: String(r.insumo_name),
    placa: String(r.placa),
    horometro: r.horometro === true || r.horometro === 't',
    hour_warning: Number(r.hour_warning),
    hour_critical: Number(r.hour_critical),
    horas_limite: Number(r.horas_limite),
    last_date_mantenimiento: (r.last_date_mantenimiento as string | null) ?? null,
    desde: String(r.desde),
    contador: Number(r.contador),
    ultima_fecha: (r.ultima_fecha as string | null) ?? null,
  }));
}
