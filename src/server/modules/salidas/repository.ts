// Exit queries: list with machine, operator and the hidden detail text; one exit with its lines and stock.
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListDelta } from '@shared/contract/list-delta';
import type { SalidaDetail, SalidaLineOut, SalidaRow, ValeUse } from '@shared/contract/salidas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, operadores, salidas, salidasDet, unimeds } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { listDelta, type JsonText } from '../../lib/list-delta';
import { dateRangeWhere } from '../../lib/sql';
import { isoTs } from '../../lib/timestamps';

/** Hidden detail of an exit, 'CODE NAME x qty; …' in line order (searched by the list's filter box). */
const detalle = sql<string>`coalesce((select string_agg(i.insumo_codigo || ' ' || i.insumo_name || ' x ' || trim_scale(d.cantidad)::text, '; ' order by d.salida_det_id)
  from ${salidasDet} d join ${insumos} i on i.id = d.insumo_id where d.salida_id = ${salidas.id}), '')`;

const head = {
  id: salidas.id,
  fecha: salidas.fecha,
  nro_vale: salidas.nro_vale,
  maquinaria_id: salidas.maquinaria_id,
  maquinaria: maquinarias.descripcion,
  placa: maquinarias.placa,
  operador_id: salidas.operador_id,
  operador_dni: operadores.dni,
  operador_name: operadores.nombres,
  created_at: salidas.created_at,
};

export interface SalidaFilter {
  maquinaria_id?: number | null;
  fini?: string | null;
  ffin?: string | null;
}

const salidaFilter = (f: SalidaFilter) =>
  and(f.maquinaria_id ? eq(salidas.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(salidas.fecha, f));

/** The list's rows matching `f` (and `extra`), the newest first. */
function salidasQuery(db: Db, f: SalidaFilter, extra?: SQL) {
  return db
    .select(wire({ ...head, detalle }))
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
    .where(and(salidaFilter(f), extra))
    .orderBy(desc(salidas.fecha), desc(salidas.created_at), desc(salidas.id));
}

export function listSalidas(db: Db, f: SalidaFilter): Promise<JsonRows<SalidaRow>> {
  return jsonRows(db, salidasQuery(db, f));
}

/**
 * The list's delta since a device's sync point (lib/list-delta.ts): an exit changes with its lines (trigger), its
 * machine's name or plate, its operator's DNI or name, and a supply's code or name in its detail text.
 */
export function salidasDelta(db: Db, f: SalidaFilter & { since?: string | null }): Promise<JsonText<ListDelta<SalidaRow>>> {
  return listDelta(
    db,
    {
      table: salidas,
      key: salidas.id,
      version: salidas.version,
      filter: salidaFilter(f),
      query: (extra) => salidasQuery(db, f, extra),
      touched: (since) => [
        gte(maquinarias.version, since),
        gte(operadores.version, since),
        sql`${salidas.id} in (select d.salida_id from ${salidasDet} d where d.insumo_id in (select i.id from ${insumos} i where i.version >= ${since}))`,
      ],
    },
    f.since,
  );
}

/**
 * The lines of the exit in the current row, in line order, as one JSON value (the view and every save's answer read
 * the exit in one query: a replay of a long offline queue pays each query once per exit).
 */
const lines = sql<Omit<SalidaLineOut, 'old_cantidad'>[]>`coalesce((select json_agg(json_build_object(
    'salida_det_id', d.salida_det_id, 'salida_id', d.salida_id, 'insumo_id', d.insumo_id,
    'insumo_codigo', i.insumo_codigo, 'insumo_name', i.insumo_name, 'unimed', u.unimed_abrev,
    'cantidad', d.cantidad, 'stock', i.stock, 'observacion', d.observacion) order by d.salida_det_id)
  from ${salidasDet} d join ${insumos} i on i.id = d.insumo_id join ${unimeds} u on u.unimed_id = i.unimed_id
  where d.salida_id = ${salidas.id}), '[]'::json)`;

function detailQuery(db: Db, where: SQL) {
  return db
    .select({ ...head, salidas_det: lines })
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
    .where(where);
}

function detailOf(row: Awaited<ReturnType<typeof detailQuery>>[number]): SalidaDetail {
  const salidas_det = row.salidas_det.map((l) => ({ ...l, old_cantidad: l.cantidad }));
  // Joined to its operator, so never null here (only a work order's exit has none, and it is read with its order).
  return { ...row, operador_id: row.operador_id ?? 0, created_at: isoTs(row.created_at), salidas_det };
}

export async function getSalida(db: Db, id: number): Promise<SalidaDetail> {
  const [row] = await detailQuery(db, eq(salidas.id, id));
  if (!row) throw notFound(MSG.notFound);
  return detailOf(row);
}

/** Several exits as getSalida reads each, in the order of `ids` (the exits a batch saved together). */
export async function getSalidas(db: Db, ids: readonly number[]): Promise<SalidaDetail[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await detailQuery(db, inArray(salidas.id, [...ids]))).map((r) => [r.id, detailOf(r)]));
  return ids.map((id) => {
    const d = byId.get(id);
    if (!d) throw notFound(MSG.notFound);
    return d;
  });
}

/** Exits already carrying voucher `nro` (compared without case or surrounding spaces), newest first. */
export async function findVale(db: Db, nro: string): Promise<ValeUse[]> {
  const rows = await db
    .select({ id: salidas.id, fecha: salidas.fecha, placa: maquinarias.placa })
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .where(sql`upper(trim(${salidas.nro_vale})) = upper(${nro.trim()})`)
    .orderBy(desc(salidas.fecha), desc(salidas.id))
    .limit(5);
  return rows.map((r) => ({ ...r, fecha: String(r.fecha) }));
}
