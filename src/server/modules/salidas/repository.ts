// Exit queries: list with machine, operator and the hidden detail text; one exit with its lines and stock.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SalidaDetail, SalidaLineOut, SalidaRow, ValeUse } from '@shared/contract/salidas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, operadores, salidas, salidasDet, unimeds } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
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

export function listSalidas(db: Db, f: SalidaFilter): Promise<JsonRows<SalidaRow>> {
  return jsonRows(
    db,
    db
      .select(wire({ ...head, detalle }))
      .from(salidas)
      .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
      .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
      .where(and(f.maquinaria_id ? eq(salidas.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(salidas.fecha, f)))
      .orderBy(desc(salidas.fecha), desc(salidas.created_at), desc(salidas.id)),
  );
}

export async function getSalidaLines(db: Db, salidaId: number): Promise<SalidaLineOut[]> {
  const lines = await db
    .select({
      salida_det_id: salidasDet.salida_det_id,
      salida_id: salidasDet.salida_id,
      insumo_id: salidasDet.insumo_id,
      insumo_codigo: insumos.insumo_codigo,
      insumo_name: insumos.insumo_name,
      unimed: unimeds.unimed_abrev,
      cantidad: salidasDet.cantidad,
      stock: insumos.stock,
      observacion: salidasDet.observacion,
    })
    .from(salidasDet)
    .innerJoin(insumos, eq(insumos.id, salidasDet.insumo_id))
    .innerJoin(unimeds, eq(unimeds.unimed_id, insumos.unimed_id))
    .where(eq(salidasDet.salida_id, salidaId))
    .orderBy(asc(salidasDet.salida_det_id));
  return lines.map((l) => ({ ...l, old_cantidad: l.cantidad }));
}

export async function getSalida(db: Db, id: number): Promise<SalidaDetail> {
  const [row] = await db
    .select(head)
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
    .where(eq(salidas.id, id));
  if (!row) throw notFound(MSG.notFound);
  return { ...row, created_at: isoTs(row.created_at), salidas_det: await getSalidaLines(db, id) };
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
