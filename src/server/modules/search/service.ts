// Top-bar person search by DNI over operators and the identity mirror, with where the operator appears.
import { count, eq } from 'drizzle-orm';
import type { SearchItem } from '@shared/contract/search';
import { LABELS } from '@shared/messages';
import type { Db } from '../../db/client';
import { extPersonas, operadores, partesDiarios, salidas } from '../../db/schema/index';

export async function searchPerson(db: Db, dni: string): Promise<{ items: SearchItem[] }> {
  const items: SearchItem[] = [];
  const [op] = await db
    .select({ operador_id: operadores.operador_id, dni: operadores.dni, nombres: operadores.nombres })
    .from(operadores)
    .where(eq(operadores.dni, dni))
    .limit(1);
  if (op) {
    const [[s], [p]] = await Promise.all([
      db.select({ n: count() }).from(salidas).where(eq(salidas.operador_id, op.operador_id)),
      db.select({ n: count() }).from(partesDiarios).where(eq(partesDiarios.operador_id, op.operador_id)),
    ]);
    items.push({
      tipo: 'OPERADOR',
      dni: op.dni,
      nombres: op.nombres,
      detalle: LABELS.searchOperator(Number(s.n), Number(p.n)),
      operador_id: op.operador_id,
      salidas: Number(s.n),
      partes_diarios: Number(p.n),
    });
  }
  const [person] = await db.select().from(extPersonas).where(eq(extPersonas.dni, dni)).limit(1);
  if (person) {
    items.push({
      tipo: 'PERSONA',
      dni: person.dni,
      nombres: [person.prenombres, person.ap_primer, person.ap_segundo].filter(Boolean).join(' '),
      detalle: LABELS.searchPerson(person.direccion),
    });
  }
  return { items };
}
