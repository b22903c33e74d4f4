// Logistics lookups answered from the mirror tables (the default, and the fallback of the HTTP client).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extGuiasRemision, extOrdenesCompra, extOrdenesCompraDet, extOrdenesServicio, extOrdenesServicioDet } from '../../db/schema/index';
import { orderNumberKey, type Logistica, type PurchaseOrder, type ServiceOrderItem } from './index';
import { sameOrderNumber } from './mirror';

export async function mirrorPurchaseOrder(db: Db, nro: string, anio: number): Promise<PurchaseOrder | null> {
  const key = orderNumberKey(nro);
  if (!key) return null;
  const [head] = await db
    .select()
    .from(extOrdenesCompra)
    .where(and(eq(extOrdenesCompra.anio, anio), sameOrderNumber(extOrdenesCompra.nro_ordencompra, key)))
    .orderBy(sql`${extOrdenesCompra.nro_ordencompra} = ${nro.trim()} desc`)
    .limit(1);
  if (!head) return null;
  const [items, guias] = await Promise.all([
    db
      .select({
        insumo_codigo: extOrdenesCompraDet.insumo_codigo,
        insumo_name: extOrdenesCompraDet.insumo_name,
        cantidad: extOrdenesCompraDet.cantidad,
        unimed: extOrdenesCompraDet.unimed,
        cotidet_marca: extOrdenesCompraDet.cotidet_marca,
        precio_unitario: extOrdenesCompraDet.precio_unitario,
      })
      .from(extOrdenesCompraDet)
      .where(eq(extOrdenesCompraDet.orden_id, head.orden_id))
      .orderBy(asc(extOrdenesCompraDet.id)),
    db
      .select({ nro_guiaremision: extGuiasRemision.nro_guiaremision, fecha_guiaremision: extGuiasRemision.fecha_guiaremision })
      .from(extGuiasRemision)
      .where(eq(extGuiasRemision.orden_id, head.orden_id))
      .orderBy(asc(extGuiasRemision.fecha_guiaremision), asc(extGuiasRemision.id)),
  ]);
  return {
    orden_id: head.orden_id,
    nro_ordencompra: head.nro_ordencompra,
    anio: head.anio,
    proveedor: head.proveedor,
    proveedor_ruc: head.proveedor_ruc,
    fecha_ordencompra: head.fecha_ordencompra,
    items,
    guias,
  };
}

export async function mirrorServiceOrder(db: Db, nro: string, anio: number): Promise<ServiceOrderItem[]> {
  const key = orderNumberKey(nro);
  if (!key) return [];
  return db
    .select({
      ordendet_desart: extOrdenesServicioDet.ordendet_desart,
      reqadj_actividades: extOrdenesServicioDet.reqadj_actividades,
      reqadj_garantia: extOrdenesServicioDet.reqadj_garantia,
      pers_nombre: extOrdenesServicio.pers_nombre,
      orden_fechadoc: extOrdenesServicio.orden_fechadoc,
      orden_id: extOrdenesServicio.orden_id,
      ordendet_item: extOrdenesServicioDet.ordendet_item,
      monto: extOrdenesServicioDet.monto,
    })
    .from(extOrdenesServicio)
    .innerJoin(extOrdenesServicioDet, eq(extOrdenesServicioDet.orden_id, extOrdenesServicio.orden_id))
    .where(and(eq(extOrdenesServicio.anio, anio), sameOrderNumber(extOrdenesServicio.nro_orden, key)))
    .orderBy(asc(extOrdenesServicio.orden_id), asc(extOrdenesServicioDet.ordendet_item));
}

export function localLogistica(db: Db): Logistica {
  return {
    getPurchaseOrder: (nro, anio) => mirrorPurchaseOrder(db, nro, anio),
    getServiceOrder: (nro, anio) => mirrorServiceOrder(db, nro, anio),
  };
}
