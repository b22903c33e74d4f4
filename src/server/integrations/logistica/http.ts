// Logistics lookups against the real system (LOGISTICA_URL); every answer is written to the mirror,
// and the mirror answers when the system fails or does not know the order.
//
// Expected remote shapes (JSON; numbers may come as strings, dates as YYYY-MM-DD, DD/MM/YYYY or ISO):
//   GET {LOGISTICA_URL}/ordenes-compra/{anio}/{nro_ordencompra}
//     200 { orden_id, nro_ordencompra, anio, proveedor, proveedor_ruc?, fecha_ordencompra,
//           items: [{ insumo_codigo, insumo_name, cantidad, unimed, cotidet_marca?, precio_unitario? }],
//           guias?: [{ nro_guiaremision, fecha_guiaremision? }] }      404 unknown order
//   GET {LOGISTICA_URL}/ordenes-servicio/{anio}/{nro_orden}
//     200 { orden_id, nro_orden, anio, orden_fechadoc, pers_nombre,
//           items: [{ ordendet_item, ordendet_desart, reqadj_actividades?, reqadj_garantia?, monto? }] }   404 unknown
//     (monto: the item's amount in soles; missing or null: 0)
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clip, getJson, looseDate, parseRemote, remoteOrMirror, remoteUrl, reqClip, type HttpOptions } from '../shared';
import type { Logistica, PurchaseOrder, ServiceOrder } from './index';
import { mirrorPurchaseOrder, mirrorServiceOrder } from './local';
import { upsertPurchaseOrders, upsertServiceOrders } from './mirror';

const SOURCE = 'logistica';
const reqDate = looseDate.pipe(z.string());

export const remotePurchaseOrder = z.object({
  orden_id: z.coerce.number().int().positive(),
  nro_ordencompra: reqClip(20),
  anio: z.coerce.number().int().min(1990).max(2100),
  proveedor: reqClip(250),
  proveedor_ruc: clip(11),
  fecha_ordencompra: reqDate,
  items: z.array(
    z.object({
      insumo_codigo: reqClip(40),
      insumo_name: reqClip(250),
      cantidad: z.coerce.number().positive(),
      unimed: reqClip(20),
      cotidet_marca: clip(120),
      /** Soles per unit; an older system that sends none leaves the entry unvalued (0). */
      precio_unitario: z.coerce
        .number()
        .nonnegative()
        .max(9_999_999_999.9999)
        .nullish()
        .transform((v) => v ?? 0),
    }),
  ),
  guias: z
    .array(z.object({ nro_guiaremision: reqClip(40), fecha_guiaremision: looseDate }))
    .nullish()
    .transform((g) => g ?? []),
});

export const remoteServiceOrder = z.object({
  orden_id: z.coerce.number().int().positive(),
  nro_orden: reqClip(20),
  anio: z.coerce.number().int().min(1990).max(2100),
  orden_fechadoc: reqDate,
  pers_nombre: reqClip(250),
  items: z.array(
    z.object({
      ordendet_item: z.coerce.number().int().nonnegative(),
      ordendet_desart: reqClip(400),
      reqadj_actividades: clip(400),
      reqadj_garantia: clip(120),
      monto: z.coerce
        .number()
        .nonnegative()
        .max(9_999_999_999.99)
        .nullish()
        .transform((v) => Math.round((v ?? 0) * 100) / 100),
    }),
  ),
});

export function httpLogistica(db: Db, baseUrl: string, opts: HttpOptions = {}): Logistica {
  return {
    getPurchaseOrder: (nro, anio) =>
      remoteOrMirror(
        SOURCE,
        opts,
        async () => {
          const body = await getJson(SOURCE, remoteUrl(baseUrl, ['ordenes-compra', anio, nro.trim()]), opts);
          if (body === null) return null;
          const order: PurchaseOrder = parseRemote(SOURCE, remotePurchaseOrder, body);
          order.items = order.items.map((i) => ({
            ...i,
            cantidad: Math.round(i.cantidad * 100) / 100,
            precio_unitario: Math.round(i.precio_unitario * 10_000) / 10_000,
          }));
          await upsertPurchaseOrders(db, [order]);
          return mirrorPurchaseOrder(db, order.nro_ordencompra, order.anio);
        },
        () => mirrorPurchaseOrder(db, nro, anio),
      ),
    getServiceOrder: (nro, anio) =>
      remoteOrMirror(
        SOURCE,
        opts,
        async () => {
          const body = await getJson(SOURCE, remoteUrl(baseUrl, ['ordenes-servicio', anio, nro.trim()]), opts);
          if (body === null) return null;
          const order: ServiceOrder = parseRemote(SOURCE, remoteServiceOrder, body);
          await upsertServiceOrders(db, [order]);
          const items = await mirrorServiceOrder(db, order.nro_orden, order.anio);
          return items.length ? items : null;
        },
        () => mirrorServiceOrder(db, nro, anio),
      ),
  };
}
