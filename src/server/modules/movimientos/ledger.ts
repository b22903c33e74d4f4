// Kardex writes: the INGRESO / SALIDA / AJUSTE movements that mirror entry lines, exit lines and count differences,
// kept in sync on edit/delete. Every write values the supply's ledger again from the earliest date it touched
// (valuation.ts), so no caller can leave a balance stale. Every write first passes the monthly close's guard with the
// dates it touches, old and new (cierres/guard.ts): nothing dated in a closed month, or before one, changes.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { movimientos } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import { afectar, revalorizar, type Afectados } from '../../db/valuation';
import { assertMesesAbiertos } from '../cierres/guard';

export interface IngresoMovimiento {
  ingreso_det_id: number;
  insumo_id: number;
  cantidad: number;
  /** Unit price of the purchase-order line (soles). */
  precio_unitario?: number;
}
export interface SalidaMovimiento {
  salida_det_id: number;
  insumo_id: number;
  cantidad: number;
}
/** A physical count's difference: positive = surplus (comes in), negative = shortage (goes out). */
export interface AjusteMovimiento {
  inventario_det_id: number;
  insumo_id: number;
  diferencia: number;
}
/** Document fields of a movement: date, supplier or plate, delivery note or voucher. */
export interface DocumentoMovimiento {
  fecha: string;
  proveedor: string;
  nro_guiaremision: string;
}

/** The supplies and dates of the movements matching `where`, before they change or go. */
async function touched(tx: Db, where: SQL, out: Afectados = new Map()): Promise<Afectados> {
  const rows = await rowsOf<{ insumo_id: number; fecha: string }>(
    tx,
    sql`select insumo_id, min(fecha)::text as fecha from ${movimientos} where ${where} group by insumo_id`,
  );
  for (const r of rows) afectar(out, r.insumo_id, r.fecha);
  return out;
}

const NEW_ROW = { id: movimientos.id, insumo_id: movimientos.insumo_id };

/** The smallest id of the movements just inserted, per supply: the valuation starts there (valuation.ts). */
function firstNew(rows: { id: number; insumo_id: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.insumo_id, Math.min(r.id, out.get(r.insumo_id) ?? r.id));
  return out;
}

export async function insertIngresoMovimientos(tx: Db, doc: DocumentoMovimiento, lines: IngresoMovimiento[]): Promise<void> {
  if (lines.length === 0) return;
  await assertMesesAbiertos(tx, [doc.fecha]);
  const added = await tx
    .insert(movimientos)
    .values(
      lines.map((l) => ({
        ...doc,
        tipo: 'INGRESO',
        insumo_id: l.insumo_id,
        ingreso: l.cantidad,
        salida: 0,
        costo_unitario: l.precio_unitario ?? 0,
        ingreso_det_id: l.ingreso_det_id,
      })),
    )
    .returning(NEW_ROW);
  const out: Afectados = new Map();
  for (const l of lines) afectar(out, l.insumo_id, doc.fecha);
  await revalorizar(tx, out, firstNew(added));
}

export function insertSalidaMovimientos(tx: Db, doc: DocumentoMovimiento, lines: SalidaMovimiento[]): Promise<void> {
  return insertSalidasMovimientos(tx, [{ doc, lines }]);
}

/** The movements of several exits, each line under its exit's document, in one statement and one valuation per supply. */
export async function insertSalidasMovimientos(
  tx: Db,
  exits: readonly { doc: DocumentoMovimiento; lines: SalidaMovimiento[] }[],
): Promise<void> {
  const rows = exits.flatMap(({ doc, lines }) =>
    lines.map((l) => ({ ...doc, tipo: 'SALIDA', insumo_id: l.insumo_id, ingreso: 0, salida: l.cantidad, salida_det_id: l.salida_det_id })),
  );
  if (rows.length === 0) return;
  await assertMesesAbiertos(
    tx,
    rows.map((r) => r.fecha),
  );
  const added = await tx.insert(movimientos).values(rows).returning(NEW_ROW);
  const out: Afectados = new Map();
  for (const r of rows) afectar(out, r.insumo_id, r.fecha);
  await revalorizar(tx, out, firstNew(added));
}

/** Books a count's differences on its date (surplus in `ingreso`, shortage in `salida`), valued at the average. */
export async function insertAjusteMovimientos(tx: Db, doc: DocumentoMovimiento, lines: AjusteMovimiento[]): Promise<void> {
  const real = lines.filter((l) => l.diferencia !== 0);
  if (real.length === 0) return;
  await assertMesesAbiertos(tx, [doc.fecha]);
  const added = await tx
    .insert(movimientos)
    .values(
      real.map((l) => ({
        ...doc,
        tipo: 'AJUSTE',
        insumo_id: l.insumo_id,
        ingreso: l.diferencia > 0 ? l.diferencia : 0,
        salida: l.diferencia < 0 ? -l.diferencia : 0,
        inventario_det_id: l.inventario_det_id,
      })),
    )
    .returning(NEW_ROW);
  const out: Afectados = new Map();
  for (const l of real) afectar(out, l.insumo_id, doc.fecha);
  await revalorizar(tx, out, firstNew(added));
}

/** Updates one exit line's movement (supply and quantity). */
export async function updateSalidaMovimiento(tx: Db, line: SalidaMovimiento): Promise<void> {
  const where = inArray(movimientos.salida_det_id, [line.salida_det_id]);
  const out = await touched(tx, where);
  await assertMesesAbiertos(tx, out.values());
  const [row] = await tx
    .update(movimientos)
    .set({ insumo_id: line.insumo_id, salida: line.cantidad })
    .where(where)
    .returning({ fecha: movimientos.fecha });
  if (row) afectar(out, line.insumo_id, row.fecha);
  await revalorizar(tx, out);
}

/** Rewrites the document fields of the movements of these exit lines. */
export async function updateSalidaDoc(tx: Db, salidaDetIds: number[], doc: DocumentoMovimiento): Promise<void> {
  if (salidaDetIds.length === 0) return;
  await updateDoc(tx, inArray(movimientos.salida_det_id, salidaDetIds), doc);
}

export async function updateIngresoDoc(tx: Db, ingresoDetIds: number[], doc: Partial<DocumentoMovimiento>): Promise<void> {
  if (ingresoDetIds.length === 0) return;
  await updateDoc(tx, inArray(movimientos.ingreso_det_id, ingresoDetIds), doc);
}

/** A new date moves the movements in the ledger: value again from the earlier of the old and the new date. */
async function updateDoc(tx: Db, where: SQL, doc: Partial<DocumentoMovimiento>): Promise<void> {
  // Even a document text (the delivery note) of a closed month's movement stays as it was closed.
  const out = await touched(tx, where);
  await assertMesesAbiertos(tx, [...out.values(), doc.fecha]);
  await tx.update(movimientos).set(doc).where(where);
  if (!doc.fecha) return;
  for (const id of out.keys()) afectar(out, id, doc.fecha);
  await revalorizar(tx, out);
}

export async function deleteSalidaMovimientos(tx: Db, salidaDetIds: number[]): Promise<void> {
  if (salidaDetIds.length === 0) return;
  await deleteWhere(tx, inArray(movimientos.salida_det_id, salidaDetIds));
}

export async function deleteIngresoMovimientos(tx: Db, ingresoDetIds: number[]): Promise<void> {
  if (ingresoDetIds.length === 0) return;
  await deleteWhere(tx, inArray(movimientos.ingreso_det_id, ingresoDetIds));
}

async function deleteWhere(tx: Db, where: SQL): Promise<void> {
  const gone = await tx.delete(movimientos).where(where).returning({ insumo_id: movimientos.insumo_id, fecha: movimientos.fecha });
  // Checked on the deleted rows' dates: a refusal rolls the delete back with the rest of the transaction.
  await assertMesesAbiertos(
    tx,
    gone.map((g) => g.fecha),
  );
  const out: Afectados = new Map();
  for (const g of gone) afectar(out, g.insumo_id, g.fecha);
  await revalorizar(tx, out);
}
