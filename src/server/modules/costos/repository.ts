// Cost queries: schedules with their lines (unit, price, whether a daily report uses the line).
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CostoLineRow, CostoRow } from '@shared/contract/costos';
import { formatAmount } from '@shared/domain/money';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { costos, costosDet, partesDiariosDet } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/timestamps';

const head = { id: costos.id, descripcion: costos.descripcion, estado: costos.estado, created_at: isoTimestamp(costos.created_at) };

const lineColumns = {
  costo_det_id: costosDet.costo_det_id,
  costo_id: costosDet.costo_id,
  descripcion: costosDet.descripcion,
  precio: costosDet.precio,
  estado: costosDet.estado,
  unidad: costosDet.unidad,
  en_uso: sql<boolean>`exists (select 1 from ${partesDiariosDet} u where u.costo_det_id = costos_det.costo_det_id)`,
};

async function linesOf(db: Db, costoIds: number[]): Promise<Map<number, CostoLineRow[]>> {
  const out = new Map<number, CostoLineRow[]>();
  if (costoIds.length === 0) return out;
  const rows = await db
    .select(lineColumns)
    .from(costosDet)
    .where(inArray(costosDet.costo_id, costoIds))
    .orderBy(asc(costosDet.costo_id), asc(costosDet.costo_det_id));
  for (const r of rows) {
    const line = { ...r, unidad: r.unidad as CostoLineRow['unidad'], en_uso: r.en_uso === true || (r.en_uso as unknown) === 't' };
    out.set(r.costo_id, [...(out.get(r.costo_id) ?? []), line]);
  }
  return out;
}

/** 'Hora máquina (HORA) 180.00; …': the hidden details column. */
const detailText = (lines: CostoLineRow[]) => lines.map((l) => `${l.descripcion} (${l.unidad}) ${formatAmount(l.precio)}`).join('; ');

function withLines(heads: Omit<CostoRow, 'detalle' | 'costos_det'>[], lines: Map<number, CostoLineRow[]>): CostoRow[] {
  return heads.map((h) => {
    const det = lines.get(h.id) ?? [];
    return { ...h, detalle: detailText(det), costos_det: det };
  });
}

/** Every cost schedule, newest first, with its lines. */
export async function listCostos(db: Db): Promise<CostoRow[]> {
  const heads = await db.select(head).from(costos).orderBy(desc(costos.created_at), desc(costos.id));
  return withLines(
    heads,
    await linesOf(
      db,
      heads.map((h) => h.id),
    ),
  );
}

export async function getCosto(db: Db, id: number): Promise<CostoRow> {
  const [h] = await db.select(head).from(costos).where(eq(costos.id, id));
  if (!h) throw notFound(MSG.notFound);
  return withLines([h], await linesOf(db, [id]))[0];
}
