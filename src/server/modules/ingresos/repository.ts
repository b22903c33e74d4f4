// Entry queries: the list with its delivery notes joined, and one entry with lines and notes.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { IngresoRow } from '@shared/contract/ingresos';
import type { ListDelta } from '@shared/contract/list-delta';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { guiasRemision, ingresos, ingresosDet, insumos } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { listDelta, type JsonText } from '../../lib/list-delta';
import { dateRangeWhere } from '../../lib/sql';
import { isoTs } from '../../lib/timestamps';

const guiasText = sql<string>`coalesce((select string_agg(g.nro_guiaremision || coalesce(' (' || g.fecha_guiaremision::text || ')', ''), ', ' order by g.id)
  from ${guiasRemision} g where g.ingreso_id = "ingresos"."id"), '')`;

type IngresoFilter = { fini?: string | null; ffin?: string | null };

/** The list's rows in the range (and `extra`), the newest first. */
function ingresosQuery(db: Db, range: IngresoFilter, extra?: SQL) {
  return db
    .select(
      wire({
        id: ingresos.id,
        fecha: ingresos.fecha,
        nro_ordencompra: ingresos.nro_ordencompra,
        anio: ingresos.anio,
        fecha_ordencompra: ingresos.fecha_ordencompra,
        proveedor: ingresos.proveedor,
        nro_guiaremision: ingresos.nro_guiaremision,
        fecha_guiaremision: ingresos.fecha_guiaremision,
        guias: guiasText,
        created_at: ingresos.created_at,
      }),
    )
    .from(ingresos)
    .where(and(dateRangeWhere(ingresos.fecha, range), extra))
    .orderBy(desc(ingresos.fecha), desc(ingresos.created_at), desc(ingresos.id));
}

export function listIngresos(db: Db, range: IngresoFilter): Promise<JsonRows<IngresoRow>> {
  return jsonRows(db, ingresosQuery(db, range));
}

/** The list's delta since a device's sync point (lib/list-delta.ts): an entry changes with its delivery notes (trigger). */
export function ingresosDelta(db: Db, f: IngresoFilter & { since?: string | null }): Promise<JsonText<ListDelta<IngresoRow>>> {
  return listDelta(
    db,
    {
      table: ingresos,
      key: ingresos.id,
      version: ingresos.version,
      filter: dateRangeWhere(ingresos.fecha, f),
      query: (extra) => ingresosQuery(db, f, extra),
    },
    f.since,
  );
}

export async function getIngreso(db: Db, id: number) {
  const [head] = await db.select().from(ingresos).where(eq(ingresos.id, id));
  if (!head) throw notFound(MSG.notFound);
  const lines = await db
    .select({
      id: ingresosDet.id,
      insumo_id: ingresosDet.insumo_id,
      insumo_codigo: insumos.insumo_codigo,
      insumo_name: insumos.insumo_name,
      cantidad: ingresosDet.cantidad,
      unimed: ingresosDet.unimed,
      marca: ingresosDet.marca,
      user_idx: ingresosDet.user_idx,
      precio_unitario: ingresosDet.precio_unitario,
    })
    .from(ingresosDet)
    .innerJoin(insumos, eq(insumos.id, ingresosDet.insumo_id))
    .where(eq(ingresosDet.ingreso_id, id))
    .orderBy(asc(ingresosDet.id));
  const guias = await db
    .select({ nro_guiaremision: guiasRemision.nro_guiaremision, fecha_guiaremision: guiasRemision.fecha_guiaremision })
    .from(guiasRemision)
    .where(eq(guiasRemision.ingreso_id, id))
    .orderBy(asc(guiasRemision.id));
  const { user_id: _u, ...rest } = head;
  return {
    ...rest,
    created_at: isoTs(head.created_at),
    guias_remision: guias,
    ingresos_det: lines.map(({ insumo_codigo, insumo_name, ...l }) => ({ ...l, insumo: { insumo_codigo, insumo_name } })),
  };
}
