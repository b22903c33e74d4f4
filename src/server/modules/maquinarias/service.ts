// Machine rules: a plate is registered once in any letter case (409 'Placa ingresado ya se encuentra
// registrado'); a machine with records cannot be deleted (403); parts are assigned once per machine (a part
// already assigned is left as it is); a part change records a history row per part (hours accumulated until
// the change, meter from the reports, meter read on the machine, user) and restarts its counter; removing an
// assignment keeps its history. Every write goes through runChange (idempotency + audit).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  AsignarAnswer,
  AsignarBody,
  MaqInsumoHorasBody,
  CambiarInsumoAnswer,
  CambiarInsumoBody,
  MaquinariaBody,
  MaquinariaInsumo,
  MaquinariaRow,
} from '@shared/contract/maquinarias';
import { formatReading, meterWord } from '@shared/domain/lecturas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { cambiosInsumo, extVehiculos, insumos, insumosMaquinaria, maquinarias } from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { assignDay, cutTotal } from '../../lib/wear';
import { runChange, type ChangeContext } from '../../plugins/change';
import { cambiarEstado } from './estados';
import { cambiosByIds, maquinariasOf, meterAt, insumosOf } from './repository';

const RESOURCE = 'maquinarias';
const PARTS = 'insumos_maquinaria';

const plateTaken = () => new AppError(409, MSG.plateRegistered, { placa: MSG.plateRegistered });

async function assertPlateFree(tx: Db, placa: string, exceptId?: number): Promise<void> {
  const [dup] = await tx
    .select({ id: maquinarias.id })
    .from(maquinarias)
    .where(and(sql`upper(${maquinarias.placa}) = ${placa.toUpperCase()}`, exceptId ? ne(maquinarias.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw plateTaken();
}

async function assertVehicle(tx: Db, vehId: number | null): Promise<void> {
  if (vehId === null) return;
  const [v] = await tx.select({ id: extVehiculos.veh_id }).from(extVehiculos).where(eq(extVehiculos.veh_id, vehId));
  if (!v) throw badRequest(MSG.vehicleNotFound, { veh_id: MSG.vehicleNotFound });
}

/** The machine's columns but its state, which only `cambiarEstado` writes (it keeps the history). */
const values = (b: MaquinariaBody) => ({
  placa: b.placa,
  descripcion: b.descripcion,
  marca: b.marca,
  modelo: b.modelo,
  anio_fabrica: b.año_fabrica,
  horometro: b.horometro,
  horometro_inicial: b.horometro_inicial,
  veh_id: b.veh_id,
});

async function oneMaquinaria(tx: Db, id: number): Promise<MaquinariaRow> {
  const [row] = await maquinariasOf(tx, [id]);
  if (!row) throw notFound(MSG.machineNotFound);
  return row;
}

async function lockMaquinaria(tx: Db, id: number): Promise<{ id: number; horometro: boolean }> {
  const [m] = await tx
    .select({ id: maquinarias.id, horometro: maquinarias.horometro })
    .from(maquinarias)
    .where(eq(maquinarias.id, id))
    .for('update');
  if (!m) throw notFound(MSG.machineNotFound);
  return m;
}

export function createMaquinaria(req: FastifyRequest, body: MaquinariaBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      await assertPlateFree(tx, body.placa);
      await assertVehicle(tx, body.veh_id);
      const [m] = await tx
        .insert(maquinarias)
        .values({ ...values(body), estado: body.estado })
        .returning({ id: maquinarias.id });
      // Its state history starts with the registration (ALTA), in the state it was registered with.
      await cambiarEstado(tx, {
        maquinariaId: m.id,
        estado: body.estado,
        origen: 'ALTA',
        motivo: body.motivo,
        userId: req.user?.id ?? null,
      });
      const after = await oneMaquinaria(tx, m.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: m.id, after: { ...values(body), estado: body.estado } });
      return after;
    },
    201,
  );
}

export function updateMaquinaria(req: FastifyRequest, id: number, body: MaquinariaBody) {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(maquinarias).where(eq(maquinarias.id, id)).for('update');
    if (!before) throw notFound(MSG.machineNotFound);
    await assertPlateFree(tx, body.placa, id);
    if (body.veh_id !== before.veh_id) await assertVehicle(tx, body.veh_id);
    await tx.update(maquinarias).set(values(body)).where(eq(maquinarias.id, id));
    // A manual change of state needs its reason; it is kept in the history (origin MANUAL) with the user.
    if (body.estado !== before.estado) {
      if (!body.motivo) throw badRequest(MSG.stateReasonRequired, { motivo: MSG.stateReasonRequired });
      await cambiarEstado(tx, {
        maquinariaId: id,
        estado: body.estado,
        origen: 'MANUAL',
        motivo: body.motivo,
        userId: req.user?.id ?? null,
      });
    }
    await audit({
      action: 'update',
      resource: RESOURCE,
      resource_id: id,
      before,
      after: { ...values(body), estado: body.estado, motivo: body.motivo },
    });
    return oneMaquinaria(tx, id);
  });
}

/** Tables whose rows keep a machine (a machine with any of them cannot be deleted). */
const MACHINE_RECORDS = ['salidas', 'pedidos', 'partes_diarios', 'fallas', 'reparaciones', 'cambios_insumo'] as const;

export function deleteMaquinaria(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(maquinarias).where(eq(maquinarias.id, id)).for('update');
    if (!before) throw notFound(MSG.machineNotFound);
    const uses = MACHINE_RECORDS.map((t) => sql`exists (select 1 from ${sql.identifier(t)} where maquinaria_id = ${id})`);
    const [r] = await rowsOf<{ used: boolean }>(tx, sql`select (${sql.join(uses, sql` or `)}) as used`);
    if (r.used) throw forbidden(MSG.machineInUse);
    // Its part assignments go with it (cascade); they have no history, or the machine would be in use.
    await tx.delete(maquinarias).where(eq(maquinarias.id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}

const insumosJson = async (tx: Db, id: number, only?: number[]) => JSON.parse(await insumosOf(tx, id, only)) as MaquinariaInsumo[];

/** Assigns the new parts of the body (those without insumo_maq_id); a part already on the machine is left as it is. */
export function asignarInsumos(req: FastifyRequest, body: AsignarBody): Promise<AsignarAnswer> {
  return runChange(req, async ({ tx, audit }) => {
    await lockMaquinaria(tx, body.id);
    const fresh = body.insumos
      .map((p, index) => ({ p, index }))
      .filter(({ p }, i, all) => p.insumo_maq_id === undefined && all.findIndex((o) => o.p.insumo === p.insumo) === i);
    if (fresh.length) {
      const ids = fresh.map(({ p }) => p.insumo);
      const known = new Set((await tx.select({ id: insumos.id }).from(insumos).where(inArray(insumos.id, ids))).map((r) => r.id));
      const unknown = fresh.filter(({ p }) => !known.has(p.insumo));
      if (unknown.length) {
        throw badRequest(
          MSG.supplyNotFound,
          Object.fromEntries(unknown.map(({ index }) => [`insumos.${index}.insumo`, MSG.supplyNotFound])),
        );
      }
      const inserted = await tx
        .insert(insumosMaquinaria)
        .values(
          fresh.map(({ p }) => ({
            maquinaria_id: body.id,
            insumo_id: p.insumo,
            hour_warning: p.hour_warning,
            hour_critical: p.hour_critical,
            horas_limite: p.hour_limite,
          })),
        )
        .onConflictDoNothing({ target: [insumosMaquinaria.maquinaria_id, insumosMaquinaria.insumo_id] })
        .returning();
      for (const after of inserted) await audit({ action: 'create', resource: PARTS, resource_id: after.insumo_maq_id, after });
    }
    return { message: MSG.saved, data: await insumosJson(tx, body.id) };
  });
}

/** New thresholds of an assigned part: its counter and history stay as they are. */
export function updateMaqInsumo(req: FastifyRequest, id: number, body: MaqInsumoHorasBody): Promise<AsignarAnswer> {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, id)).for('update');
    if (!before) throw notFound(MSG.partAssignmentNotFound);
    const [after] = await tx
      .update(insumosMaquinaria)
      .set({ hour_warning: body.hour_warning, hour_critical: body.hour_critical, horas_limite: body.hour_limite })
      .where(eq(insumosMaquinaria.insumo_maq_id, id))
      .returning();
    await audit({ action: 'update', resource: PARTS, resource_id: id, before, after });
    return { message: MSG.saved, data: await insumosJson(tx, before.maquinaria_id) };
  });
}

/** Removes a part assignment; its change history stays (with the machine and the part) for the maintenance report. */
export function deleteMaqInsumo(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, id)).for('update');
    if (!before) throw notFound(MSG.partAssignmentNotFound);
    await tx.delete(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, id));
    await audit({ action: 'delete', resource: PARTS, resource_id: id, before });
    return { message: MSG.deleted };
  });
}

interface LockedInsumo {
  insumo_maq_id: number;
  maquinaria_id: number;
  insumo_id: number;
  last_date_mantenimiento: string | null;
  last_horometro_mantenimiento: string | null;
  fecha_asignacion: string;
  /** Where its counter starts now, on the worked-meter axis (lib/wear.ts cutTotal). */
  corte: string;
}

/** A part change as the change form sends it, plus who makes it (a work order's close passes its own). */
export interface CambioInsumos {
  maquinaria_id: number;
  checkeds: readonly number[];
  fecha: string;
  observacion: string;
  /** The meter read on the machine at the change: where the new parts start. */
  horometro_vehiculo: number;
  userId: number | null;
}

/**
 * The change reading must fit the machine's reports with readings: not below the final of a report dated before the
 * change day, not above the initial of one dated after it (a report of the change day may span it: it splits there).
 */
async function assertChangeReading(tx: Db, machine: { id: number; horometro: boolean }, fecha: string, reading: number) {
  const [r] = await rowsOf<{
    prev_nro: string | null;
    prev_fecha: string | null;
    prev_final: string | null;
    next_nro: string | null;
    next_fecha: string | null;
    next_initial: string | null;
  }>(
    tx,
    sql`select a.nro_parte_interno as prev_nro, to_char(a.fecha, 'YYYY-MM-DD') as prev_fecha, a.horometro_final::text as prev_final,
          b.nro_parte_interno as next_nro, to_char(b.fecha, 'YYYY-MM-DD') as next_fecha, b.horometro_inicial::text as next_initial
        from (select 1) one
        left join lateral (select * from partes_diarios p where p.maquinaria_id = ${machine.id} and p.fecha < ${fecha}::date
          and p.horometro_final > ${reading} order by p.horometro_final desc limit 1) a on true
        left join lateral (select * from partes_diarios p where p.maquinaria_id = ${machine.id} and p.fecha > ${fecha}::date
          and p.horometro_inicial < ${reading} order by p.horometro_inicial limit 1) b on true`,
  );
  const word = meterWord(machine.horometro);
  if (r.prev_nro != null) {
    const m = MSG.changeReadingBelow(word, formatReading(reading), r.prev_nro, r.prev_fecha as string, formatReading(Number(r.prev_final)));
    throw new AppError(422, m, { horometro_vehiculo: m });
  }
  if (r.next_nro != null) {
    const m = MSG.changeReadingAbove(
      word,
      formatReading(reading),
      r.next_nro,
      r.next_fecha as string,
      formatReading(Number(r.next_initial)),
    );
    throw new AppError(422, m, { horometro_vehiculo: m });
  }
}

/**
 * Changes the selected parts of one machine on `fecha` at the reading `horometro_vehiculo`, inside the caller's
 * transaction (the change form's route below; a work order's close calls it with its own transaction and audit). Per
 * part: what it worked since its counter started (lib/wear.ts cutTotal) up to the change point goes into a history row
 * with the meter from the reports at that day and the meter read on the machine; its counter restarts at the change
 * point: the end of the change day less what the day's reports with readings worked above the reading, so a report
 * spanning the change splits there and no hour is lost or counted twice. `retrieve_hours` is the most any part
 * accumulated: 0 means none had hours. Locks the machine, then the parts (id order).
 */
export async function cambiarInsumosTx(tx: Db, audit: ChangeContext['audit'], c: CambioInsumos): Promise<CambiarInsumoAnswer> {
  const machine = await lockMaquinaria(tx, c.maquinaria_id);
  const corte = cutTotal(
    sql`im.maquinaria_id`,
    sql`coalesce(im.last_date_mantenimiento, ${assignDay} - 1)`,
    sql`case when im.last_date_mantenimiento is not null then im.last_horometro_mantenimiento end`,
  );
  const parts = await rowsOf<LockedInsumo>(
    tx,
    sql`select im.insumo_maq_id, im.maquinaria_id, im.insumo_id,
        to_char(im.last_date_mantenimiento, 'YYYY-MM-DD') as last_date_mantenimiento,
        im.last_horometro_mantenimiento::text as last_horometro_mantenimiento,
        to_char(${assignDay}, 'YYYY-MM-DD') as fecha_asignacion, (${corte})::text as corte
      from insumos_maquinaria im where im.insumo_maq_id in (${sql.join(
        c.checkeds.map((x) => sql`${x}`),
        sql`, `,
      )}) order by im.insumo_maq_id for update`,
  );
  for (const id of c.checkeds) {
    const p = parts.find((x) => Number(x.insumo_maq_id) === id);
    if (!p) throw notFound(MSG.partAssignmentNotFound);
    if (Number(p.maquinaria_id) !== machine.id) throw badRequest(MSG.partNotOfMachine, { checkeds: MSG.partNotOfMachine });
    if (p.last_date_mantenimiento && c.fecha < p.last_date_mantenimiento) {
      throw badRequest(MSG.changeBeforeLast(p.last_date_mantenimiento), { fecha: MSG.changeBeforeLast(p.last_date_mantenimiento) });
    }
    if (!p.last_date_mantenimiento && c.fecha < p.fecha_asignacion) {
      throw badRequest(MSG.changeBeforeAssignment(p.fecha_asignacion), { fecha: MSG.changeBeforeAssignment(p.fecha_asignacion) });
    }
    // Two changes of one part on one day: the second at a reading below the first would count hours twice.
    if (
      p.last_date_mantenimiento === c.fecha &&
      p.last_horometro_mantenimiento != null &&
      c.horometro_vehiculo < Number(p.last_horometro_mantenimiento)
    ) {
      const m = MSG.changeReadingBelowLast(formatReading(Number(p.last_horometro_mantenimiento)));
      throw new AppError(422, m, { horometro_vehiculo: m });
    }
  }
  await assertChangeReading(tx, machine, c.fecha, c.horometro_vehiculo);
  const [{ v: nuevoCorte }] = await rowsOf<{ v: string }>(
    tx,
    sql`select (${cutTotal(sql`${machine.id}::int`, sql`${c.fecha}::date`, sql`${c.horometro_vehiculo}::numeric`)})::text as v`,
  );
  const meter = await meterAt(tx, machine.id, c.fecha);
  const ids: number[] = [];
  let retrieve = 0;
  for (const p of parts) {
    const horas = Math.max(0, Math.round(Number(nuevoCorte) * 100) - Math.round(Number(p.corte) * 100)) / 100;
    retrieve = Math.max(retrieve, horas);
    const [row] = await tx
      .insert(cambiosInsumo)
      .values({
        insumo_maq_id: Number(p.insumo_maq_id),
        maquinaria_id: machine.id,
        insumo_id: Number(p.insumo_id),
        fecha: c.fecha,
        observacion: c.observacion,
        horometro_pdiario: meter,
        horometro_vehiculo: c.horometro_vehiculo,
        horas_acumuladas: horas,
        user_id: c.userId,
      })
      .returning();
    await tx
      .update(insumosMaquinaria)
      .set({ last_date_mantenimiento: c.fecha, last_horometro_mantenimiento: c.horometro_vehiculo })
      .where(eq(insumosMaquinaria.insumo_maq_id, Number(p.insumo_maq_id)));
    await audit({ action: 'cambiar', resource: PARTS, resource_id: Number(p.insumo_maq_id), before: p, after: row });
    ids.push(row.id);
  }
  return { data: await cambiosByIds(tx, ids), retrieve_hours: retrieve };
}

/** The change form (POST /api/maquinarias/cambiarinsumo): cambiarInsumosTx in its own keyed, audited transaction. */
export function cambiarInsumos(req: FastifyRequest, body: CambiarInsumoBody): Promise<CambiarInsumoAnswer> {
  return runChange(req, ({ tx, audit }) => cambiarInsumosTx(tx, audit, { ...body, userId: req.user?.id ?? null }));
}
