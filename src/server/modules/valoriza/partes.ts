// The daily reports of a valuation save: which ones it creates, attaches (unbilled ones only; 409 when another
// valuation bills one), edits and detaches, with the codes each step needs (23 add, 24 edit, 25 remove).
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasRole, ROLE } from '@shared/auth/permissions';
import type { ValorizaBody } from '@shared/contract/valoriza';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { partesDiarios } from '../../db/schema/index';
import { badRequest, conflict, denied } from '../../lib/errors';
import type { ChangeContext } from '../../plugins/change';
import { lockPartes, resolveParte, sameParte, type ResolvedParte, type StoredParte } from '../partesdiarios/resolve';
import { insertParte, writeParte } from '../partesdiarios/service';

interface Existing {
  stored: StoredParte;
  resolved: ResolvedParte;
  /** Fields differ from the stored report (needs code 24). */
  changed: boolean;
  /** Not billed by this valuation before the save (needs code 23). */
  attach: boolean;
}

export interface PartesPlan {
  creates: ResolvedParte[];
  existing: Existing[];
  detaches: StoredParte[];
}

async function billedBy(tx: Db, valorizaId: number | null): Promise<Set<number>> {
  if (valorizaId == null) return new Set();
  const rows = await tx.select({ id: partesDiarios.parte_id }).from(partesDiarios).where(eq(partesDiarios.valoriza_id, valorizaId));
  return new Set(rows.map((r) => r.id));
}

/** Refuses the save (403, nothing changed) when the user lacks the code of a step it takes. */
function assertCodes(req: FastifyRequest, plan: PartesPlan) {
  const roles = req.user?.roles;
  if ((plan.creates.length > 0 || plan.existing.some((e) => e.attach)) && !hasRole(roles, ROLE.parteDiarioNuevo))
    throw denied(MSG.reportAddForbidden);
  if (plan.existing.some((e) => e.changed) && !hasRole(roles, ROLE.parteDiarioEditar)) throw denied(MSG.reportEditForbidden);
  if (plan.detaches.length > 0 && !hasRole(roles, ROLE.parteDiarioEliminar)) throw denied(MSG.reportRemoveForbidden);
}

/**
 * Items with `parte_id` attach (and, when fields differ, edit) an existing report; items without one create a
 * report; `trash` detaches reports of this valuation (a report both sent and trashed is detached). Every
 * report involved is locked first, so two valuations can never bill the same report.
 */
export async function planPartes(req: FastifyRequest, tx: Db, body: ValorizaBody, valorizaId: number | null): Promise<PartesPlan> {
  const billed = await billedBy(tx, valorizaId);
  const trash = new Set(body.trash);
  for (const t of trash) if (!billed.has(t)) throw badRequest(MSG.reportNotInValuation(t), { trash: MSG.reportNotInValuation(t) });
  const seen = new Set<number>();
  body.partesdiarios.forEach((item, i) => {
    if (item.parte_id == null) return;
    if (seen.has(item.parte_id))
      throw badRequest(MSG.reportRepeated(String(item.parte_id)), {
        [`partesdiarios.${i}.parte_id`]: MSG.reportRepeated(String(item.parte_id)),
      });
    seen.add(item.parte_id);
  });
  const stored = await lockPartes(tx, [...billed, ...seen]);
  const plan: PartesPlan = { creates: [], existing: [], detaches: [...trash].map((t) => stored.get(t) as StoredParte) };
  for (const [i, item] of body.partesdiarios.entries()) {
    const path = `partesdiarios.${i}.`;
    if (item.parte_id == null) {
      plan.creates.push(await resolveParte(tx, item, null, { fecha: body.fecha, path }));
      continue;
    }
    if (trash.has(item.parte_id)) continue;
    const s = stored.get(item.parte_id);
    if (!s) throw badRequest(MSG.reportNotFound(item.parte_id), { [`${path}parte_id`]: MSG.reportNotFound(item.parte_id) });
    if (s.valoriza_id != null && s.valoriza_id !== valorizaId)
      throw conflict(MSG.reportBilledElsewhere(s.nro_parte_interno, s.valoriza_id));
    const resolved = await resolveParte(tx, item, s, { fecha: s.fecha, path });
    plan.existing.push({ stored: s, resolved, changed: !sameParte(resolved, s), attach: !billed.has(s.parte_id) });
  }
  assertCodes(req, plan);
  return plan;
}

/** Applies the plan for valuation `valorizaId`, with an audit row per report created, edited or moved. */
export async function writePartes({ tx, audit }: ChangeContext, plan: PartesPlan, valorizaId: number): Promise<void> {
  const move = async (ids: number[], to: number | null) => {
    if (ids.length > 0) await tx.update(partesDiarios).set({ valoriza_id: to }).where(inArray(partesDiarios.parte_id, ids));
  };
  for (const r of plan.creates) {
    const id = await insertParte(tx, r, valorizaId);
    await audit({ action: 'create', resource: 'partesdiarios', resource_id: id, after: { ...r, valoriza_id: valorizaId } });
  }
  for (const e of plan.existing) {
    if (e.changed) await writeParte(tx, e.stored, e.resolved);
    if (e.changed || e.attach)
      await audit({
        action: 'update',
        resource: 'partesdiarios',
        resource_id: e.stored.parte_id,
        before: e.stored,
        after: { ...e.resolved, valoriza_id: valorizaId },
      });
  }
  await move(
    plan.existing.filter((e) => e.attach).map((e) => e.stored.parte_id),
    valorizaId,
  );
  await move(
    plan.detaches.map((d) => d.parte_id),
    null,
  );
  for (const d of plan.detaches)
    await audit({ action: 'update', resource: 'partesdiarios', resource_id: d.parte_id, before: d, after: { ...d, valoriza_id: null } });
}
