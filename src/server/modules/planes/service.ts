// Plan rules (docs/architecture.md, "Preventive plans"): a plan and its tasks change together (tasks with `trash`);
// a new task's next due is counted from its base (default today and the machine's current meter); an edited task whose
// interval or base changed counts it again from its last execution (or its base); the parts a task changes are wear
// assignments of the plan's machine; a plan is copied to machines of the same kind (same description and meter
// type), each from today and its own meter, the parts mapped to the same supply's assignment there; a task marked
// done records its execution (registrarEjecucion) and restarts its parts' counters with the part change of
// modules/maquinarias at that reading. Every write goes through runChange (idempotency + audit).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CopiarAnswer, CopiarBody, HechaBody, PlanBody, TareaBody } from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { primerVencimiento, type Punto } from '@shared/domain/planes';
import { FIELD, MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { insumosMaquinaria, maquinarias, planes, planesTareas, planesTareasEjecuciones, planesTareasInsumos } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { planLineSync } from '../../lib/line-sync';
import { runChange } from '../../plugins/change';
import { cambiarInsumosTx } from '../maquinarias/service';
import { registrarEjecucion } from './ejecuciones';
import { currentMeter, planDetailOf, planRowsOf } from './repository';

const RESOURCE = 'planes';
type Stored = typeof planesTareas.$inferSelect;

const cents = (n: number | null) => (n === null ? null : Math.round(n * 100));

async function machineOf(tx: Db, id: number) {
  const [m] = await tx
    .select({ id: maquinarias.id, placa: maquinarias.placa, descripcion: maquinarias.descripcion, horometro: maquinarias.horometro })
    .from(maquinarias)
    .where(eq(maquinarias.id, id));
  if (!m) throw notFound(MSG.machineNotFound);
  return m;
}

/** 400 unless every part of every task is a wear assignment of the machine. */
async function assertParts(tx: Db, maquinariaId: number, tareas: readonly TareaBody[]): Promise<void> {
  const ids = [...new Set(tareas.flatMap((t) => t.insumos))];
  if (!ids.length) return;
  const found = await tx
    .select({ id: insumosMaquinaria.insumo_maq_id })
    .from(insumosMaquinaria)
    .where(and(eq(insumosMaquinaria.maquinaria_id, maquinariaId), inArray(insumosMaquinaria.insumo_maq_id, ids)));
  const known = new Set(found.map((f) => f.id));
  const i = tareas.findIndex((t) => t.insumos.some((x) => !known.has(x)));
  if (i >= 0) throw badRequest(MSG.planPartNotOfMachine, { [`tareas.${i}.insumos`]: MSG.planPartNotOfMachine });
}

/** A task's own fields, as the form sends them and as a copy takes them from the source plan. */
const taskValues = (
  t: Pick<TareaBody, 'nombre' | 'cada_medidor' | 'cada_dias' | 'margen_medidor' | 'margen_dias' | 'programacion' | 'checklist' | 'activo'>,
) => ({
  nombre: t.nombre,
  cada_medidor: t.cada_medidor,
  cada_dias: t.cada_dias,
  margen_medidor: t.margen_medidor,
  margen_dias: t.margen_dias,
  programacion: t.programacion,
  checklist: t.checklist,
  activo: t.activo,
});

async function setParts(tx: Db, tareaId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(planesTareasInsumos).where(eq(planesTareasInsumos.tarea_id, tareaId));
  if (ids.length) await tx.insert(planesTareasInsumos).values(ids.map((id) => ({ tarea_id: tareaId, insumo_maq_id: id })));
}

/** The newest execution of a task (the point an edited schedule counts from), or null. */
async function lastDone(tx: Db, tareaId: number): Promise<Punto | null> {
  const [e] = await tx
    .select({ fecha: planesTareasEjecuciones.fecha, medidor: planesTareasEjecuciones.medidor })
    .from(planesTareasEjecuciones)
    .where(eq(planesTareasEjecuciones.tarea_id, tareaId))
    .orderBy(desc(planesTareasEjecuciones.fecha), desc(planesTareasEjecuciones.id))
    .limit(1);
  return e ?? null;
}

/** Inserts, updates and deletes the plan's tasks; `meter` is the machine's current meter (the default base). */
async function saveTareas(tx: Db, planId: number, body: PlanBody, stored: readonly Stored[], meter: number): Promise<void> {
  const today = limaDate();
  const sync = planLineSync(
    stored,
    body.tareas,
    body.trash,
    (s) => s.tarea_id,
    (t) => t.tarea_id,
  );
  if (sync.deletes.length) {
    await tx.delete(planesTareas).where(
      inArray(
        planesTareas.tarea_id,
        sync.deletes.map((d) => d.tarea_id),
      ),
    );
  }
  for (const t of sync.inserts) {
    const base = { fecha: t.base_fecha ?? today, medidor: t.base_medidor ?? meter };
    const [row] = await tx
      .insert(planesTareas)
      .values({ plan_id: planId, ...taskValues(t), base_fecha: base.fecha, base_medidor: base.medidor, ...primerVencimiento(t, base) })
      .returning({ id: planesTareas.tarea_id });
    await setParts(tx, row.id, t.insumos);
  }
  for (const { stored: s, incoming: t } of sync.updates) {
    const base = { fecha: t.base_fecha ?? s.base_fecha, medidor: t.base_medidor ?? s.base_medidor };
    const changed =
      cents(t.cada_medidor) !== cents(s.cada_medidor) ||
      t.cada_dias !== s.cada_dias ||
      base.fecha !== s.base_fecha ||
      cents(base.medidor) !== cents(s.base_medidor);
    // A new interval or base counts again from the last time the task was done, or from its (new) base.
    const next = changed ? primerVencimiento(t, (await lastDone(tx, s.tarea_id)) ?? base) : {};
    await tx
      .update(planesTareas)
      .set({ ...taskValues(t), base_fecha: base.fecha, base_medidor: base.medidor, ...next })
      .where(eq(planesTareas.tarea_id, s.tarea_id));
    await setParts(tx, s.tarea_id, t.insumos);
  }
}

export function createPlan(req: FastifyRequest, body: PlanBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      await machineOf(tx, body.maquinaria_id);
      if (body.trash.length) throw badRequest(MSG.lineNotInRecord);
      await assertParts(tx, body.maquinaria_id, body.tareas);
      const [p] = await tx
        .insert(planes)
        .values({ maquinaria_id: body.maquinaria_id, nombre: body.nombre, activo: body.activo, user_id: req.user?.id ?? null })
        .returning({ id: planes.plan_id });
      await saveTareas(tx, p.id, body, [], await currentMeter(tx, body.maquinaria_id));
      const after = await planDetailOf(tx, p.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: p.id, after });
      return after;
    },
    201,
  );
}

async function lockPlan(tx: Db, id: number) {
  const [p] = await tx.select().from(planes).where(eq(planes.plan_id, id)).for('update');
  if (!p) throw notFound(MSG.planNotFound);
  return p;
}

export function updatePlan(req: FastifyRequest, id: number, body: PlanBody) {
  return runChange(req, async ({ tx, audit }) => {
    const p = await lockPlan(tx, id);
    // The plan stays with its machine: its tasks' parts are that machine's.
    if (body.maquinaria_id !== p.maquinaria_id) throw badRequest(MSG.planPartNotOfMachine, { maquinaria_id: FIELD.invalidValue });
    const before = await planDetailOf(tx, id);
    await assertParts(tx, p.maquinaria_id, body.tareas);
    const stored = await tx.select().from(planesTareas).where(eq(planesTareas.plan_id, id)).for('update');
    await tx.update(planes).set({ nombre: body.nombre, activo: body.activo }).where(eq(planes.plan_id, id));
    await saveTareas(tx, id, body, stored, await currentMeter(tx, p.maquinaria_id));
    const after = await planDetailOf(tx, id);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function deletePlan(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    await lockPlan(tx, id);
    const before = await planDetailOf(tx, id);
    // Its tasks, their parts and executions go with it (cascade).
    await tx.delete(planes).where(eq(planes.plan_id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}

const kind = (d: string) => d.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Copies the plan to each machine: same name and tasks, counted from today and that machine's current meter; a task's
 * parts become the assignments of the same supplies on that machine (a supply it does not have is left out).
 */
export function copiarPlan(req: FastifyRequest, id: number, body: CopiarBody): Promise<CopiarAnswer> {
  return runChange(
    req,
    async ({ tx, audit }) => {
      const src = await planDetailOf(tx, id);
      const targets = await tx
        .select({ id: maquinarias.id, placa: maquinarias.placa, descripcion: maquinarias.descripcion, horometro: maquinarias.horometro })
        .from(maquinarias)
        .where(inArray(maquinarias.id, body.maquinarias));
      for (const mid of body.maquinarias) {
        const m = targets.find((x) => x.id === mid);
        if (!m) throw notFound(MSG.machineNotFound);
        if (m.id === src.maquinaria_id) throw badRequest(MSG.planCopySelf, { maquinarias: MSG.planCopySelf });
        if (kind(m.descripcion) !== kind(src.descripcion) || m.horometro !== src.horometro) {
          throw badRequest(MSG.planCopyOtherKind(m.placa), { maquinarias: MSG.planCopyOtherKind(m.placa) });
        }
      }
      // Source assignment → supply; target (machine, supply) → assignment.
      const srcParts = [...new Set(src.tareas.flatMap((t) => t.insumos))];
      const supplyOf = new Map<number, number>();
      const assignmentOf = new Map<string, number>();
      if (srcParts.length) {
        for (const r of await tx
          .select({ id: insumosMaquinaria.insumo_maq_id, insumo: insumosMaquinaria.insumo_id })
          .from(insumosMaquinaria)
          .where(inArray(insumosMaquinaria.insumo_maq_id, srcParts)))
          supplyOf.set(r.id, r.insumo);
        for (const r of await tx
          .select({ id: insumosMaquinaria.insumo_maq_id, maq: insumosMaquinaria.maquinaria_id, insumo: insumosMaquinaria.insumo_id })
          .from(insumosMaquinaria)
          .where(
            and(inArray(insumosMaquinaria.maquinaria_id, body.maquinarias), inArray(insumosMaquinaria.insumo_id, [...supplyOf.values()])),
          ))
          assignmentOf.set(`${r.maq}:${r.insumo}`, r.id);
      }
      const created: number[] = [];
      for (const mid of body.maquinarias) {
        const [p] = await tx
          .insert(planes)
          .values({ maquinaria_id: mid, nombre: src.nombre, activo: src.activo, user_id: req.user?.id ?? null })
          .returning({ id: planes.plan_id });
        const tareas: TareaBody[] = src.tareas.map((t) => ({
          ...taskValues(t),
          base_fecha: null,
          base_medidor: null,
          insumos: t.insumos.map((x) => assignmentOf.get(`${mid}:${supplyOf.get(x)}`)).filter((x): x is number => x !== undefined),
        }));
        const planBody: PlanBody = { maquinaria_id: mid, nombre: src.nombre, activo: src.activo, tareas, trash: [] };
        await saveTareas(tx, p.id, planBody, [], await currentMeter(tx, mid));
        await audit({ action: 'create', resource: RESOURCE, resource_id: p.id, after: { ...planBody, copia_de: id } });
        created.push(p.id);
      }
      return { message: MSG.planCopied(created.length), data: await planRowsOf(tx, created) };
    },
    201,
  );
}

/**
 * Marks a task done at a date and reading: its execution (on time or late) and next due (registrarEjecucion), then
 * the part change of its parts at that reading (their counters restart), all in one transaction. Answers the plan.
 */
export function marcarHecha(req: FastifyRequest, tareaId: number, body: HechaBody) {
  return runChange(req, async ({ tx, audit }) => {
    const [t] = await tx
      .select({
        plan_id: planesTareas.plan_id,
        nombre: planesTareas.nombre,
        activo: planesTareas.activo,
        maquinaria_id: planes.maquinaria_id,
      })
      .from(planesTareas)
      .innerJoin(planes, eq(planes.plan_id, planesTareas.plan_id))
      .where(eq(planesTareas.tarea_id, tareaId));
    if (!t) throw notFound(MSG.planTaskNotFound);
    if (!t.activo) throw forbidden(MSG.planTaskInactive);
    const last = await lastDone(tx, tareaId);
    if (last && body.fecha < last.fecha)
      throw badRequest(MSG.planDoneBeforeLast(last.fecha), { fecha: MSG.planDoneBeforeLast(last.fecha) });
    const before = await planDetailOf(tx, t.plan_id);
    const done = await registrarEjecucion(tx, { tareaId, fecha: body.fecha, medidor: body.medidor, userId: req.user?.id ?? null });
    if (!done) throw notFound(MSG.planTaskNotFound);
    if (done.insumoMaqIds.length) {
      await cambiarInsumosTx(tx, audit, {
        maquinaria_id: t.maquinaria_id,
        checkeds: done.insumoMaqIds,
        fecha: body.fecha,
        observacion: body.observacion ?? t.nombre,
        horometro_vehiculo: body.medidor,
        userId: req.user?.id ?? null,
      });
    }
    const after = await planDetailOf(tx, t.plan_id);
    await audit({ action: 'hecha', resource: RESOURCE, resource_id: t.plan_id, before, after: { tarea_id: tareaId, ...body } });
    return after;
  });
}

/** Used by the routes: 404 for an unknown machine in a filter (the list of plans of a machine). */
export async function assertMachine(db: Db, id: number): Promise<void> {
  const [r] = await db
    .select({ n: sql<number>`1` })
    .from(maquinarias)
    .where(eq(maquinarias.id, id));
  if (!r) throw notFound(MSG.machineNotFound);
}
