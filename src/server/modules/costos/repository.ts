// Cost queries: schedules with their lines (unit, price, whether a daily report uses the line), as JSON built
// by PostgreSQL (docs/architecture.md, "Writing a list endpoint").
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CostoRow } from '@shared/contract/costos';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { costos, costosDet, partesDiariosDet } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';

/** The lines of the schedule in insertion order; `en_uso` when a daily report bills the line. */
const lines = sql`coalesce((select json_agg(json_build_object(
    'costo_det_id', d.costo_det_id, 'costo_id', d.costo_id, 'descripcion', d.descripcion, 'precio', d.precio,
    'estado', d.estado, 'unidad', d.unidad,
    'en_uso', exists (select 1 from ${partesDiariosDet} u where u.costo_det_id = d.costo_det_id)) order by d.costo_det_id)
  from ${costosDet} d where d.costo_id = ${costos.id}), '[]'::json)`;

/** The hidden details column: 'service (unit) 180.00; …'. */
const detalle = sql<string>`coalesce((select string_agg(d.descripcion || ' (' || d.unidad || ') ' || to_char(d.precio, 'FM999999999990.00'), '; ' order by d.costo_det_id)
  from ${costosDet} d where d.costo_id = ${costos.id}), '')`;

function query(db: Db, where?: SQL) {
  return db
    .select(
      wire({
        id: costos.id,
        descripcion: costos.descripcion,
        estado: costos.estado,
        detalle,
        created_at: costos.created_at,
        costos_det: lines,
      }),
    )
    .from(costos)
    .where(where)
    .orderBy(desc(costos.created_at), desc(costos.id));
}

/** Every cost schedule, newest first, with its lines. */
export function listCostos(db: Db): Promise<JsonRows<CostoRow>> {
  return jsonRows(db, query(db));
}

export async function getCosto(db: Db, id: number): Promise<CostoRow> {
  const [row] = JSON.parse(await jsonRows<CostoRow>(db, query(db, eq(costos.id, id)))) as CostoRow[];
  if (!row) throw notFound(MSG.notFound);
  return row;
}
