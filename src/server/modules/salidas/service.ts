// Exits: stock checked inside the transaction with the supply rows locked; lines, stock and SALIDA
// movements change together on create, edit (delta against the STORED quantities) and delete.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SalidaBody } from '@shared/contract/salidas';
import { outflowDeltas, quantitiesByInsumo, type StoredLine } from '@shared/domain/stock';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { maquinarias, operadores, salidas, salidasDet } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';
import { applyOutflow, assertAvailable, lockInsumos } from '../insumos/stock';
import { assertMesesAbiertos } from '../cierres/guard';
import { planLineSync } from '../../lib/line-sync';
import {
  deleteSalidaMovimientos,
  insertSalidaMovimientos,
  updateSalidaDoc,
  updateSalidaMovimiento,
  type DocumentoMovimiento,
} from '../movimientos/ledger';
import { checkedOperador, operadorMatch } from '../operadores/repository';
import { getSalida } from './repository';

/** The machine's plate and the operator in one query (every exit saved reads both; a replay pays it per exit). */
async function header(tx: Db, body: SalidaBody) {
  const [r] = await tx
    .select({ placa: maquinarias.placa, id: operadores.operador_id, dni: operadores.dni })
    .from(maquinarias)
    .leftJoin(operadores, operadorMatch(body))
    .where(eq(maquinarias.id, body.maquinaria_id))
    .limit(1);
  if (!r) throw badRequest(MSG.machineNotFound, { maquinaria_id: MSG.machineNotFound });
  const operador_id = checkedOperador(body, r);
  const doc: DocumentoMovimiento = { fecha: body.fecha, proveedor: r.placa, nro_guiaremision: body.nro_vale };
  return { values: { nro_vale: body.nro_vale, fecha: body.fecha, maquinaria_id: body.maquinaria_id, operador_id }, doc };
}

/** Locks the supplies whose stock moves and refuses (409, nothing changed) any line above stock. */
async function checkStock(tx: Db, before: StoredLine[], after: StoredLine[], lines: SalidaBody['salidas_det']) {
  const deltas = outflowDeltas(before, after);
  const locked = await lockInsumos(tx, [...deltas.keys()].concat(after.map((l) => l.insumo_id)));
  assertAvailable(
    locked,
    deltas,
    quantitiesByInsumo(after),
    (insumoId) =>
      `salidas_det.${Math.max(
        0,
        lines.findIndex((l) => l.insumo_id === insumoId),
      )}.cantidad`,
  );
  return deltas;
}

export function createSalida(req: FastifyRequest, body: SalidaBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      await assertMesesAbiertos(tx, [body.fecha]);
      const { values, doc } = await header(tx, body);
      const deltas = await checkStock(tx, [], body.salidas_det, body.salidas_det);
      const [row] = await tx
        .insert(salidas)
        .values({ ...values, user_id: req.user?.id ?? null })
        .returning({ id: salidas.id });
      const lines = await tx
        .insert(salidasDet)
        .values(
          body.salidas_det.map((l) => ({ salida_id: row.id, insumo_id: l.insumo_id, cantidad: l.cantidad, observacion: l.observacion })),
        )
        .returning({ salida_det_id: salidasDet.salida_det_id, insumo_id: salidasDet.insumo_id, cantidad: salidasDet.cantidad });
      await applyOutflow(tx, deltas);
      await insertSalidaMovimientos(tx, doc, lines);
      const after = await getSalida(tx, row.id);
      await audit({ action: 'create', resource: 'salidas', resource_id: row.id, after });
      return after;
    },
    201,
  );
}

async function lockSalida(tx: Db, id: number) {
  const [row] = await tx.select({ id: salidas.id }).from(salidas).where(eq(salidas.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  return tx
    .select({ salida_det_id: salidasDet.salida_det_id, insumo_id: salidasDet.insumo_id, cantidad: salidasDet.cantidad })
    .from(salidasDet)
    .where(eq(salidasDet.salida_id, id));
}

export function updateSalida(req: FastifyRequest, id: number, body: SalidaBody) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockSalida(tx, id);
    const before = await getSalida(tx, id);
    // Out of a closed month or into one: refused before anything else (ledger.ts checks the same).
    await assertMesesAbiertos(tx, [before.fecha, body.fecha]);
    const plan = planLineSync(
      stored,
      body.salidas_det,
      body.trash,
      (s) => s.salida_det_id,
      (l) => l.salida_det_id,
    );
    const afterLines: StoredLine[] = [...plan.kept, ...plan.updates.map((u) => u.incoming), ...plan.inserts];
    const { values, doc } = await header(tx, body);
    const deltas = await checkStock(tx, stored, afterLines, body.salidas_det);

    await tx.update(salidas).set(values).where(eq(salidas.id, id));
    const gone = plan.deletes.map((d) => d.salida_det_id);
    await deleteSalidaMovimientos(tx, gone);
    if (gone.length > 0) await tx.delete(salidasDet).where(inArray(salidasDet.salida_det_id, gone));
    for (const { stored: s, incoming: l } of plan.updates) {
      await tx
        .update(salidasDet)
        .set({ insumo_id: l.insumo_id, cantidad: l.cantidad, observacion: l.observacion })
        .where(eq(salidasDet.salida_det_id, s.salida_det_id));
      await updateSalidaMovimiento(tx, { salida_det_id: s.salida_det_id, insumo_id: l.insumo_id, cantidad: l.cantidad });
    }
    if (plan.inserts.length > 0) {
      const added = await tx
        .insert(salidasDet)
        .values(plan.inserts.map((l) => ({ salida_id: id, insumo_id: l.insumo_id, cantidad: l.cantidad, observacion: l.observacion })))
        .returning({ salida_det_id: salidasDet.salida_det_id, insumo_id: salidasDet.insumo_id, cantidad: salidasDet.cantidad });
      await insertSalidaMovimientos(tx, doc, added);
    }
    await updateSalidaDoc(
      tx,
      [...plan.kept, ...plan.updates.map((u) => u.stored)].map((s) => s.salida_det_id),
      doc,
    );
    await applyOutflow(tx, deltas);
    const after = await getSalida(tx, id);
    await audit({ action: 'update', resource: 'salidas', resource_id: id, before, after });
    return after;
  });
}

export function deleteSalida(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const stored = await lockSalida(tx, id);
    const before = await getSalida(tx, id);
    await assertMesesAbiertos(tx, [before.fecha]);
    const deltas = outflowDeltas(stored, []);
    await lockInsumos(tx, deltas.keys());
    await applyOutflow(tx, deltas);
    await deleteSalidaMovimientos(
      tx,
      stored.map((s) => s.salida_det_id),
    );
    await tx.delete(salidas).where(eq(salidas.id, id));
    await audit({ action: 'delete', resource: 'salidas', resource_id: id, before });
    return { message: MSG.deleted };
  });
}
