// Daily report rules: a report saved from the field (idempotent create through the outbox's key), edited or
// deleted only while no valuation bills it; the stored amounts are always the server's cantid × preuni.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ParteDiarioBody } from '@shared/contract/partesdiarios';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { partesDiarios, partesDiariosDet } from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { getParte } from './repository';
import { lockParte, resolveParte, type ResolvedParte, type StoredParte } from './resolve';

const RESOURCE = 'partesdiarios';

/** Inserts a resolved report (unbilled, or billed by `valorizaId`) with its service line; returns its id. */
export async function insertParte(tx: Db, r: ResolvedParte, valorizaId: number | null = null): Promise<number> {
  const [row] = await tx
    .insert(partesDiarios)
    .values({ ...r.values, valoriza_id: valorizaId })
    .returning({ id: partesDiarios.parte_id });
  await tx.insert(partesDiariosDet).values({ parte_id: row.id, ...r.line });
  return row.id;
}

/** Writes a resolved report over the stored one (header and its service line). */
export async function writeParte(tx: Db, s: StoredParte, r: ResolvedParte): Promise<void> {
  await tx.update(partesDiarios).set(r.values).where(eq(partesDiarios.parte_id, s.parte_id));
  await tx.update(partesDiariosDet).set(r.line).where(eq(partesDiariosDet.pd_detalle_id, s.pd_detalle_id));
}

export function createParte(req: FastifyRequest, body: ParteDiarioBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const id = await insertParte(tx, await resolveParte(tx, body, null, { fecha: limaDate() }));
      const after = await getParte(tx, id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: id, after });
      return after;
    },
    201,
  );
}

export function updateParte(req: FastifyRequest, id: number, body: ParteDiarioBody) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockParte(tx, id);
    if (stored.valoriza_id != null) throw forbidden(MSG.reportBilledEdit(stored.valoriza_id));
    const before = await getParte(tx, id);
    await writeParte(tx, stored, await resolveParte(tx, body, stored, { fecha: stored.fecha }));
    const after = await getParte(tx, id);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deleteParte(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockParte(tx, id);
    if (stored.valoriza_id != null) throw forbidden(MSG.reportBilledDelete(stored.valoriza_id));
    const before = await getParte(tx, id);
    await tx.delete(partesDiarios).where(eq(partesDiarios.parte_id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
