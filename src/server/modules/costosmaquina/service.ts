// What each machine cost per month (docs/costs.md, "Cost per machine"): parts and fuel issued to it from the warehouse
// (valued exits), outside repairs, work-order labour at the configured rate, the meter it worked, and for rentals to
// third parties (rubro 1) the valuations' income beside the cost. Read only; nothing here is stored.
import { inArray, sql } from 'drizzle-orm';
import type { CostoMaquinaListBody, CostoMaquinaRow } from '@shared/contract/costosmaquina';
import { fromCents, toCents } from '@shared/domain/money';
import { MAX_MESES_COSTO, MES_RE, mesesEntre } from '@shared/domain/meses';
import { FIELD } from '@shared/messages';
import type { Db } from '../../db/client';
import { maquinarias } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { leerParametros } from '../parametros/service';

/** Litres in a (US) gallon: a fuel supply measured in gallons is reported in litres. */
const LITROS_POR_GALON = 3.785411784;
/** Unit abbreviations read as gallons (upper case); anything else is reported as is (litres, or the supply's own unit). */
const GALON_ABREVS = ['GLN', 'GAL', 'GL'];

export interface CostoMaquinaMes {
  maquinaria_id: number;
  /** 'YYYY-MM' */
  periodo: string;
  /** Meter worked in the month: hours on an hour meter, km on an odometer. */
  horas: number;
  repuestos: number;
  reparaciones: number;
  mano_obra: number;
  combustible_importe: number;
  combustible_litros: number;
  costo_total: number;
  costo_hora: number | null;
  litros_hora: number | null;
  ingresos: number;
  margen: number | null;
}

/** The first day of the month after 'YYYY-MM'. */
function nextMonthStart(m: string): string {
  const [y, mo] = m.split('-').map(Number);
  return mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
}

type Key = `${number}|${string}`;
interface Acc {
  horas: number;
  repuestos: number;
  reparaciones: number;
  mano_obra: number;
  combustible_importe: number;
  combustible_litros: number;
  ingresos: number;
}

/** Ratio to 2 decimals, null when the divisor is zero (no meter worked). */
const ratio = (num: number, den: number): number | null => (den > 0 ? Math.round((num / den) * 100) / 100 : null);

/**
 * Per machine and month of [desde, hasta] ('YYYY-MM', at most MAX_MESES_COSTO months), ordered by machine and month:
 * the rows of the machine-months with any meter worked, cost or income (the others are all zero and left out).
 * Amounts in soles with 2 decimals, summed in cents.
 */
export async function costosPorMaquina(
  db: Db,
  f: { desde: string; hasta: string; maquinaria_id?: number | null },
): Promise<CostoMaquinaMes[]> {
  if (!MES_RE.test(f.desde) || !MES_RE.test(f.hasta)) throw badRequest(FIELD.month);
  const n = mesesEntre(f.desde, f.hasta);
  if (n < 1) throw badRequest(FIELD.monthOrder);
  if (n > MAX_MESES_COSTO) throw badRequest(FIELD.monthRange(MAX_MESES_COSTO));
  const ini = `${f.desde}-01`;
  const fin = nextMonthStart(f.hasta); // exclusive
  const maq = f.maquinaria_id ?? null;
  const onMaq = (col: ReturnType<typeof sql>) => (maq == null ? sql`` : sql`and ${col} = ${maq}`);
  const { tarifa_mano_obra } = await leerParametros(db);

  // Warehouse exits to the machine (work-order parts included: their exit carries the order's machine), valued at the
  // kardex's average; fuel supplies apart, their quantity in litres when the unit is a gallon.
  const galones = sql.join(
    GALON_ABREVS.map((g) => sql`${g}`),
    sql`, `,
  );
  const salidas = rowsOf<{ id: number; p: string; rep: string; comb: string; litros: string }>(
    db,
    sql`select s.maquinaria_id as id, to_char(s.fecha, 'YYYY-MM') as p,
        coalesce(sum(mv.importe) filter (where not i.es_combustible), 0)::text as rep,
        coalesce(sum(mv.importe) filter (where i.es_combustible), 0)::text as comb,
        coalesce(sum(case when upper(u.unimed_abrev) in (${galones}) then mv.salida * ${LITROS_POR_GALON} else mv.salida end)
          filter (where i.es_combustible), 0)::text as litros
      from salidas s
      join salidas_det d on d.salida_id = s.id
      join movimientos mv on mv.salida_det_id = d.salida_det_id and mv.tipo = 'SALIDA'
      join insumos i on i.id = d.insumo_id
      join unimeds u on u.unimed_id = i.unimed_id
      where s.fecha >= ${ini}::date and s.fecha < ${fin}::date ${onMaq(sql`s.maquinaria_id`)}
      group by 1, 2`,
  );
  // From the monthly summary (indicadores_mes, kept by triggers): outside repairs by the repair's date, work-order
  // labour by the day it was worked (annulled orders do not count), and the meter worked, the sum of the meter
  // summary's days of the month: the machine's worked-meter running total (the wear counters' `meterTotal`) at the
  // month's end less the one at the end of the month before.
  const resumen = rowsOf<{ id: number; p: string; rep: string; mo: string; horas: string }>(
    db,
    sql`select x.maquinaria_id as id, to_char(x.mes, 'YYYY-MM') as p, x.reparacion_monto::text as rep,
        x.mano_obra_horas::text as mo, x.medido::text as horas
      from indicadores_mes x
      where x.mes >= ${ini}::date and x.mes < ${fin}::date ${onMaq(sql`x.maquinaria_id`)}
        and (x.reparacion_monto <> 0 or x.mano_obra_horas <> 0 or x.medido <> 0)`,
  );
  // Income of rentals to third parties: the amounts (before IGV) of the daily reports a rubro-1 valuation bills, by
  // the report's date.
  const ingresos = rowsOf<{ id: number; p: string; v: string }>(
    db,
    sql`select p.maquinaria_id as id, to_char(p.fecha, 'YYYY-MM') as p, sum(p.monto)::text as v
      from partes_diarios p
      join valorizaciones v on v.valoriza_id = p.valoriza_id
      where v.rubro = 1 and p.fecha >= ${ini}::date and p.fecha < ${fin}::date ${onMaq(sql`p.maquinaria_id`)}
      group by 1, 2`,
  );

  const acc = new Map<Key, Acc>();
  const at = (id: number, p: string): Acc => {
    const k: Key = `${Number(id)}|${p}`;
    let a = acc.get(k);
    if (!a) {
      a = { horas: 0, repuestos: 0, reparaciones: 0, mano_obra: 0, combustible_importe: 0, combustible_litros: 0, ingresos: 0 };
      acc.set(k, a);
    }
    return a;
  };
  const [s, res, ing] = await Promise.all([salidas, resumen, ingresos]);
  for (const x of s) {
    const a = at(x.id, x.p);
    a.repuestos += toCents(x.rep);
    a.combustible_importe += toCents(x.comb);
    a.combustible_litros += toCents(x.litros);
  }
  for (const x of res) {
    const a = at(x.id, x.p);
    a.reparaciones += toCents(x.rep);
    // Hours × rate, rounded to the cent once per machine and month.
    a.mano_obra += toCents(Number(x.mo) * tarifa_mano_obra);
    a.horas += toCents(x.horas);
  }
  for (const x of ing) at(x.id, x.p).ingresos += toCents(x.v);

  const out: CostoMaquinaMes[] = [];
  for (const [k, a] of acc) {
    const [id, periodo] = k.split('|');
    const total = a.repuestos + a.reparaciones + a.mano_obra + a.combustible_importe;
    if (total === 0 && a.horas === 0 && a.ingresos === 0 && a.combustible_litros === 0) continue;
    out.push({
      maquinaria_id: Number(id),
      periodo,
      horas: fromCents(a.horas),
      repuestos: fromCents(a.repuestos),
      reparaciones: fromCents(a.reparaciones),
      mano_obra: fromCents(a.mano_obra),
      combustible_importe: fromCents(a.combustible_importe),
      combustible_litros: fromCents(a.combustible_litros),
      costo_total: fromCents(total),
      costo_hora: ratio(total, a.horas),
      litros_hora: ratio(a.combustible_litros, a.horas),
      ingresos: fromCents(a.ingresos),
      margen: a.ingresos > 0 ? fromCents(a.ingresos - total) : null,
    });
  }
  return out.sort((x, y) => x.maquinaria_id - y.maquinaria_id || x.periodo.localeCompare(y.periodo));
}

/**
 * The screen's rows: per machine, the sums of its months in the range, with the ratios of the sums (an hour-weighted
 * cost per hour, not an average of monthly ratios), its plate, description and meter kind; by plate.
 */
export async function listCostosMaquina(db: Db, body: CostoMaquinaListBody): Promise<CostoMaquinaRow[]> {
  const meses = await costosPorMaquina(db, { desde: body.desde, hasta: body.hasta, maquinaria_id: body.maquinaria_id || null });
  const sums = new Map<number, Acc & { total: number }>();
  for (const m of meses) {
    const a = sums.get(m.maquinaria_id) ?? {
      horas: 0,
      repuestos: 0,
      reparaciones: 0,
      mano_obra: 0,
      combustible_importe: 0,
      combustible_litros: 0,
      ingresos: 0,
      total: 0,
    };
    a.horas += toCents(m.horas);
    a.repuestos += toCents(m.repuestos);
    a.reparaciones += toCents(m.reparaciones);
    a.mano_obra += toCents(m.mano_obra);
    a.combustible_importe += toCents(m.combustible_importe);
    a.combustible_litros += toCents(m.combustible_litros);
    a.ingresos += toCents(m.ingresos);
    a.total += toCents(m.costo_total);
    sums.set(m.maquinaria_id, a);
  }
  if (sums.size === 0) return [];
  const maqs = await db
    .select({ id: maquinarias.id, placa: maquinarias.placa, descripcion: maquinarias.descripcion, horometro: maquinarias.horometro })
    .from(maquinarias)
    .where(inArray(maquinarias.id, [...sums.keys()]));
  return maqs
    .map((m) => {
      const a = sums.get(m.id)!;
      return {
        maquinaria_id: m.id,
        placa: m.placa,
        descripcion: m.descripcion,
        horometro: m.horometro,
        horas: fromCents(a.horas),
        repuestos: fromCents(a.repuestos),
        reparaciones: fromCents(a.reparaciones),
        mano_obra: fromCents(a.mano_obra),
        combustible_importe: fromCents(a.combustible_importe),
        combustible_litros: fromCents(a.combustible_litros),
        costo_total: fromCents(a.total),
        costo_hora: ratio(a.total, a.horas),
        litros_hora: ratio(a.combustible_litros, a.horas),
        ingresos: fromCents(a.ingresos),
        margen: a.ingresos > 0 ? fromCents(a.ingresos - a.total) : null,
      };
    })
    .sort((x, y) => x.placa.localeCompare(y.placa));
}
