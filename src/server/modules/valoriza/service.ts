// Valuation rules: the save attaches, creates, edits and detaches daily reports (docs/architecture.md,
// "Valuations and daily reports"), then stores the totals of the shared function over the reports it
// bills; a delete leaves its reports unbilled. Accounts default to the first of each type.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TIPOS_DOC, type ValorizaBody } from '@shared/contract/valoriza';
import { valorizaTotals } from '@shared/domain/valoriza';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { cuentas, partesDiarios, valorizaciones } from '../../db/schema/index';
import { integrations } from '../../integrations/index';
import { badRequest, notFound } from '../../lib/errors';
import { runChange, type ChangeContext } from '../../plugins/change';
import { getValoriza } from './repository';
import { planPartes, writePartes } from './partes';

const RESOURCE = 'valoriza';

/** The chosen accounts, or the first account of each type; an unknown id or one of the other type is a 400. */
async function resolveAccounts(tx: Db, body: ValorizaBody) {
  const all = await tx.select().from(cuentas).orderBy(cuentas.cuenta_id);
  const pick = (id: number | null, tipo: 'detraccion' | 'deposito', field: string, label: string) => {
    if (id == null) return all.find((a) => a.tipo_cuenta === tipo) ?? null;
    const a = all.find((x) => x.cuenta_id === id);
    if (!a) throw badRequest(MSG.accountNotFound, { [field]: MSG.accountNotFound });
    if (a.tipo_cuenta !== tipo) throw badRequest(MSG.accountWrongType(label), { [field]: MSG.accountWrongType(label) });
    return a;
  };
  return {
    detraccion: pick(body.cta_detraccion, 'detraccion', 'cta_detraccion', 'detracción'),
    deposito: pick(body.cta_deposito, 'deposito', 'cta_deposito', 'depósito'),
  };
}

/** The client's name as typed, or else as the identity (DNI) or tax (RUC) registry gives it for `ndoc`. */
async function clientName(req: FastifyRequest, tx: Db, body: ValorizaBody): Promise<string> {
  if (body.rsocial) return body.rsocial;
  const registry = integrations(req.server.config, tx);
  if (body.tipo_doc === TIPOS_DOC.DNI) {
    const p = await registry.reniec.findByDni(body.ndoc);
    if (p) return [p.apPrimer, p.apSegundo, p.prenombres].filter(Boolean).join(' ').slice(0, 250);
  } else {
    const c = await registry.sunat.findByRuc(body.ndoc);
    if (c) return c.razon_social;
  }
  throw badRequest(MSG.clientNameRequired, { rsocial: MSG.clientNameRequired });
}

/** Header values of the valuation; totals are filled once its reports are in place. */
async function headerValues(req: FastifyRequest, tx: Db, body: ValorizaBody) {
  const acc = await resolveAccounts(tx, body);
  return {
    fecha: body.fecha,
    rubro: body.rubro,
    tipo_doc: body.tipo_doc,
    ndoc: body.ndoc,
    rsocial: await clientName(req, tx, body),
    observacion: body.observacion,
    cta_detraccion: acc.detraccion?.cuenta_id ?? null,
    cta_deposito: acc.deposito?.cuenta_id ?? null,
    tasa_detraccion: acc.detraccion?.tasa_impuesto ?? null,
  };
}

/** Recomputes and stores the totals from the amounts of the reports the valuation now bills. */
async function storeTotals(tx: Db, id: number, rubro: number, tasa: number | null) {
  const montos = await tx.select({ monto: partesDiarios.monto }).from(partesDiarios).where(eq(partesDiarios.valoriza_id, id));
  const t = valorizaTotals({ montos: montos.map((m) => m.monto), rubro, tasa });
  await tx
    .update(valorizaciones)
    .set({
      subtotal: t.subtotal,
      monto: t.monto,
      monto_detraccion: t.monto_detraccion,
      monto_deposito: t.monto_deposito,
      tasa_detraccion: t.tasa_detraccion,
    })
    .where(eq(valorizaciones.valoriza_id, id));
}

async function save(req: FastifyRequest, ctx: ChangeContext, body: ValorizaBody, id: number | null) {
  const { tx } = ctx;
  const before = id == null ? null : await getValoriza(tx, id);
  const plan = await planPartes(req, tx, body, id);
  const { tasa_detraccion, ...header } = await headerValues(req, tx, body);
  let vid: number;
  if (id == null) {
    const [row] = await tx.insert(valorizaciones).values(header).returning({ id: valorizaciones.valoriza_id });
    vid = row.id;
  } else {
    await tx.update(valorizaciones).set(header).where(eq(valorizaciones.valoriza_id, id));
    vid = id;
  }
  await writePartes(ctx, plan, vid);
  await storeTotals(tx, vid, body.rubro, tasa_detraccion);
  const after = await getValoriza(tx, vid);
  await ctx.audit({ action: id == null ? 'create' : 'update', resource: RESOURCE, resource_id: vid, before, after });
  return after;
}

async function lockValoriza(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: valorizaciones.valoriza_id })
    .from(valorizaciones)
    .where(eq(valorizaciones.valoriza_id, id))
    .for('update');
  if (!row) throw notFound(MSG.notFound);
}

export function createValoriza(req: FastifyRequest, body: ValorizaBody) {
  return runChange(req, (ctx) => save(req, ctx, body, null), 201);
}

export function updateValoriza(req: FastifyRequest, id: number, body: ValorizaBody) {
  return runChange(req, async (ctx) => {
    await lockValoriza(ctx.tx, id);
    return save(req, ctx, body, id);
  });
}

/** Deletes the valuation; its reports stay, unbilled again. */
export function deleteValoriza(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    await lockValoriza(tx, id);
    const before = await getValoriza(tx, id);
    await tx.update(partesDiarios).set({ valoriza_id: null }).where(eq(partesDiarios.valoriza_id, id));
    await tx.delete(valorizaciones).where(eq(valorizaciones.valoriza_id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}
