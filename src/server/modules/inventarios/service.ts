// Physical count rules (docs/costs.md, "Physical count"): a sheet is made for a date not after today with all
// supplies or a selection, each line holding the kardex quantity at the end of that date; its counts are saved while
// it is a BORRADOR; approving it reads the system quantities again, requires a reason for every difference, books
// the differences as AJUSTE movements on the sheet's date (valued at the average by the engine, ledger.ts) and
// changes today's stock (a shortage that would leave it negative is refused). An approved or annulled sheet no
// longer changes. Every write goes through runChange (idempotency + audit).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ConteoBody, InventarioBody, InventarioDetail } from '@shared/contract/inventarios';
import { formatAmount, fromCents, toCents } from '@shared/domain/money';
import { LABELS, MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumos, inventarios, inventariosDet } from '../../db/schema/index';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { runChange } from '../../plugins/change';
import { applyInflow, applyOutflow, lockInsumos } from '../insumos/stock';
import { insertAjusteMovimientos } from '../movimientos/ledger';
import { inventarioDetailOf, refreshStockSistema } from './repository';

const RESOURCE = 'inventarios';

/** The sheet row locked for the change; 404 when missing, 409 unless it is still a BORRADOR. */
async function lockDraft(tx: Db, id: number) {
  const [inv] = await tx.select().from(inventarios).where(eq(inventarios.id, id)).for('update');
  if (!inv) throw notFound(MSG.inventarioNotFound);
  if (inv.estado !== 'BORRADOR') throw conflict(MSG.inventarioNotDraft(inv.estado));
  return inv;
}

export function createInventario(req: FastifyRequest, body: InventarioBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      let ids: number[];
      if (body.todos) {
        ids = (await tx.select({ id: insumos.id }).from(insumos).orderBy(insumos.id)).map((r) => r.id);
      } else {
        const found = await tx.select({ id: insumos.id }).from(insumos).where(inArray(insumos.id, body.insumos));
        if (found.length !== body.insumos.length) throw badRequest(MSG.supplyNotFound, { insumos: MSG.supplyNotFound });
        ids = body.insumos;
      }
      if (ids.length === 0) throw badRequest(MSG.inventarioEmpty, { insumos: MSG.inventarioEmpty });
      const [inv] = await tx
        .insert(inventarios)
        .values({ fecha: body.fecha, descripcion: body.descripcion, user_id: req.user?.id ?? null })
        .returning({ id: inventarios.id });
      // One statement whatever the number of supplies (the list arrives as text, as both drivers pass it).
      await tx.execute(sql`
        insert into ${inventariosDet} (inventario_id, insumo_id)
        select ${inv.id}, unnest(string_to_array(${ids.join(',')}, ',')::int[])`);
      await refreshStockSistema(tx, inv.id, body.fecha);
      const after = await inventarioDetailOf(tx, inv.id);
      await audit({
        action: 'create',
        resource: RESOURCE,
        resource_id: inv.id,
        after: { fecha: after.fecha, descripcion: after.descripcion, todos: body.todos, insumos: ids },
      });
      return after;
    },
    201,
  );
}

export function saveConteo(req: FastifyRequest, id: number, body: ConteoBody) {
  return runChange(req, async ({ tx, audit }) => {
    await lockDraft(tx, id);
    const detIds = [...new Set(body.lineas.map((l) => l.inventario_det_id))];
    const stored = detIds.length
      ? await tx
          .select({ id: inventariosDet.id, cantidad_contada: inventariosDet.cantidad_contada, motivo: inventariosDet.motivo })
          .from(inventariosDet)
          .where(and(eq(inventariosDet.inventario_id, id), inArray(inventariosDet.id, detIds)))
      : [];
    const byId = new Map(stored.map((s) => [s.id, s]));
    const bad = body.lineas.findIndex((l) => !byId.has(l.inventario_det_id));
    if (bad >= 0) throw badRequest(MSG.inventarioLineNotInSheet, { [`lineas.${bad}.inventario_det_id`]: MSG.inventarioLineNotInSheet });
    const sameQty = (a: number | null, b: number | null) => (a === null || b === null ? a === b : toCents(a) === toCents(b));
    const changed = body.lineas.filter((l) => {
      const s = byId.get(l.inventario_det_id);
      return !(s && sameQty(s.cantidad_contada, l.cantidad_contada) && (s.motivo ?? null) === l.motivo);
    });
    if (changed.length) {
      const list = <T>(f: (l: (typeof changed)[number]) => T) => JSON.stringify(changed.map(f));
      // One statement for every changed line: the values as JSON arrays (null stays null).
      await tx.execute(sql`
        update ${inventariosDet} d set cantidad_contada = v.cantidad, motivo = v.motivo
        from (select (a.value)::int as id, (b.value)::numeric as cantidad, c.value as motivo
              from json_array_elements_text(${list((l) => l.inventario_det_id)}::json) with ordinality a(value, n)
              join json_array_elements_text(${list((l) => l.cantidad_contada)}::json) with ordinality b(value, n) on b.n = a.n
              join json_array_elements_text(${list((l) => l.motivo)}::json) with ordinality c(value, n) on c.n = a.n) v
        where d.id = v.id and d.inventario_id = ${id}`);
      await audit({
        action: 'update',
        resource: RESOURCE,
        resource_id: id,
        before: changed.map((l) => ({ inventario_det_id: l.inventario_det_id, ...pick(byId.get(l.inventario_det_id)) })),
        after: changed.map((l) => ({ inventario_det_id: l.inventario_det_id, cantidad_contada: l.cantidad_contada, motivo: l.motivo })),
      });
    }
    return inventarioDetailOf(tx, id);
  });
}

const pick = (s: { cantidad_contada: number | null; motivo: string | null } | undefined) => ({
  cantidad_contada: s?.cantidad_contada ?? null,
  motivo: s?.motivo ?? null,
});

export function anularInventario(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const inv = await lockDraft(tx, id);
    await tx.update(inventarios).set({ estado: 'ANULADO' }).where(eq(inventarios.id, id));
    await audit({ action: 'anular', resource: RESOURCE, resource_id: id, before: { estado: inv.estado }, after: { estado: 'ANULADO' } });
    return { message: MSG.inventarioAnnulled };
  });
}

interface Diferencia {
  inventario_det_id: number;
  insumo_id: number;
  insumo_codigo: string;
  insumo_name: string;
  diferencia: number;
  motivo: string | null;
}

export function aprobarInventario(req: FastifyRequest, id: number): Promise<InventarioDetail> {
  return runChange(req, async ({ tx, audit }) => {
    const inv = await lockDraft(tx, id);
    // The system quantities again: a movement dated on or before the sheet's date may have come since it was made.
    await refreshStockSistema(tx, id, inv.fecha);
    const difs = await rowsOf<Diferencia>(
      tx,
      sql`select d.id as inventario_det_id, d.insumo_id, i.insumo_codigo, i.insumo_name,
            (d.cantidad_contada - d.stock_sistema)::float8 as diferencia, d.motivo
          from ${inventariosDet} d join ${insumos} i on i.id = d.insumo_id
          where d.inventario_id = ${id} and d.cantidad_contada is not null and d.cantidad_contada <> d.stock_sistema
          order by i.insumo_codigo, d.id`,
    );
    const [{ contadas }] = await rowsOf<{ contadas: number }>(
      tx,
      sql`select count(*)::int as contadas from ${inventariosDet} where inventario_id = ${id} and cantidad_contada is not null`,
    );
    if (contadas === 0) throw unprocessable(MSG.inventarioNothingCounted);
    const sinMotivo = difs.find((d) => !d.motivo?.trim());
    if (sinMotivo) {
      throw unprocessable(MSG.inventarioReasonRequired(sinMotivo.insumo_codigo, sinMotivo.insumo_name), {
        inventario_det_id: sinMotivo.inventario_det_id,
      });
    }
    if (difs.length) {
      const locked = await lockInsumos(
        tx,
        difs.map((d) => d.insumo_id),
      );
      const inflow = new Map<number, number>();
      const outflow = new Map<number, number>();
      for (const d of difs) {
        const c = toCents(d.diferencia);
        if (c > 0) inflow.set(d.insumo_id, c);
        else {
          const stock = toCents(locked.get(d.insumo_id)?.stock ?? 0);
          if (stock + c < 0) {
            throw conflict(MSG.inventarioNegativeStock(d.insumo_codigo, formatAmount(fromCents(-c)), formatAmount(fromCents(stock))));
          }
          outflow.set(d.insumo_id, -c);
        }
      }
      const L = LABELS.inventarios;
      await insertAjusteMovimientos(
        tx,
        { fecha: inv.fecha, proveedor: L.kardexParty, nro_guiaremision: L.kardexDoc(id) },
        difs.map((d) => ({ inventario_det_id: d.inventario_det_id, insumo_id: d.insumo_id, diferencia: d.diferencia })),
      );
      await applyInflow(tx, inflow);
      await applyOutflow(tx, outflow);
    }
    await tx
      .update(inventarios)
      .set({ estado: 'APROBADO', aprobado_por: req.user?.id ?? null, aprobado_at: sql`now()` })
      .where(eq(inventarios.id, id));
    const after = await inventarioDetailOf(tx, id);
    await audit({
      action: 'aprobar',
      resource: RESOURCE,
      resource_id: id,
      before: { estado: inv.estado },
      after: {
        estado: after.estado,
        sobrantes: after.sobrantes,
        faltantes: after.faltantes,
        valor_sobrantes: after.valor_sobrantes,
        valor_faltantes: after.valor_faltantes,
        ajustes: difs.map((d) => ({ insumo_id: d.insumo_id, diferencia: d.diferencia, motivo: d.motivo })),
      },
    });
    return after;
  });
}
