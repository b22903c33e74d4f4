// Logistics system (purchase orders with items, brands and delivery notes; service orders for repairs):
// the interface the warehouse and repair modules call, and the record shapes it answers with.
export interface PurchaseOrderItem {
  insumo_codigo: string;
  insumo_name: string;
  cantidad: number;
  unimed: string;
  cotidet_marca: string | null;
  /** Unit price in soles (4 decimals); 0 when the logistics system gave none. */
  precio_unitario: number;
}

export interface DeliveryNote {
  nro_guiaremision: string;
  fecha_guiaremision: string | null;
}

export interface PurchaseOrder {
  orden_id: number;
  nro_ordencompra: string;
  anio: number;
  proveedor: string;
  /** Not part of the lookup contract; kept in the mirror (SUNAT cross-reference). */
  proveedor_ruc?: string | null;
  fecha_ordencompra: string;
  items: PurchaseOrderItem[];
  guias: DeliveryNote[];
}

export interface ServiceOrderItem {
  ordendet_desart: string;
  reqadj_actividades: string | null;
  reqadj_garantia: string | null;
  pers_nombre: string;
  orden_fechadoc: string;
  orden_id: number;
  ordendet_item: number;
  /** The item's amount in soles (0 when the logistics system gave none). */
  monto: number;
}

/** A service order as stored in the mirror: header plus its items. */
export interface ServiceOrder {
  orden_id: number;
  nro_orden: string;
  anio: number;
  orden_fechadoc: string;
  pers_nombre: string;
  items: {
    ordendet_item: number;
    ordendet_desart: string;
    reqadj_actividades: string | null;
    reqadj_garantia: string | null;
    monto: number;
  }[];
}

export interface Logistica {
  /** The purchase order `nro_ordencompra` of year `anio` (leading zeros ignored), or null. */
  getPurchaseOrder(nro_ordencompra: string, anio: number): Promise<PurchaseOrder | null>;
  /** The items of service order `nro_orden` of year `anio`, in item order; [] when unknown. */
  getServiceOrder(nro_orden: string, anio: number): Promise<ServiceOrderItem[]>;
}

/** Strips leading zeros so '0087' and '87' name the same order. */
export const orderNumberKey = (nro: string) => nro.trim().replace(/^0+(?=\d)/, '');
