// Activities rules: catalogue CRUD; an activity used by a daily report cannot be deleted.
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ActividadBody, ActividadRow } from '@shared/contract/actividades';
import { FIELD, MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { actividades, partesDiarios } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { isoTimestamp } from '../../lib/timestamps';

const RESOURCE = 'actividades';

const columns = {
  id: actividades.id,
  activ_nombre: actividades.activ_nombre,
  activ_estado: actividades.activ_estado,
  created_at: isoTimestamp(actividades.created_at),
};

/** Every activity with its status, newest first (spec: default sort by created date descending). */
export const list = (db: Db): Promise<ActividadRow[]> =>
  db.select(columns).from(actividades).orderBy(desc(actividades.created_at), desc(actividades.id));

/** Only active activities, by name: what daily-report pickers offer. */
export const listActive = (db: Db): Promise<ActividadRow[]> =>
  db.select(columns).from(actividades).where(eq(actividades.activ_estado, 1)).orderBy(actividades.activ_nombre);

async function lockOne(tx: Db, id: number): Promise<ActividadRow> {
  const [row] = await tx.select(columns).from(actividades).where(eq(actividades.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  return row;
}

export function create(req: FastifyRequest, body: ActividadBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const [after] = await tx
        .insert(actividades)
        .values({ activ_nombre: body.activ_nombre, activ_estado: body.activ_estado })
        .returning(columns);
      await audit({ action: 'create', resource: RESOURCE, resource_id: after.id, after });
      return after;
    },
    201,
  );
}

export function update(req: FastifyRequest, id: number, body: ActividadBody) {
  if (body.id != null && body.id !== id) throw badRequest(MSG.invalidInput, { id: FIELD.invalidValue });
  return runChange(req, async ({ tx, audit }) => {
    const before = await lockOne(tx, id);
    const [after] = await tx
      .update(actividades)
      .set({ activ_nombre: body.activ_nombre, activ_estado: body.activ_estado })
      .where(eq(actividades.id, id))
      .returning(columns);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function remove(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    // The row lock makes a concurrent report insert wait (its FK check needs a share lock on this row).
    const before = await lockOne(tx, id);
    const [used] = await tx.select({ id: partesDiarios.parte_id }).from(partesDiarios).where(eq(partesDiarios.actividad_id, id)).limit(1);
    if (used) throw forbidden(MSG.activityInUse);
    await tx.delete(actividades).where(eq(actividades.id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
