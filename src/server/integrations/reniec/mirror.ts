// Mirror of RENIEC answers: batch upsert by DNI and lookup.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extPersonas } from '../../db/schema/index';
import { chunks, excluded } from '../shared';
import type { Persona, PersonaInput } from './index';

export async function upsertPersonas(db: Db, rows: PersonaInput[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insert(extPersonas)
      .values(
        part.map((p) => ({
          dni: p.dni,
          prenombres: p.prenombres,
          ap_primer: p.apPrimer,
          ap_segundo: p.apSegundo,
          direccion: p.direccion,
          fecha_nac: p.fecha_nac,
          celular: p.celular,
          email: p.email,
        })),
      )
      .onConflictDoUpdate({
        target: extPersonas.dni,
        set: excluded(['prenombres', 'ap_primer', 'ap_segundo', 'direccion', 'fecha_nac', 'celular', 'email']),
      });
  }
}

export async function mirrorPersona(db: Db, dni: string): Promise<Persona | null> {
  const [p] = await db.select().from(extPersonas).where(eq(extPersonas.dni, dni));
  if (!p) return null;
  return {
    dni: p.dni,
    indiv_id: p.indiv_id,
    prenombres: p.prenombres,
    apPrimer: p.ap_primer,
    apSegundo: p.ap_segundo,
    direccion: p.direccion,
    fecha_nac: p.fecha_nac,
    celular: p.celular,
    email: p.email,
  };
}
