// Request queries: list with machine plate and hidden details, one request with its lines, units.
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { ListDelta } from '@shared/contract/list-delta';
import type { PedidoRow } from '@shared/contract/pedidos';
import type { UnimedRow } from '@shared/contract/insumos';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, pedidos, pedidosDet, unimeds } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { listDelta, type JsonText } from '../../lib/list-delta';
import { dateRangeWhere } from '../../lib/sql';
import { isoTs } from '../../lib/timestamps';

const detalle = sql<string>`coalesce((select string_agg(i.insumo_codigo || ' ' || i.insumo_name || ' x ' || trim_scale(d.cantidad)::text || ' ' || u.unimed_abrev, '; ' order by d.pedido_det_id)
  from ${pedidosDet} d join ${insumos} i on i.id = d.insumo_id join ${unimeds} u on u.unimed_id = d.unimed_id where d.pedido_id = "pedidos"."pedido_id"), '')`;

const head = {
  pedido_id: pedidos.pedido_id,
  fecha: pedidos.fecha,
  maquinaria_id: pedidos.maquinaria_id,
  placa: maquinarias.placa,
  estado: pedidos.estado,
  observacion: pedidos.observacion,
  created_at: pedidos.created_at,
};

type PedidoFilter = { maquinaria_id?: number | null; fini?: string | null; ffin?: string | null };

const pedidoFilter = (f: PedidoFilter) =>
  and(f.maquinaria_id ? eq(pedidos.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(pedidos.fecha, f));

/** The list's rows matching `f` (and `extra`), the newest first. */
function pedidosQuery(db: Db, f: PedidoFilter, extra?: SQL) {
  return db
    .select(wire({ ...head, detalle }))
    .from(pedidos)
    .innerJoin(maquinarias, eq(maquinarias.id, pedidos.maquinaria_id))
    .where(and(pedidoFilter(f), extra))
    .orderBy(desc(pedidos.fecha), desc(pedidos.pedido_id));
}

export function listPedidos(db: Db, f: PedidoFilter): Promise<JsonRows<PedidoRow>> {
  return jsonRows(db, pedidosQuery(db, f));
}

/**
 * The list's delta since a device's sync point (lib/list-delta.ts): a request changes with its lines (trigger), its
 * machine's plate and a supply's code or name in its detail text.
 */
export function pedidosDelta(db: Db, f: PedidoFilter & { since?: string | null }): Promise<JsonText<ListDelta<PedidoRow>>> {
  return listDelta(
    db,
    {
      table: pedidos,
      key: pedidos.pedido_id,
      version: pedidos.version,
      filter: pedidoFilter(f),
      query: (extra) => pedidosQuery(db, f, extra),
      touched: (since) => [
        gte(maquinarias.version, since),
        sql`${pedidos.pedido_id} in (select d.pedido_id from ${pedidosDet} d where d.insumo_id in (select i.id from ${insumos} i where i.version >= ${since}))`,
      ],
    },
    f.since,
  );
}

export async function getPedido(db: Db, id: number) {
  const [row] = await db
    .select(head)
    .from(pedidos)
    .innerJoin(maquinarias, eq(maquinarias.id, pedidos.maquinaria_id))
    .where(eq(pedidos.pedido_id, id));
  if (!row) throw notFound(MSG.notFound);
  const lines = await db
    .select({
      pedido_det_id: pedidosDet.pedido_det_id,
      pedido_id: pedidosDet.pedido_id,
      insumo_id: pedidosDet.insumo_id,
      insumo_name: insumos.insumo_name,
      insumo_codigo: insumos.insumo_codigo,
      unimed_id: pedidosDet.unimed_id,
      unimed_abrev: unimeds.unimed_abrev,
      cantidad: pedidosDet.cantidad,
    })
    .from(pedidosDet)
    .innerJoin(insumos, eq(insumos.id, pedidosDet.insumo_id))
    .innerJoin(unimeds, eq(unimeds.unimed_id, pedidosDet.unimed_id))
    .where(eq(pedidosDet.pedido_id, id))
    .orderBy(asc(pedidosDet.pedido_det_id));
  return { ...row, created_at: isoTs(row.created_at), pedidos_det: lines };
}

export function listUnimeds(db: Db): Promise<UnimedRow[]> {
  return db.select({ unimed_id: unimeds.unimed_id, unimed_abrev: unimeds.unimed_abrev }).from(unimeds).orderBy(asc(unimeds.unimed_abrev));
}
