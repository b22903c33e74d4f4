// Cost rules: a schedule and its lines change together (lines with `trash`); a line a daily report uses
// cannot be removed, nor can its schedule be deleted (403 with the reason).
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CostoBody } from '@shared/contract/costos';
import { FIELD, MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { costos, costosDet, partesDiariosDet } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { planLineSync } from '../../lib/line-sync';
import { runChange } from '../../plugins/change';
import { getCosto } from './repository';

const RESOURCE = 'costos';
type Line = CostoBody['costos_det'][number];

const lineValues = (costoId: number, l: Line) => ({
  costo_id: costoId,
  descripcion: l.descripcion,
  precio: l.precio,
  estado: l.estado,
  unidad: l.unidad,
});

/**
 * Locks the schedule and its lines (a daily report saved at the same time waits, or is seen) and returns
 * the lines; 404 for an unknown schedule.
 */
async function lockCosto(tx: Db, id: number) {
  const [row] = await tx.select({ id: costos.id }).from(costos).where(eq(costos.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  return tx
    .select({ costo_det_id: costosDet.costo_det_id, descripcion: costosDet.descripcion })
    .from(costosDet)
    .where(eq(costosDet.costo_id, id))
    .for('update');
}

/** The first of the lines a daily report uses, or undefined. */
async function firstUsed<T extends { costo_det_id: number }>(tx: Db, lines: T[]): Promise<T | undefined> {
  if (lines.length === 0) return undefined;
  const used = await tx
    .selectDistinct({ id: partesDiariosDet.costo_det_id })
    .from(partesDiariosDet)
    .where(
      inArray(
        partesDiariosDet.costo_det_id,
        lines.map((l) => l.costo_det_id),
      ),
    );
  const ids = new Set(used.map((u) => u.id));
  return lines.find((l) => ids.has(l.costo_det_id));
}

export function createCosto(req: FastifyRequest, body: CostoBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const [row] = await tx.insert(costos).values({ descripcion: body.descripcion, estado: body.estado }).returning({ id: costos.id });
      if (body.costos_det.length > 0) await tx.insert(costosDet).values(body.costos_det.map((l) => lineValues(row.id, l)));
      const after = await getCosto(tx, row.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: row.id, after });
      return after;
    },
    201,
  );
}

export function updateCosto(req: FastifyRequest, id: number, body: CostoBody) {
  if (body.id != null && body.id !== id) throw badRequest(MSG.invalidInput, { id: FIELD.invalidValue });
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockCosto(tx, id);
    const before = await getCosto(tx, id);
    const plan = planLineSync(
      stored,
      body.costos_det,
      body.trash,
      (s) => s.costo_det_id,
      (l) => l.costo_det_id,
    );
    const used = await firstUsed(tx, plan.deletes);
    if (used) throw forbidden(MSG.costLineInUse(used.descripcion));

    await tx.update(costos).set({ descripcion: body.descripcion, estado: body.estado }).where(eq(costos.id, id));
    if (plan.deletes.length > 0)
      await tx.delete(costosDet).where(
        inArray(
          costosDet.costo_det_id,
          plan.deletes.map((d) => d.costo_det_id),
        ),
      );
    for (const { stored: s, incoming: l } of plan.updates) {
      const { costo_id: _, ...values } = lineValues(id, l);
      await tx
        .update(costosDet)
        .set(values)
        .where(and(eq(costosDet.costo_det_id, s.costo_det_id), eq(costosDet.costo_id, id)));
    }
    if (plan.inserts.length > 0) await tx.insert(costosDet).values(plan.inserts.map((l) => lineValues(id, l)));
    const after = await getCosto(tx, id);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deleteCosto(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockCosto(tx, id);
    if (await firstUsed(tx, stored)) throw forbidden(MSG.costInUse);
    const before = await getCosto(tx, id);
    await tx.delete(costos).where(eq(costos.id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
