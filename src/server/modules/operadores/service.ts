// Operator rules: a DNI is registered once (422 duplicate_op) and never changes on edit; the registry's own
// id for the DNI is kept as indiv_id; an operator with exits or daily reports cannot be deleted (403).
import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DUPLICATE_OP, type OperadorBody, type OperadorRow, type OperadorUpdateBody } from '@shared/contract/operadores';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { extPersonas, operadores, partesDiarios, salidas } from '../../db/schema/index';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { operadorColumns } from './repository';

const RESOURCE = 'operadores';

function values(body: OperadorUpdateBody) {
  if (body.fecha_nac && body.fecha_nac > limaDate()) throw badRequest(MSG.birthDateFuture, { fecha_nac: MSG.birthDateFuture });
  return {
    nombres: body.nombres,
    direccion: body.direccion,
    celular: body.celular ?? null,
    email: body.email ?? null,
    fecha_nac: body.fecha_nac ?? null,
    sexo: body.sexo ?? null,
  };
}

/** The identity registry's id of the person with this DNI (the mirror the lookup answered from), or null. */
async function registryId(tx: Db, dni: string): Promise<number | null> {
  const [p] = await tx.select({ indiv_id: extPersonas.indiv_id }).from(extPersonas).where(eq(extPersonas.dni, dni));
  return p?.indiv_id ?? null;
}

async function lockOne(tx: Db, id: number): Promise<OperadorRow> {
  const [row] = await tx.select(operadorColumns).from(operadores).where(eq(operadores.operador_id, id)).for('update');
  if (!row) throw notFound(MSG.operatorNotFound);
  return row;
}

export function createOperador(req: FastifyRequest, body: OperadorBody) {
  const v = values(body);
  return runChange(
    req,
    async ({ tx, audit }) => {
      const [dup] = await tx.select({ id: operadores.operador_id }).from(operadores).where(eq(operadores.dni, body.dni));
      if (dup) throw unprocessable(DUPLICATE_OP);
      const [after] = await tx
        .insert(operadores)
        .values({ ...v, dni: body.dni, indiv_id: await registryId(tx, body.dni) })
        .returning(operadorColumns);
      await audit({ action: 'create', resource: RESOURCE, resource_id: after.operador_id, after });
      return after;
    },
    201,
  );
}

/** Edits everything but the DNI (a DNI in the body is ignored). */
export function updateOperador(req: FastifyRequest, id: number, body: OperadorUpdateBody) {
  const v = values(body);
  return runChange(req, async ({ tx, audit }) => {
    const before = await lockOne(tx, id);
    const [after] = await tx
      .update(operadores)
      .set({ ...v, indiv_id: (await registryId(tx, before.dni)) ?? before.indiv_id })
      .where(eq(operadores.operador_id, id))
      .returning(operadorColumns);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deleteOperador(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const before = await lockOne(tx, id);
    const [s] = await tx.select({ n: count() }).from(salidas).where(eq(salidas.operador_id, id));
    const [p] = await tx.select({ n: count() }).from(partesDiarios).where(eq(partesDiarios.operador_id, id));
    if (s.n > 0 || p.n > 0) throw forbidden(MSG.operatorInUse(Number(s.n), Number(p.n)));
    await tx.delete(operadores).where(eq(operadores.operador_id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
