// Kardex writes: the INGRESO / SALIDA movements that mirror entry and exit lines, kept in sync on edit/delete.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { movimientos } from '../../db/schema/index';

export interface IngresoMovimiento {
  ingreso_det_id: number;
  insumo_id: number;
  cantidad: number;
}
export interface SalidaMovimiento {
  salida_det_id: number;
  insumo_id: number;
  cantidad: number;
}
/** Document fields of a movement: date, supplier or plate, delivery note or voucher. */
export interface MovimientoDoc {
  fecha: string;
  proveedor: string;
  nro_guiaremision: string;
}

export async function insertIngresoMovimientos(tx: Db, doc: MovimientoDoc, lines: IngresoMovimiento[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(movimientos).values(
    lines.map((l) => ({
      ...doc,
      tipo: 'INGRESO',
      insumo_id: l.insumo_id,
      ingreso: l.cantidad,
      salida: 0,
      ingreso_det_id: l.ingreso_det_id,
    })),
  );
}

export async function insertSalidaMovimientos(tx: Db, doc: MovimientoDoc, lines: SalidaMovimiento[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(movimientos).values(
    lines.map((l) => ({
      ...doc,
      tipo: 'SALIDA',
      insumo_id: l.insumo_id,
      ingreso: 0,
      salida: l.cantidad,
      salida_det_id: l.salida_det_id,
    })),
  );
}

/** Updates one exit line's movement (supply and quantity). */
export async function updateSalidaMovimiento(tx: Db, line: SalidaMovimiento): Promise<void> {
  await tx
    .update(movimientos)
    .set({ insumo_id: line.insumo_id, salida: line.cantidad })
    .where(inArray(movimientos.salida_det_id, [line.salida_det_id]));
}

/** Rewrites the document fields of the movements of these exit lines. */
export async function updateSalidaDoc(tx: Db, salidaDetIds: number[], doc: MovimientoDoc): Promise<void> {
  if (salidaDetIds.length === 0) return;
  await tx.update(movimientos).set(doc).where(inArray(movimientos.salida_det_id, salidaDetIds));
}

export async function updateIngresoDoc(tx: Db, ingresoDetIds: number[], doc: Partial<MovimientoDoc>): Promise<void> {
  if (ingresoDetIds.length === 0) return;
  await tx.update(movimientos).set(doc).where(inArray(movimientos.ingreso_det_id, ingresoDetIds));
}

export async function deleteSalidaMovimientos(tx: Db, salidaDetIds: number[]): Promise<void> {
  if (salidaDetIds.length === 0) return;
  await tx.delete(movimientos).where(inArray(movimientos.salida_det_id, salidaDetIds));
}

export async function deleteIngresoMovimientos(tx: Db, ingresoDetIds: number[]): Promise<void> {
  if (ingresoDetIds.length === 0) return;
  await tx.delete(movimientos).where(inArray(movimientos.ingreso_det_id, ingresoDetIds));
}
