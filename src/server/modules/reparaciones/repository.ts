// Repair queries: the list (machine, order, provider, warranty, repaired failure) and one repair for its modal.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReparacionDetail, ReparacionRow } from '@shared/contract/reparaciones';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, maquinarias, reparaciones } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { dateRangeWhere } from '../../lib/sql';
import { isoTimestamp } from '../../lib/timestamps';

const columns = {
  reparacion_id: reparaciones.reparacion_id,
  nro_orden: reparaciones.nro_orden,
  anio: reparaciones.anio,
  orden_id: reparaciones.orden_id,
  ordendet_item: reparaciones.ordendet_item,
  maquinaria_id: reparaciones.maquinaria_id,
  maquinaria: sql<
    ReparacionRow['maquinaria']
  >`json_build_object('id', ${maquinarias.id}, 'placa', ${maquinarias.placa}, 'descripcion', ${maquinarias.descripcion})`,
  placa: maquinarias.placa,
  servicio: reparaciones.servicio,
  descripcion: reparaciones.descripcion,
  detalle: reparaciones.detalle,
  proveedor: reparaciones.proveedor,
  garantia: reparaciones.garantia,
  fecha: reparaciones.fecha,
  monto: reparaciones.monto,
  falla_id: reparaciones.falla_id,
  falla: fallas.descripcion,
  created_at: isoTimestamp(reparaciones.created_at),
};

const onMaquinaria = eq(maquinarias.id, reparaciones.maquinaria_id);
const onFailure = eq(fallas.falla_id, reparaciones.falla_id);

export interface ReparacionFilter {
  maquinaria_id?: number | null;
  fini?: string | null;
  ffin?: string | null;
}

export function listReparaciones(db: Db, f: ReparacionFilter): Promise<JsonRows<ReparacionRow>> {
  return jsonRows(
    db,
    db
      .select(wire(columns))
      .from(reparaciones)
      .innerJoin(maquinarias, onMaquinaria)
      .leftJoin(fallas, onFailure)
      .where(and(f.maquinaria_id ? eq(reparaciones.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(reparaciones.fecha, f)))
      .orderBy(desc(reparaciones.fecha), desc(reparaciones.created_at), desc(reparaciones.reparacion_id)),
  );
}

export async function getReparacion(db: Db, id: number): Promise<ReparacionDetail> {
  const [row] = await db
    .select(columns)
    .from(reparaciones)
    .innerJoin(maquinarias, onMaquinaria)
    .leftJoin(fallas, onFailure)
    .where(eq(reparaciones.reparacion_id, id));
  if (!row) throw notFound(MSG.notFound);
  return { ...row, old_falla: row.falla_id };
}
