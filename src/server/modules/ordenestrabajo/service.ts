// Work order rules (docs/architecture.md, "Work orders"). Create: from a due task (PREVENTIVA, the task's checklist),
// from a failure (CORRECTIVA) or by hand, numbered per year under a lock, idempotent by the device's uid. Execution:
// one PUT with the order's whole state; the status moves ABIERTA → EN CURSO ↔ EN ESPERA DE REPUESTOS → CERRADA (or
// ANULADA with a reason, code 73); the parts are the order's one warehouse exit (stock locked and checked, kardex);
// closing needs the checklist answered and the reading, marks its failure REPARADO or its task done, changes the wear
// parts at the reading and returns a machine the orders stopped to OPERATIVO. Every write goes through runChange.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE, hasRole } from '@shared/auth/permissions';
import type { OrdenCreateBody, OrdenDetail, OrdenEjecucionBody, OrdenEstado } from '@shared/contract/ordenestrabajo';
import { limaDate } from '@shared/domain/dates';
import { formatReading, meterWord } from '@shared/domain/lecturas';
import { outflowDeltas, quantitiesByInsumo } from '@shared/domain/stock';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import {
  fallas,
  insumosMaquinaria,
  maquinarias,
  maquinariasEstados,
  ordenesTrabajo,
  ordenesTrabajoAsignados,
  ordenesTrabajoChecklist,
  ordenesTrabajoManoObra,
  planes,
  planesTareas,
  reparaciones,
  salidas,
  salidasDet,
  usuarios,
} from '../../db/schema/index';
import { AppError, badRequest, conflict, denied, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { runChange, type ChangeContext } from '../../plugins/change';
import { insertFalla } from '../fallas/service';
import { applyOutflow, assertAvailable, lockInsumos } from '../insumos/stock';
import { ESTADO, cambiarEstado } from '../maquinarias/estados';
import { cambiarInsumosTx } from '../maquinarias/service';
import { assertMesesAbiertos } from '../cierres/guard';
import { deleteSalidaMovimientos, insertSalidaMovimientos, updateSalidaMovimiento, type DocumentoMovimiento } from '../movimientos/ledger';
import { registrarEjecucion } from '../planes/ejecuciones';
import { codigoOf, findOrden, getOrden } from './repository';

const RESOURCE = 'ordenestrabajo';
const TERMINADAS: readonly OrdenEstado[] = ['CERRADA', 'ANULADA'];
/** States in which an order holds its machine stopped (when it says maquina_detenida). */
const EN_EJECUCION: readonly OrdenEstado[] = ['EN CURSO', 'EN ESPERA DE REPUESTOS'];

type OrdenStored = typeof ordenesTrabajo.$inferSelect;

/** A time the device recorded, never later than now (an offline save reaches the server later). */
function deviceTime(t: string | null | undefined): string {
  const now = Date.now();
  if (!t) return new Date(now).toISOString();
  const ms = Date.parse(t);
  return new Date(Math.min(ms, now)).toISOString();
}

async function assertUsuarios(tx: Db, ids: readonly number[], field: string) {
  const list = [...new Set(ids)];
  if (!list.length) return;
  const found = await tx.select({ id: usuarios.id }).from(usuarios).where(inArray(usuarios.id, list));
  if (found.length !== list.length) throw badRequest(MSG.ordenUsuarioNoExiste, { [field]: MSG.ordenUsuarioNoExiste });
}

/** What the origin decides: the type, the checklist copied from a task and whether the machine is stopped. */
async function origenOf(tx: Db, body: OrdenCreateBody) {
  if (body.origen === 'PLAN') {
    if (!body.tarea_id) throw badRequest(MSG.ordenTareaRequerida, { tarea_id: MSG.ordenTareaRequerida });
    const [t] = await tx
      .select({ maquinaria_id: planes.maquinaria_id, checklist: planesTareas.checklist })
      .from(planesTareas)
      .innerJoin(planes, eq(planes.plan_id, planesTareas.plan_id))
      .where(eq(planesTareas.tarea_id, body.tarea_id));
    if (!t) throw badRequest(MSG.ordenTareaNoExiste, { tarea_id: MSG.ordenTareaNoExiste });
    if (t.maquinaria_id !== body.maquinaria_id) throw badRequest(MSG.ordenOtraMaquina, { tarea_id: MSG.ordenOtraMaquina });
    const checklist = [...t.checklist, ...body.items_checklist];
    return { tipo: 'PREVENTIVA' as const, tarea_id: body.tarea_id, falla_id: null, checklist, detenida: body.maquina_detenida };
  }
  if (body.origen === 'FALLA') {
    if (!body.falla_id) throw badRequest(MSG.ordenFallaRequerida, { falla_id: MSG.ordenFallaRequerida });
    const [f] = await tx
      .select({ maquinaria_id: fallas.maquinaria_id, detenida: fallas.maquina_detenida })
      .from(fallas)
      .where(eq(fallas.falla_id, body.falla_id));
    if (!f) throw badRequest(MSG.failureNotFound, { falla_id: MSG.failureNotFound });
    if (f.maquinaria_id !== body.maquinaria_id) throw badRequest(MSG.ordenOtraMaquina, { falla_id: MSG.ordenOtraMaquina });
    return {
      tipo: 'CORRECTIVA' as const,
      tarea_id: null,
      falla_id: body.falla_id,
      checklist: body.items_checklist,
      detenida: body.maquina_detenida || f.detenida,
    };
  }
  return {
    tipo: body.tipo ?? ('CORRECTIVA' as const),
    tarea_id: null,
    falla_id: null,
    checklist: body.items_checklist,
    detenida: body.maquina_detenida,
  };
}

/**
 * Creates an order. The same uid again answers the order it made (a device that resends a create it cannot know
 * arrived). The number is the year's next, taken under a transaction lock on the year, so two creates never share it.
 */
export function createOrden(req: FastifyRequest, body: OrdenCreateBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const anio = Number(limaDate().slice(0, 4));
      await rowsOf(tx, sql`select 1 as locked from pg_advisory_xact_lock(hashtext('ordenes_trabajo'), ${anio}::int)`);
      const existing = await findOrden(tx, body.uid);
      if (existing) return existing;
      const [m] = await tx.select({ id: maquinarias.id }).from(maquinarias).where(eq(maquinarias.id, body.maquinaria_id));
      if (!m) throw badRequest(MSG.machineNotFound, { maquinaria_id: MSG.machineNotFound });
      const o = await origenOf(tx, body);
      await assertUsuarios(tx, body.asignados, 'asignados');
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${ordenesTrabajo.numero}), 0)::int + 1` })
        .from(ordenesTrabajo)
        .where(eq(ordenesTrabajo.anio, anio));
      const [row] = await tx
        .insert(ordenesTrabajo)
        .values({
          uid: body.uid,
          anio,
          numero: next,
          maquinaria_id: body.maquinaria_id,
          origen: body.origen,
          tipo: o.tipo,
          prioridad: body.prioridad,
          tarea_id: o.tarea_id,
          falla_id: o.falla_id,
          descripcion: body.descripcion,
          fecha_programada: body.fecha_programada,
          maquina_detenida: o.detenida,
          user_id: req.user?.id ?? null,
        })
        .returning({ ot_id: ordenesTrabajo.ot_id });
      if (body.asignados.length) {
        await tx.insert(ordenesTrabajoAsignados).values([...new Set(body.asignados)].map((u) => ({ ot_id: row.ot_id, usuario_id: u })));
      }
      if (o.checklist.length) {
        await tx
          .insert(ordenesTrabajoChecklist)
          .values(o.checklist.map((descripcion, i) => ({ ot_id: row.ot_id, orden: i + 1, descripcion: descripcion.slice(0, 250) })));
      }
      const after = await getOrden(tx, body.uid);
      await audit({ action: 'create', resource: RESOURCE, resource_id: row.ot_id, after });
      return after;
    },
    201,
  );
}

async function lockOrden(tx: Db, uid: string): Promise<OrdenStored> {
  const [o] = await tx.select().from(ordenesTrabajo).where(eq(ordenesTrabajo.uid, uid)).for('update');
  if (!o) throw notFound(MSG.ordenNotFound);
  return o;
}

/** Refuses any change to a closed or annulled order, and a move back to ABIERTA. */
function assertTransicion(o: OrdenStored, hacia: OrdenEstado) {
  const desde = o.estado as OrdenEstado;
  if (TERMINADAS.includes(desde)) throw conflict(MSG.ordenTerminada(codigoOf(o), desde));
  if (hacia === 'ABIERTA' && desde !== 'ABIERTA') throw conflict(MSG.ordenTransicion(desde, hacia));
}

interface StoredRepuesto {
  salida_det_id: number;
  insumo_id: number;
  cantidad: number;
  insumo_maq_id: number | null;
  observacion: string | null;
}

const repuestoKey = (l: { insumo_id: number; insumo_maq_id: number | null }) => `${l.insumo_id}:${l.insumo_maq_id ?? 0}`;

/**
 * The order's parts as its one warehouse exit (salidas.ot_id, no operator): the incoming lines are matched to the stored
 * ones by supply and wear part, the supplies whose stock moves are locked (id order) and checked (409 naming the supply,
 * nothing stored), and lines, stock and kardex change together. No parts left: the exit goes.
 */
async function syncRepuestos(tx: Db, o: OrdenStored, placa: string, lines: OrdenEjecucionBody['repuestos'], userId: number | null) {
  const [exit] = await tx.select({ id: salidas.id }).from(salidas).where(eq(salidas.ot_id, o.ot_id)).for('update');
  const stored: StoredRepuesto[] = exit
    ? (
        await tx
          .select({
            salida_det_id: salidasDet.salida_det_id,
            insumo_id: salidasDet.insumo_id,
            cantidad: salidasDet.cantidad,
            insumo_maq_id: salidasDet.insumo_maq_id,
            observacion: salidasDet.observacion,
          })
          .from(salidasDet)
          .where(eq(salidasDet.salida_id, exit.id))
          .orderBy(salidasDet.salida_det_id)
      ).map((l) => ({ ...l, cantidad: Number(l.cantidad) }))
    : [];
  const wear = [...new Set(lines.map((l) => l.insumo_maq_id).filter((x): x is number => x !== null))];
  if (wear.length) {
    const parts = await tx
      .select({ id: insumosMaquinaria.insumo_maq_id, maquinaria_id: insumosMaquinaria.maquinaria_id })
      .from(insumosMaquinaria)
      .where(inArray(insumosMaquinaria.insumo_maq_id, wear));
    for (const [i, l] of lines.entries()) {
      if (l.insumo_maq_id === null) continue;
      const p = parts.find((x) => x.id === l.insumo_maq_id);
      if (!p || p.maquinaria_id !== o.maquinaria_id)
        throw badRequest(MSG.partNotOfMachine, { [`repuestos.${i}.insumo_maq_id`]: MSG.partNotOfMachine });
    }
  }
  const deltas = outflowDeltas(stored, lines);
  // Parts that move stock move the kardex: a closed month refuses them before the stock check (ledger.ts checks again).
  if (deltas.size > 0) await assertMesesAbiertos(tx, [limaDate(new Date(o.inicio ?? Date.now()))]);
  const locked = await lockInsumos(tx, [...deltas.keys(), ...lines.map((l) => l.insumo_id)]);
  assertAvailable(
    locked,
    deltas,
    quantitiesByInsumo(lines),
    (insumoId) =>
      `repuestos.${Math.max(
        0,
        lines.findIndex((l) => l.insumo_id === insumoId),
      )}.cantidad`,
  );

  // Match: each incoming line takes the first unmatched stored line of the same supply and wear part.
  const pool = new Map<string, StoredRepuesto[]>();
  for (const s of stored) pool.set(repuestoKey(s), [...(pool.get(repuestoKey(s)) ?? []), s]);
  const updates: { stored: StoredRepuesto; line: (typeof lines)[number] }[] = [];
  const inserts: (typeof lines)[number][] = [];
  for (const l of lines) {
    const s = pool.get(repuestoKey(l))?.shift();
    if (s) updates.push({ stored: s, line: l });
    else inserts.push(l);
  }
  const gone = [...pool.values()].flat().map((s) => s.salida_det_id);

  const codigo = codigoOf(o);
  const doc: DocumentoMovimiento = {
    fecha: limaDate(new Date(o.inicio ?? Date.now())),
    proveedor: placa,
    nro_guiaremision: `OT-${codigo}`,
  };
  let salidaId = exit?.id ?? null;
  if (salidaId === null && lines.length) {
    const [s] = await tx
      .insert(salidas)
      .values({
        nro_vale: doc.nro_guiaremision,
        fecha: doc.fecha,
        maquinaria_id: o.maquinaria_id,
        operador_id: null,
        ot_id: o.ot_id,
        user_id: userId,
      })
      .returning({ id: salidas.id });
    salidaId = s.id;
  }
  await deleteSalidaMovimientos(tx, gone);
  if (gone.length) await tx.delete(salidasDet).where(inArray(salidasDet.salida_det_id, gone));
  for (const { stored: s, line: l } of updates) {
    if (s.cantidad === l.cantidad && s.observacion === l.observacion) continue;
    await tx
      .update(salidasDet)
      .set({ cantidad: l.cantidad, observacion: l.observacion })
      .where(eq(salidasDet.salida_det_id, s.salida_det_id));
    await updateSalidaMovimiento(tx, { salida_det_id: s.salida_det_id, insumo_id: l.insumo_id, cantidad: l.cantidad });
  }
  if (inserts.length && salidaId !== null) {
    const added = await tx
      .insert(salidasDet)
      .values(
        inserts.map((l) => ({
          salida_id: salidaId,
          insumo_id: l.insumo_id,
          cantidad: l.cantidad,
          observacion: l.observacion,
          insumo_maq_id: l.insumo_maq_id,
        })),
      )
      .returning({ salida_det_id: salidasDet.salida_det_id, insumo_id: salidasDet.insumo_id, cantidad: salidasDet.cantidad });
    await insertSalidaMovimientos(tx, doc, added);
  }
  await applyOutflow(tx, deltas);
  if (exit && !lines.length) await tx.delete(salidas).where(eq(salidas.id, exit.id));
}

/** The checklist items the body has, by item number; an OBSERVADO item asked to open a failure opens one (once). */
async function syncChecklist(ctx: ChangeContext, o: OrdenStored, items: OrdenEjecucionBody['checklist'], userId: number | null) {
  const { tx } = ctx;
  const stored = await tx.select().from(ordenesTrabajoChecklist).where(eq(ordenesTrabajoChecklist.ot_id, o.ot_id));
  const byOrden = new Map(stored.map((s) => [s.orden, s]));
  const seen = new Set<number>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.orden)) continue;
    seen.add(item.orden);
    const s = byOrden.get(item.orden);
    let fallaId = s?.falla_id ?? null;
    if (item.abrir_falla && fallaId === null) {
      if (item.resultado !== 'OBSERVADO')
        throw badRequest(MSG.ordenAbrirFallaObservado, { [`checklist.${i}.abrir_falla`]: MSG.ordenAbrirFallaObservado });
      const f = await insertFalla(ctx, {
        maquinaria_id: o.maquinaria_id,
        descripcion: item.descripcion,
        detalle: MSG.ordenFallaDetalle(codigoOf(o), item.nota),
        userId,
      });
      fallaId = f.falla_id;
    }
    const values = { descripcion: item.descripcion, resultado: item.resultado, nota: item.nota, falla_id: fallaId };
    if (s) {
      if (
        s.descripcion !== values.descripcion ||
        s.resultado !== values.resultado ||
        s.nota !== values.nota ||
        s.falla_id !== values.falla_id
      )
        await tx.update(ordenesTrabajoChecklist).set(values).where(eq(ordenesTrabajoChecklist.id, s.id));
    } else {
      await tx.insert(ordenesTrabajoChecklist).values({ ot_id: o.ot_id, orden: item.orden, ...values });
    }
  }
  // Items the body does not name stay: a device that created the order offline from a task does not know the
  // task's items the server added, and closing still needs them answered (assertCierre reads the stored list).
}

async function syncManoObra(tx: Db, o: OrdenStored, lines: OrdenEjecucionBody['mano_obra']) {
  await assertUsuarios(
    tx,
    lines.map((l) => l.usuario_id).filter((x): x is number => x !== null),
    'mano_obra',
  );
  await tx.delete(ordenesTrabajoManoObra).where(eq(ordenesTrabajoManoObra.ot_id, o.ot_id));
  if (lines.length) await tx.insert(ordenesTrabajoManoObra).values(lines.map((l) => ({ ot_id: o.ot_id, ...l })));
}

/** What closing needs: every checklist item answered, an observed one with its note, and the reading (not behind the machine's last order). */
async function assertCierre(tx: Db, o: OrdenStored, body: OrdenEjecucionBody, horometro: boolean) {
  // The stored checklist, after this save's items were written (the transaction rolls them back on a refusal).
  const items = await tx
    .select({ orden: ordenesTrabajoChecklist.orden, resultado: ordenesTrabajoChecklist.resultado, nota: ordenesTrabajoChecklist.nota })
    .from(ordenesTrabajoChecklist)
    .where(eq(ordenesTrabajoChecklist.ot_id, o.ot_id))
    .orderBy(ordenesTrabajoChecklist.orden);
  const open = items.filter((c) => c.resultado === null).length;
  if (open) throw new AppError(409, MSG.ordenChecklistAbierto(open), { checklist: MSG.ordenChecklistAbierto(open) });
  const observed = items.find((c) => c.resultado === 'OBSERVADO' && !c.nota);
  if (observed) {
    const m = MSG.ordenObservadoNota(observed.orden);
    const at = body.checklist.findIndex((c) => c.orden === observed.orden);
    throw new AppError(409, m, { [at >= 0 ? `checklist.${at}.nota` : 'checklist']: m });
  }
  if (body.horometro_cierre === null) {
    const m = MSG.ordenLecturaFalta(meterWord(horometro));
    throw new AppError(409, m, { horometro_cierre: m });
  }
  const [prev] = await tx
    .select({ anio: ordenesTrabajo.anio, numero: ordenesTrabajo.numero, lectura: ordenesTrabajo.horometro_cierre })
    .from(ordenesTrabajo)
    .where(
      and(
        eq(ordenesTrabajo.maquinaria_id, o.maquinaria_id),
        eq(ordenesTrabajo.estado, 'CERRADA'),
        ne(ordenesTrabajo.ot_id, o.ot_id),
        sql`${ordenesTrabajo.horometro_cierre} > ${body.horometro_cierre}`,
      ),
    )
    .orderBy(sql`${ordenesTrabajo.horometro_cierre} desc`)
    .limit(1);
  if (prev?.lectura != null) {
    const m = MSG.ordenLecturaMenor(formatReading(body.horometro_cierre), codigoOf(prev), formatReading(Number(prev.lectura)));
    throw new AppError(409, m, { horometro_cierre: m });
  }
}

/**
 * After an order ends (closed or annulled): a machine the orders stopped (its open state interval came from an order,
 * or from this order's failure) goes back to OPERATIVO when no other order holds it stopped.
 */
async function liberarMaquina(tx: Db, o: OrdenStored, userId: number | null) {
  const [other] = await tx
    .select({ id: ordenesTrabajo.ot_id })
    .from(ordenesTrabajo)
    .where(
      and(
        eq(ordenesTrabajo.maquinaria_id, o.maquinaria_id),
        ne(ordenesTrabajo.ot_id, o.ot_id),
        eq(ordenesTrabajo.maquina_detenida, true),
        inArray(ordenesTrabajo.estado, [...EN_EJECUCION]),
      ),
    )
    .limit(1);
  if (other) return;
  const [open] = await tx
    .select({ estado: maquinariasEstados.estado, origen: maquinariasEstados.origen, ref_id: maquinariasEstados.ref_id })
    .from(maquinariasEstados)
    .where(and(eq(maquinariasEstados.maquinaria_id, o.maquinaria_id), isNull(maquinariasEstados.hasta)));
  if (!open || open.estado === ESTADO.operativo) return;
  const byOrders = open.origen === 'ORDEN' || (open.origen === 'FALLA' && o.falla_id !== null && open.ref_id === o.falla_id);
  if (!byOrders) return;
  await cambiarEstado(tx, { maquinariaId: o.maquinaria_id, estado: ESTADO.operativo, origen: 'ORDEN', refId: o.ot_id, userId });
}

async function anular(ctx: ChangeContext, o: OrdenStored, placa: string, body: OrdenEjecucionBody, userId: number | null) {
  if (!body.motivo_anulacion) throw badRequest(MSG.ordenMotivoAnulacion, { motivo_anulacion: MSG.ordenMotivoAnulacion });
  // Its parts go back to the warehouse (the exit's lines leave the kardex).
  await syncRepuestos(ctx.tx, o, placa, [], userId);
  await ctx.tx
    .update(ordenesTrabajo)
    .set({ estado: 'ANULADA', motivo_anulacion: body.motivo_anulacion, fin: new Date().toISOString(), updated_at: sql`now()` })
    .where(eq(ordenesTrabajo.ot_id, o.ot_id));
  await liberarMaquina(ctx.tx, o, userId);
}

/** Closing: the failure it repairs, the task it does, the wear parts it changes at the reading, the machine it frees. */
async function cerrar(ctx: ChangeContext, o: OrdenStored, body: OrdenEjecucionBody, fin: string, userId: number | null) {
  const { tx, audit } = ctx;
  const fecha = limaDate(new Date(fin));
  const lectura = body.horometro_cierre ?? 0;
  if (o.falla_id !== null) {
    const [f] = await tx
      .update(fallas)
      .set({ estado: 1 })
      .where(and(eq(fallas.falla_id, o.falla_id), eq(fallas.estado, 0)))
      .returning({ falla_id: fallas.falla_id });
    if (f)
      await audit({
        action: 'update',
        resource: 'fallas',
        resource_id: f.falla_id,
        before: { estado: 0 },
        after: { estado: 1, ot_id: o.ot_id },
      });
  }
  const parts = new Set(body.repuestos.map((r) => r.insumo_maq_id).filter((x): x is number => x !== null));
  if (o.tarea_id !== null) {
    const done = await registrarEjecucion(tx, { tareaId: o.tarea_id, otId: o.ot_id, fecha, medidor: lectura, userId });
    for (const id of done?.insumoMaqIds ?? []) parts.add(id);
  }
  if (parts.size) {
    const mine = await tx
      .select({ id: insumosMaquinaria.insumo_maq_id })
      .from(insumosMaquinaria)
      .where(and(inArray(insumosMaquinaria.insumo_maq_id, [...parts]), eq(insumosMaquinaria.maquinaria_id, o.maquinaria_id)));
    if (mine.length) {
      await cambiarInsumosTx(ctx.tx, ctx.audit, {
        maquinaria_id: o.maquinaria_id,
        checkeds: mine.map((p) => p.id),
        fecha,
        observacion: MSG.ordenCambioInsumo(codigoOf(o)),
        horometro_vehiculo: lectura,
        userId,
      });
    }
  }
}

/** Saves the order's whole state (the execution screen, online or from the outbox). */
export function updateOrden(req: FastifyRequest, uid: string, body: OrdenEjecucionBody) {
  return runChange(req, async (ctx) => {
    const { tx, audit } = ctx;
    const userId = req.user?.id ?? null;
    const o = await lockOrden(tx, uid);
    const before = await getOrden(tx, uid);
    assertTransicion(o, body.estado);
    const [m] = await tx
      .select({ placa: maquinarias.placa, horometro: maquinarias.horometro })
      .from(maquinarias)
      .where(eq(maquinarias.id, o.maquinaria_id));

    if (body.estado === 'ANULADA') {
      if (!hasRole(req.user?.roles, ROLE.ordenAnular)) throw denied(MSG.ordenAnularPermiso);
      await anular(ctx, o, m.placa, body, userId);
    } else {
      if (!hasRole(req.user?.roles, ROLE.ordenEjecutar)) throw denied(MSG.ordenEjecutarPermiso);
      const starts = o.estado === 'ABIERTA' && body.estado !== 'ABIERTA';
      const inicio = o.inicio ?? (starts ? deviceTime(body.inicio) : null);
      const current = { ...o, inicio };
      await syncChecklist(ctx, current, body.checklist, userId);
      if (body.estado === 'CERRADA') await assertCierre(tx, o, body, m.horometro);
      await syncManoObra(tx, current, body.mano_obra);
      await syncRepuestos(tx, current, m.placa, body.repuestos, userId);
      const fin = body.estado === 'CERRADA' ? deviceTime(body.fin) : null;
      await tx
        .update(ordenesTrabajo)
        .set({
          estado: body.estado,
          inicio,
          fin,
          horometro_cierre: body.horometro_cierre,
          notas: body.notas,
          updated_at: sql`now()`,
        })
        .where(eq(ordenesTrabajo.ot_id, o.ot_id));
      if (starts && o.maquina_detenida) {
        await cambiarEstado(tx, {
          maquinariaId: o.maquinaria_id,
          estado: o.tipo === 'PREVENTIVA' ? ESTADO.enMantenimiento : ESTADO.enReparacion,
          origen: 'ORDEN',
          refId: o.ot_id,
          userId,
          desde: inicio ?? undefined,
        });
      }
      if (body.estado === 'CERRADA' && fin) {
        await cerrar(ctx, current, body, fin, userId);
        await liberarMaquina(tx, o, userId);
      }
    }
    const after = await getOrden(tx, uid);
    await audit({ action: 'update', resource: RESOURCE, resource_id: o.ot_id, before, after });
    return after;
  });
}

/** Attaches an outside repair of the same machine (one per order); null detaches it. */
export function vincularReparacion(req: FastifyRequest, uid: string, reparacionId: number | null): Promise<OrdenDetail> {
  return runChange(req, async ({ tx, audit }) => {
    const o = await lockOrden(tx, uid);
    if (reparacionId !== null) {
      const [r] = await tx
        .select({ maquinaria_id: reparaciones.maquinaria_id })
        .from(reparaciones)
        .where(eq(reparaciones.reparacion_id, reparacionId));
      if (!r) throw badRequest(MSG.notFound, { reparacion_id: MSG.notFound });
      if (r.maquinaria_id !== o.maquinaria_id) throw badRequest(MSG.ordenOtraMaquina, { reparacion_id: MSG.ordenOtraMaquina });
    }
    await tx
      .update(reparaciones)
      .set({ ot_id: null })
      .where(and(eq(reparaciones.ot_id, o.ot_id), reparacionId === null ? undefined : ne(reparaciones.reparacion_id, reparacionId)));
    if (reparacionId !== null) await tx.update(reparaciones).set({ ot_id: o.ot_id }).where(eq(reparaciones.reparacion_id, reparacionId));
    await audit({ action: 'update', resource: 'reparaciones', resource_id: reparacionId, after: { ot_id: o.ot_id } });
    return getOrden(tx, uid);
  });
}
