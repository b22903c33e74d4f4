// Operator queries: list, one operator, DNI-prefix suggestions, identity-registry individuals by DNI, and the
// operator an exit or a daily report names (checked: it exists, its DNI matches).
import { asc, eq, sql } from 'drizzle-orm';
import {
  OPERADOR_PERSONAL_CODES,
  OPERADOR_PERSONAL_FIELDS,
  type Individuo,
  type OperadorRow,
  type OperadorSuggestion,
} from '@shared/contract/operadores';
import { MSG } from '@shared/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { operadores } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { integrations } from '../../integrations/index';

const SUGGEST_LIMIT = 10;

export const operadorColumns = {
  operador_id: operadores.operador_id,
  indiv_id: operadores.indiv_id,
  dni: operadores.dni,
  nombres: operadores.nombres,
  direccion: operadores.direccion,
  celular: operadores.celular,
  email: operadores.email,
  fecha_nac: operadores.fecha_nac,
  sexo: operadores.sexo,
};

/** May this reader see operators' personal fields (the operators screen's codes)? */
export const seesPersonal = (roles: readonly number[] | undefined) => !!roles?.some((c) => OPERADOR_PERSONAL_CODES.includes(c));

/** The columns a reader gets: the personal ones as null unless `personal`. */
function columnsFor(personal: boolean) {
  if (personal) return operadorColumns;
  const hidden = Object.fromEntries(OPERADOR_PERSONAL_FIELDS.map((f) => [f, sql<string | null>`null::text`]));
  return { ...operadorColumns, ...hidden } as unknown as typeof operadorColumns;
}

export function listOperadores(db: Db, personal: boolean): Promise<JsonRows<OperadorRow>> {
  return jsonRows(
    db,
    db
      .select(wire(columnsFor(personal)))
      .from(operadores)
      .orderBy(asc(operadores.nombres), asc(operadores.operador_id)),
  );
}

export async function getOperador(db: Db, id: number, personal: boolean): Promise<OperadorRow> {
  const [row] = await db.select(columnsFor(personal)).from(operadores).where(eq(operadores.operador_id, id));
  if (!row) throw notFound(MSG.operatorNotFound);
  return row;
}

/** Operators whose DNI starts with the digits (the exit modal's typeahead). */
export async function suggestDni(db: Db, prefix: string): Promise<{ items: OperadorSuggestion[] }> {
  const items = await db
    .select({ operador_id: operadores.operador_id, dni: operadores.dni, nombres: operadores.nombres })
    .from(operadores)
    .where(sql`${operadores.dni} like ${`${prefix}%`}`)
    .orderBy(asc(operadores.dni))
    .limit(SUGGEST_LIMIT);
  return { items };
}

/** Individuals with this DNI in the identity registry; [] when unknown. */
export async function searchDni(config: Config, db: Db, dni: string, personal: boolean): Promise<Individuo[]> {
  const found = await integrations(config, db).reniec.findByDni(dni);
  if (!found) return [];
  // The registry's address, birth date, mobile and e-mail only for the operators screen (it fills its form).
  const p = personal ? found : { ...found, direccion: null, fecha_nac: null, celular: null, email: null };
  return [
    {
      indiv_id: p.indiv_id,
      indiv_appaterno: p.apPrimer,
      indiv_apmaterno: p.apSegundo,
      indiv_nombres: p.prenombres,
      indiv_direccion1: p.direccion,
      indiv_fechanac: p.fecha_nac,
      indiv_celular: p.celular,
      indiv_email: p.email,
    },
  ];
}

/** How an exit or a daily report names its operator: by id, or by DNI. */
type OperadorRef = { operador_id?: number | null; operador_dni?: string | null };

/** How the operator is looked up: by id, or by DNI (the exit modal's typeahead may send only the DNI). */
export const operadorMatch = (body: OperadorRef) =>
  body.operador_id != null ? eq(operadores.operador_id, body.operador_id) : eq(operadores.dni, body.operador_dni ?? '');

/** The operator's id once the row found for `body` (or none) is checked: it exists and its DNI matches the one sent. */
export function checkedOperador(body: OperadorRef, o: { id: number | null; dni: string | null } | undefined): number {
  const field = body.operador_id != null ? 'operador_id' : 'operador_dni';
  if (!o || o.id === null) throw badRequest(MSG.operatorNotFound, { [field]: MSG.operatorNotFound });
  if (body.operador_id != null && body.operador_dni && body.operador_dni !== o.dni) {
    throw badRequest(MSG.operatorMismatch, { operador_dni: MSG.operatorMismatch });
  }
  return o.id;
}

/** The operator by id, or by DNI (exits and daily reports). */
export async function operadorId(tx: Db, body: OperadorRef): Promise<number> {
  const [o] = await tx.select({ id: operadores.operador_id, dni: operadores.dni }).from(operadores).where(operadorMatch(body));
  return checkedOperador(body, o);
}
