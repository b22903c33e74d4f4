// Exits saved together by a batch of the offline queue (modules/sync): a run of consecutive POST /api/salidas applied
// in a few statements for the whole run (a clerk's morning of exits queued on a tablet), instead of the ~15 statements
// and the request pipeline each exit costs on its own. Each exit still gets the answer, the stored key, the audit row,
// the stock, the kardex movement and the valuation its own request would have left (docs/architecture.md, offline
// engine: "A long queue").
//
// Only exits that certainly succeed are applied together: the run is read first (the machines, operators and locked
// supplies of every exit, the closed months), and the exits are walked in order against the stock the earlier ones
// leave. The first exit that would be refused for anything (a role, its body, a key already stored, a closed month,
// an unknown machine, operator or supply, the stock) goes through its own route after the exits before it are
// applied, so its refusal is the route's own; then the walk starts again from the exit after it. If the run cannot
// be applied (a key a concurrent request stored meanwhile), its savepoint is rolled back and its exits go one by one.
import { inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { SalidaBody, SalidaDetail } from '@shared/contract/salidas';
import { salidasApi as api } from '@shared/contract/salidas';
import type { SyncAnswer, SyncItem } from '@shared/contract/sync';
import { fromCents, toCents } from '@shared/domain/money';
import { outflowDeltas } from '@shared/domain/stock';
import type { Db } from '../../db/client';
import { maquinarias, operadores, salidas, salidasDet } from '../../db/schema/index';
import type { BulkContext, BulkRoute } from '../../lib/batch-item';
import { AppError } from '../../lib/errors';
import { finishChanges, requestHashOf } from '../../plugins/change';
import { assertMesesAbiertos } from '../cierres/guard';
import { applyOutflow, lockFound } from '../insumos/stock';
import { insertSalidasMovimientos } from '../movimientos/ledger';
import { checkedOperador } from '../operadores/repository';
import { getSalidas } from './repository';

/** An exit of the run that its own request would apply: what it needs to be applied with the others. */
interface Ready {
  item: SyncItem;
  body: SalidaBody;
  hash: string;
  placa: string;
  operador_id: number;
  /** Stock (cents) of each of its supplies once it has left, as its own request's answer reads it. */
  stockAfter: Map<number, number>;
}

/** Runs `check`; false when it refuses with an answer of the app (an AppError), which the route would give. */
function passes(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** Bodies the route accepts, from the first item on, up to the first it would not (or whose key is already stored). */
function parsedPrefix(ctx: BulkContext, items: readonly SyncItem[]): { item: SyncItem; body: SalidaBody }[] {
  const out: { item: SyncItem; body: SalidaBody }[] = [];
  const limit = ctx.req.server.initialConfig.bodyLimit ?? 1_048_576;
  for (const item of items) {
    if (item.body === undefined || ctx.batch.stored.has(item.key)) break;
    if (Buffer.byteLength(JSON.stringify(item.body)) > limit) break;
    const parsed = api.create.body.safeParse(item.body);
    if (!parsed.success) break;
    out.push({ item, body: parsed.data });
  }
  return out;
}

/** The machines' plates and the operators the run names, in two queries. */
async function catalogues(tx: Db, bodies: readonly SalidaBody[]) {
  const maqIds = [...new Set(bodies.map((b) => b.maquinaria_id))];
  const opIds = [...new Set(bodies.flatMap((b) => (b.operador_id != null ? [b.operador_id] : [])))];
  const dnis = [...new Set(bodies.flatMap((b) => (b.operador_id == null && b.operador_dni ? [b.operador_dni] : [])))];
  const machines = await tx
    .select({ id: maquinarias.id, placa: maquinarias.placa })
    .from(maquinarias)
    .where(inArray(maquinarias.id, maqIds));
  const ops =
    opIds.length + dnis.length === 0
      ? []
      : await tx
          .select({ id: operadores.operador_id, dni: operadores.dni })
          .from(operadores)
          .where(
            or(
              opIds.length > 0 ? inArray(operadores.operador_id, opIds) : undefined,
              dnis.length > 0 ? inArray(operadores.dni, dnis) : undefined,
            ),
          );
  return {
    placa: new Map(machines.map((m) => [m.id, m.placa])),
    byId: new Map(ops.map((o) => [o.id, o])),
    // A DNI is one operator's (unique in the table).
    byDni: new Map(ops.map((o) => [o.dni, o])),
  };
}

/** The exits from the first item on that their own requests would apply, up to the first they would not. */
async function prepare(ctx: BulkContext, items: readonly SyncItem[]): Promise<Ready[]> {
  const user = ctx.batch.user;
  if (!api.create.access.some((code) => user.roles.includes(code))) return [];
  const parsed = parsedPrefix(ctx, items);
  if (parsed.length === 0) return [];
  const { placa, byId, byDni } = await catalogues(
    ctx.tx,
    parsed.map((p) => p.body),
  );
  const locked = await lockFound(
    ctx.tx,
    parsed.flatMap((p) => p.body.salidas_det.map((l) => l.insumo_id)),
  );
  const stock = new Map([...locked].map(([id, s]) => [id, toCents(s.stock)]));
  const secret = ctx.req.server.config.jwtSecret;
  const ready: Ready[] = [];
  for (const { item, body } of parsed) {
    // The closed months were read once for the batch's transaction (cierres/guard.ts): no query here.
    try {
      await assertMesesAbiertos(ctx.tx, [body.fecha]);
    } catch (err) {
      if (err instanceof AppError) break;
      throw err;
    }
    const machinePlaca = placa.get(body.maquinaria_id);
    if (machinePlaca === undefined) break;
    const o = body.operador_id != null ? byId.get(body.operador_id) : byDni.get(body.operador_dni ?? '');
    let operador_id = 0;
    if (!passes(() => (operador_id = checkedOperador(body, o)))) break;
    const deltas = outflowDeltas([], body.salidas_det);
    if (body.salidas_det.some((l) => !stock.has(l.insumo_id))) break;
    if ([...deltas].some(([id, d]) => d > (stock.get(id) ?? 0))) break;
    for (const [id, d] of deltas) stock.set(id, (stock.get(id) ?? 0) - d);
    ready.push({
      item,
      body,
      hash: requestHashOf(secret, item.method, item.url, body),
      placa: machinePlaca,
      operador_id,
      stockAfter: new Map(body.salidas_det.map((l) => [l.insumo_id, stock.get(l.insumo_id) ?? 0])),
    });
  }
  return ready;
}

/** The ready exits in one savepoint: their answers, or null (rolled back) when the run could not be applied. */
async function apply(ctx: BulkContext, ready: readonly Ready[]): Promise<SyncAnswer[] | null> {
  const userId = ctx.batch.user.id;
  try {
    return await ctx.tx.transaction(async (t) => {
      const tx = t as unknown as Db;
      const heads = await tx
        .insert(salidas)
        .values(
          ready.map((r) => ({
            nro_vale: r.body.nro_vale,
            fecha: r.body.fecha,
            maquinaria_id: r.body.maquinaria_id,
            operador_id: r.operador_id,
            user_id: userId,
          })),
        )
        .returning({ id: salidas.id });
      // The sequence numbers the rows in the order they are given.
      const ids = heads.map((h) => h.id).sort((a, b) => a - b);
      const lines = (
        await tx
          .insert(salidasDet)
          .values(
            ready.flatMap((r, k) =>
              r.body.salidas_det.map((l) => ({
                salida_id: ids[k],
                insumo_id: l.insumo_id,
                cantidad: l.cantidad,
                observacion: l.observacion,
              })),
            ),
          )
          .returning({
            salida_det_id: salidasDet.salida_det_id,
            salida_id: salidasDet.salida_id,
            insumo_id: salidasDet.insumo_id,
            cantidad: salidasDet.cantidad,
          })
      ).sort((a, b) => a.salida_det_id - b.salida_det_id);
      await applyOutflow(
        tx,
        outflowDeltas(
          [],
          ready.flatMap((r) => r.body.salidas_det),
        ),
      );
      const linesOf = new Map<number, typeof lines>();
      for (const l of lines) linesOf.set(l.salida_id, [...(linesOf.get(l.salida_id) ?? []), l]);
      await insertSalidasMovimientos(
        tx,
        ready.map((r, k) => ({
          doc: { fecha: r.body.fecha, proveedor: r.placa, nro_guiaremision: r.body.nro_vale },
          lines: linesOf.get(ids[k]) ?? [],
        })),
      );
      // Each exit's lines show the stock left after it, as its own request's answer read it.
      const results: SalidaDetail[] = (await getSalidas(tx, ids)).map((d, k) => ({
        ...d,
        salidas_det: d.salidas_det.map((l) => ({ ...l, stock: fromCents(ready[k].stockAfter.get(l.insumo_id) ?? toCents(l.stock)) })),
      }));
      const status = api.create.status;
      await finishChanges(
        tx,
        ctx.req,
        ready.map((r, k) => ({
          key: r.item.key,
          method: r.item.method,
          url: r.item.url,
          hash: r.hash,
          status,
          result: results[k],
          audits: [{ action: 'create', resource: 'salidas', resource_id: ids[k], after: results[k] }],
        })),
      );
      return results.map((res, k) => {
        const { item } = ready[k];
        ctx.req.log.info(
          { req: { method: item.method, url: item.url, remoteAddress: ctx.req.ip }, res: { statusCode: status } },
          `${item.method} ${item.url} ${status}`,
        );
        // The body as the route's answer schema encodes it.
        return { key: item.key, status, body: JSON.parse(JSON.stringify(z.encode(api.create.answer, res))) as unknown, replayed: false };
      });
    });
  } catch (err) {
    ctx.req.log.warn({ err }, 'lote: las salidas no se aplicaron juntas; se graban una por una');
    return null;
  }
}

export const salidasBulk: BulkRoute = {
  method: api.create.method,
  url: api.create.path,
  async run(ctx, items) {
    const answers: SyncAnswer[] = [];
    let i = 0;
    while (i < items.length) {
      const ready = await prepare(ctx, items.slice(i));
      const applied = ready.length > 0 ? await apply(ctx, ready) : null;
      // A run it could not apply goes one by one; then the exit it could not vouch for (where the walk stopped).
      const alone = applied ? 1 : ready.length + 1;
      if (applied) {
        answers.push(...applied);
        i += applied.length;
      }
      for (const end = Math.min(items.length, i + alone); i < end; i++) {
        const answer = await ctx.one(items[i]);
        answers.push(answer);
        if (ctx.stops(answer)) return answers;
      }
    }
    return answers;
  },
};
