// Exit queries: list with machine, operator and the hidden detail text; one exit with its lines and stock.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SalidaLineOut, SalidaRow } from '@shared/contract/salidas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, operadores, salidas, salidasDet, unimeds } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { dateRangeWhere, intList, rowsOf } from '../../lib/sql';
import { isoTs } from '../../lib/timestamps';

/** Hidden detail per exit, 'CODE NAME x qty; …', aggregated once for the exits of the page. */
async function detailsOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    const rows = await rowsOf<{ salida_id: number; detalle: string }>(
      db,
      sql`select d.salida_id, string_agg(i.insumo_codigo || ' ' || i.insumo_name || ' x ' || trim_scale(d.cantidad)::text, '; ' order by d.salida_det_id) as detalle
          from ${salidasDet} d join ${insumos} i on i.id = d.insumo_id where d.salida_id in (${intList(part)}) group by d.salida_id`,
    );
    for (const r of rows) out.set(r.salida_id, r.detalle);
  }
  return out;
}

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

export async function listSalidas(db: Db, f: SalidaFilter): Promise<SalidaRow[]> {
  const rows = await db
    .select(head)
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
    .where(and(f.maquinaria_id ? eq(salidas.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(salidas.fecha, f)))
    .orderBy(desc(salidas.fecha), desc(salidas.created_at), desc(salidas.id));
  const details = await detailsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, detalle: details.get(r.id) ?? '', created_at: isoTs(r.created_at) }));
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

export async function getSalida(db: Db, id: number) {
  const [row] = await db
    .select(head)
    .from(salidas)
    .innerJoin(maquinarias, eq(maquinarias.id, salidas.maquinaria_id))
    .innerJoin(operadores, eq(operadores.operador_id, salidas.operador_id))
    .where(eq(salidas.id, id));
  if (!row) throw notFound(MSG.notFound);
  return { ...row, created_at: isoTs(row.created_at), salidas_det: await getSalidaLines(db, id) };
}
