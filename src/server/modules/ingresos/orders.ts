// Purchase-order lookup for entries, through the logistics integration (HTTP with mirror, or the mirror).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { integrations, type PurchaseOrder } from '../../integrations/index';

export type { PurchaseOrder };

export function getPurchaseOrder(app: FastifyInstance, db: Db, nro: string, anio: number): Promise<PurchaseOrder | null> {
  return integrations(app.config, db).logistica.getPurchaseOrder(nro, anio);
}
