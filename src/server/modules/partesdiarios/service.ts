// Daily report rules: a report saved from the field (idempotent create through the outbox's key), edited or
// deleted only while no valuation bills it; the stored amounts are always the server's cantid × preuni. Its meter
// readings fit the machine's other reports (lecturas.ts, 422 naming the report it conflicts with) whoever writes it
// (this module or a valuation); a role corrects them with a reason, billed or not.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CorregirLecturasBody, ParteDiarioBody } from '@shared/contract/partesdiarios';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { partesDiarios, partesDiariosDet } from '../../db/schema/index';
import { badRequest, forbidden } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { assertLectura, recordRefusal } from './lecturas';
import { getParte } from './repository';
import { lockParte, resolveParte, type ResolvedParte, type StoredParte } from './resolve';

const RESOURCE = 'partesdiarios';

/** Checks the readings of a report about to be stored (none: nothing to check). */
async function checkReadings(tx: Db, parteId: number | null, r: ResolvedParte): Promise<void> {
  const v = r.values;
  if (v.horometro_inicial == null || v.horometro_final == null) return;
  await assertLectura(
    tx,
    {
      parte_id: parteId,
      nro_parte_interno: v.nro_parte_interno,
      fecha: v.fecha,
      maquinaria_id: v.maquinaria_id,
      horometro_inicial: v.horometro_inicial,
      horometro_final: v.horometro_final,
    },
    r.path,
  );
}

/**
 * Inserts a resolved report (unbilled, or billed by `valorizaId`) with its service line, its readings checked first;
 * returns its id.
 */
export async function insertParte(tx: Db, r: ResolvedParte, valorizaId: number | null = null): Promise<number> {
  await checkReadings(tx, null, r);
  const [row] = await tx
    .insert(partesDiarios)
    .values({ ...r.values, valoriza_id: valorizaId })
    .returning({ id: partesDiarios.parte_id });
  await tx.insert(partesDiariosDet).values({ parte_id: row.id, ...r.line });
  return row.id;
}

/** Writes a resolved report over the stored one (header and its service line); moved or new readings are checked. */
export async function writeParte(tx: Db, s: StoredParte, r: ResolvedParte): Promise<void> {
  const v = r.values;
  if (v.fecha !== s.fecha || v.horometro_inicial !== s.horometro_inicial || v.horometro_final !== s.horometro_final)
    await checkReadings(tx, s.parte_id, r);
  await tx.update(partesDiarios).set(r.values).where(eq(partesDiarios.parte_id, s.parte_id));
  await tx.update(partesDiariosDet).set(r.line).where(eq(partesDiariosDet.pd_detalle_id, s.pd_detalle_id));
}

/** A keyed save refused for its readings is recorded (lecturas_rechazadas) once it rolled back. */
async function keepingRefusals<T>(req: FastifyRequest, save: Promise<T>): Promise<T> {
  try {
    return await save;
  } catch (err) {
    await recordRefusal(req, err);
    throw err;
  }
}

export function createParte(req: FastifyRequest, body: ParteDiarioBody) {
  return keepingRefusals(
    req,
    runChange(
      req,
      async ({ tx, audit }) => {
        const id = await insertParte(tx, await resolveParte(tx, body, null, { fecha: limaDate() }));
        const after = await getParte(tx, id);
        await audit({ action: 'create', resource: RESOURCE, resource_id: id, after });
        return after;
      },
      201,
    ),
  );
}

export function updateParte(req: FastifyRequest, id: number, body: ParteDiarioBody) {
  return keepingRefusals(
    req,
    runChange(req, async ({ tx, audit }) => {
      const stored = await lockParte(tx, id);
      if (stored.valoriza_id != null) throw forbidden(MSG.reportBilledEdit(stored.valoriza_id));
      const before = await getParte(tx, id);
      await writeParte(tx, stored, await resolveParte(tx, body, stored, { fecha: stored.fecha }));
      const after = await getParte(tx, id);
      await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
      return after;
    }),
  );
}

/**
 * Corrects a report's readings (billed or not: the bill does not change), with the reason in the audit row; the
 * readings are checked again against the machine's other reports, and the meter summary's trigger moves the machine
 * meter and the part counters with them.
 */
export function corregirLecturas(req: FastifyRequest, id: number, body: CorregirLecturasBody) {
  // A refusal here is the office's, not a report from the field: not kept in lecturas_rechazadas.
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockParte(tx, id);
    if (stored.horometro_inicial === body.horometro_inicial && stored.horometro_final === body.horometro_final)
      throw badRequest(MSG.readingCorrectionNoChange, { horometro_final: MSG.readingCorrectionNoChange });
    await assertLectura(tx, {
      parte_id: id,
      nro_parte_interno: stored.nro_parte_interno,
      fecha: stored.fecha,
      maquinaria_id: stored.maquinaria_id,
      horometro_inicial: body.horometro_inicial,
      horometro_final: body.horometro_final,
    });
    await tx
      .update(partesDiarios)
      .set({ horometro_inicial: body.horometro_inicial, horometro_final: body.horometro_final })
      .where(eq(partesDiarios.parte_id, id));
    const after = await getParte(tx, id);
    await audit({
      action: 'corregir_lecturas',
      resource: RESOURCE,
      resource_id: id,
      before: { horometro_inicial: stored.horometro_inicial, horometro_final: stored.horometro_final },
      after: { horometro_inicial: body.horometro_inicial, horometro_final: body.horometro_final, motivo: body.motivo },
    });
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
