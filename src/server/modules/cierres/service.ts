// Monthly close of the warehouse (docs/costs.md, "Monthly close"): close a month that has ended (in order), reopen
// the last closed one with a reason, both audited; a close stores the month's valued stock.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CierreBody, CierreDetail, ReaperturaBody } from '@shared/contract/cierres';
import { cierreQueBloquea, periodoLabel, periodoOf } from '@shared/domain/cierres';
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { cierres } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { lockCierres } from './guard';
import {
  borrarInventario,
  cerrados,
  cierreRowOf,
  guardarInventario,
  inventarioDe,
  listCierres,
  lockCierre,
  mesAnteriorConMovimientos,
} from './repository';

export const list = (db: Db) => listCierres(db, limaDate());

export async function detail(db: Db, periodo: string): Promise<CierreDetail> {
  const row = await cierreRowOf(db, periodo);
  if (row.estado !== 'CERRADO') throw notFound(MSG.cierreNoCerrado(periodoLabel(periodo)));
  return { ...row, items: await inventarioDe(db, periodo) };
}

export function cerrar(req: FastifyRequest, body: CierreBody) {
  const { periodo } = body;
  const mes = periodoLabel(periodo);
  return runChange(
    req,
    async ({ tx, audit }) => {
      if (periodo >= periodoOf(limaDate())) throw conflict(MSG.cierreNoTerminado(mes));
      // Waits for the kardex writes in flight and holds new ones until this commits (guard.ts).
      await lockCierres(tx);
      const stored = await lockCierre(tx, periodo);
      if (stored?.estado === 'CERRADO') throw conflict(MSG.cierreYaCerrado(mes));
      const closed = await cerrados(tx);
      // In order: the last earlier month with movements must be closed (or lie before a closed month). The first
      // close, while no month is closed, may be any ended month: it freezes the months before it too.
      const anterior = closed.length > 0 ? await mesAnteriorConMovimientos(tx, periodo) : null;
      if (anterior && !cierreQueBloquea(closed, anterior)) throw conflict(MSG.cierreAnteriorAbierto(mes, periodoLabel(anterior)));
      const before = stored ? await cierreRowOf(tx, periodo) : null;
      await tx.execute(sql`insert into ${cierres} (periodo, estado, cerrado_at, cerrado_por)
          values (${periodo}, 'CERRADO', now(), ${req.user?.id ?? null})
          on conflict (periodo) do update set estado = 'CERRADO', cerrado_at = now(), cerrado_por = excluded.cerrado_por`);
      await guardarInventario(tx, periodo);
      const after = await cierreRowOf(tx, periodo);
      await audit({ action: 'cerrar', resource: 'cierres', resource_id: periodo, before, after });
      return after;
    },
    201,
  );
}

export function reabrir(req: FastifyRequest, periodo: string, body: ReaperturaBody) {
  const mes = periodoLabel(periodo);
  return runChange(req, async ({ tx, audit }) => {
    await lockCierres(tx);
    const stored = await lockCierre(tx, periodo);
    if (stored?.estado !== 'CERRADO') throw conflict(MSG.cierreNoCerrado(mes));
    const closed = await cerrados(tx);
    const ultimo = closed[closed.length - 1];
    if (ultimo && ultimo > periodo) throw conflict(MSG.cierrePosteriorCerrado(mes, periodoLabel(ultimo)));
    const before = await cierreRowOf(tx, periodo);
    await tx.execute(sql`update ${cierres} set estado = 'ABIERTO', reabierto_at = now(), reabierto_por = ${req.user?.id ?? null},
        motivo_reapertura = ${body.motivo} where periodo = ${periodo}`);
    // The stored report was the closed month's; closing again computes it anew.
    await borrarInventario(tx, periodo);
    const after = await cierreRowOf(tx, periodo);
    await audit({ action: 'reabrir', resource: 'cierres', resource_id: periodo, before, after });
    return after;
  });
}
