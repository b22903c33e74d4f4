// Mirror of SUNAT answers: batch upsert by RUC and lookup.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extContribuyentes } from '../../db/schema/index';
import { chunks, excluded } from '../shared';
import type { Contribuyente } from './index';

export async function upsertContribuyentes(db: Db, rows: Contribuyente[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insert(extContribuyentes)
      .values(part)
      .onConflictDoUpdate({ target: extContribuyentes.ruc, set: excluded(['razon_social', 'direccion']) });
  }
}

export async function mirrorContribuyente(db: Db, ruc: string): Promise<Contribuyente | null> {
  const [c] = await db
    .select({ ruc: extContribuyentes.ruc, razon_social: extContribuyentes.razon_social, direccion: extContribuyentes.direccion })
    .from(extContribuyentes)
    .where(eq(extContribuyentes.ruc, ruc));
  return c ?? null;
}
