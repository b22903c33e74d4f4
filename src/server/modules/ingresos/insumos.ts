// Supplies received by an entry: found by code, or created with the unit found by its abbreviation.
import { inArray, sql } from 'drizzle-orm';
import { insumoSearchText } from '@shared/domain/stock';
import type { Db } from '../../db/client';
import { insumos, unimeds } from '../../db/schema/index';

export interface ReceivedInsumo {
  insumo_codigo: string;
  insumo_name: string;
  unimed: string;
}

async function unitId(tx: Db, abrev: string): Promise<number> {
  const key = abrev.trim().toUpperCase().slice(0, 20);
  const find = () =>
    tx
      .select({ id: unimeds.unimed_id })
      .from(unimeds)
      .where(sql`upper(${unimeds.unimed_abrev}) = ${key}`)
      .limit(1);
  const [found] = await find();
  if (found) return found.id;
  await tx.insert(unimeds).values({ unimed_abrev: key, unimed_nombre: key }).onConflictDoNothing();
  const [made] = await find();
  return made.id;
}

/** Supply id per code; missing supplies are created (concurrent creators meet at the unique code). */
export async function ensureInsumos(tx: Db, items: ReceivedInsumo[]): Promise<Map<string, number>> {
  const codes = [...new Set(items.map((i) => i.insumo_codigo))];
  const load = async () => {
    const rows = await tx
      .select({ id: insumos.id, code: insumos.insumo_codigo })
      .from(insumos)
      .where(inArray(insumos.insumo_codigo, codes));
    return new Map(rows.map((r) => [r.code, r.id]));
  };
  const have = await load();
  const missing = items.filter(
    (i, idx) => !have.has(i.insumo_codigo) && items.findIndex((j) => j.insumo_codigo === i.insumo_codigo) === idx,
  );
  if (missing.length === 0) return have;
  for (const m of missing) {
    const unimed_id = await unitId(tx, m.unimed);
    await tx
      .insert(insumos)
      .values({
        insumo_codigo: m.insumo_codigo,
        insumo_name: m.insumo_name,
        search_text: insumoSearchText(m.insumo_codigo, m.insumo_name),
        unimed_id,
      })
      .onConflictDoNothing({ target: insumos.insumo_codigo });
  }
  return load();
}
