// Request queries: list with machine plate and hidden details, one request with its lines, units.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PedidoRow } from '@shared/contract/pedidos';
import type { UnimedRow } from '@shared/contract/insumos';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, maquinarias, pedidos, pedidosDet, unimeds } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
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

export async function listPedidos(
  db: Db,
  f: { maquinaria_id?: number | null; fini?: string | null; ffin?: string | null },
): Promise<PedidoRow[]> {
  const rows = await db
    .select({ ...head, detalle })
    .from(pedidos)
    .innerJoin(maquinarias, eq(maquinarias.id, pedidos.maquinaria_id))
    .where(and(f.maquinaria_id ? eq(pedidos.maquinaria_id, f.maquinaria_id) : undefined, dateRangeWhere(pedidos.fecha, f)))
    .orderBy(desc(pedidos.fecha), desc(pedidos.pedido_id));
  return rows.map((r) => ({ ...r, created_at: isoTs(r.created_at) }));
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
