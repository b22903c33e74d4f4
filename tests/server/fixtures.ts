// Warehouse fixtures of the server tests: machines, operators, purchase orders in the logistics mirror and
// the entry body the entry modal sends for them.
import type { Db } from '../../src/server/db/client';
import { extGuiasRemision, extOrdenesCompra, extOrdenesCompraDet, maquinarias, operadores } from '../../src/server/db/schema/index';

let plateSeq = 0;
export async function seedMachine(db: Db, descripcion = 'CARGADOR FRONTAL'): Promise<{ id: number; placa: string }> {
  const placa = `EG-${String(++plateSeq).padStart(3, '0')}${process.pid % 1000}`;
  const [m] = await db
    .insert(maquinarias)
    .values({ descripcion, marca: 'CATERPILLAR', modelo: '950H', placa, anio_fabrica: 2015 })
    .returning({ id: maquinarias.id, placa: maquinarias.placa });
  return m;
}

export async function seedOperator(db: Db, dni: string, nombres = 'QUISPE MAMANI, JUAN'): Promise<number> {
  const [o] = await db.insert(operadores).values({ dni, nombres }).returning({ id: operadores.operador_id });
  return o.id;
}

export interface OrderItemSeed {
  insumo_codigo: string;
  insumo_name: string;
  cantidad: number;
  unimed: string;
  cotidet_marca?: string | null;
  /** Unit price in soles (0 when left out). */
  precio_unitario?: number;
}

/** A purchase order in the logistics mirror (what POST /api/ingresos/getinforden looks up). */
export async function seedOrder(
  db: Db,
  o: {
    orden_id: number;
    nro: string;
    anio: number;
    proveedor?: string;
    items: OrderItemSeed[];
    guias?: { nro_guiaremision: string; fecha_guiaremision: string | null }[];
  },
): Promise<void> {
  await db.insert(extOrdenesCompra).values({
    orden_id: o.orden_id,
    nro_ordencompra: o.nro,
    anio: o.anio,
    proveedor: o.proveedor ?? 'FERRETERIA EL CONSTRUCTOR S.A.C.',
    fecha_ordencompra: `${o.anio}-01-15`,
  });
  await db.insert(extOrdenesCompraDet).values(o.items.map((i) => ({ ...i, cotidet_marca: i.cotidet_marca ?? null, orden_id: o.orden_id })));
  if (o.guias?.length) await db.insert(extGuiasRemision).values(o.guias.map((g) => ({ ...g, orden_id: o.orden_id })));
}

/** Entry body for every item of a seeded order, as the entry modal sends it. */
export function entryBody(nro: string, anio: number, items: OrderItemSeed[], extra: Record<string, unknown> = {}) {
  return {
    editorMode: 'crear',
    nro_ordencompra: nro,
    anio,
    fecha: `${anio}-02-01`,
    ingresos_det: items.map((i) => ({
      insumo: { insumo_codigo: i.insumo_codigo, insumo_name: i.insumo_name },
      cantidad: i.cantidad,
      unimed: i.unimed,
      marca: i.cotidet_marca ?? null,
    })),
    ...extra,
  };
}
