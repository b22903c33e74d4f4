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
  CambiarInsumoAnswer,
  CambiarInsumoBody,
  MaquinariaBody,
  MaquinariaInsumo,
  MaquinariaRow,
} from '@shared/contract/maquinarias';
import { countsForInsumo } from '@shared/domain/wear';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { cambiosInsumo, extVehiculos, insumos, insumosMaquinaria, maquinarias } from '../../db/schema/index';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { assignDay } from '../../lib/wear';
import { runChange, type ChangeContext } from '../../plugins/change';
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

const values = (b: MaquinariaBody) => ({
  placa: b.placa,
  descripcion: b.descripcion,
  marca: b.marca,
  modelo: b.modelo,
  anio_fabrica: b.año_fabrica,
  horometro: b.horometro,
  estado: b.estado,
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
      const [m] = await tx.insert(maquinarias).values(values(body)).returning({ id: maquinarias.id });
      const after = await oneMaquinaria(tx, m.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: m.id, after: values(body) });
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
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after: values(body) });
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
  fecha_asignacion: string;
}

/**
 * Changes the selected parts of one machine on `fecha`: per part, the hours it accumulated until that day (the
 * meter lines of the reports that count for it, dated up to the change) go into a history row with the meter
 * from the reports at that day and the meter read on the machine; its counter restarts (reports after the
 * change count for the new part). `retrieve_hours` is the most any part accumulated: 0 means none had hours.
 */
export function cambiarInsumos(req: FastifyRequest, body: CambiarInsumoBody): Promise<CambiarInsumoAnswer> {
  return runChange(req, (ctx) => cambiarInsumosTx(ctx, body, req.user?.id ?? null));
}

/** The part change inside the caller's transaction: the change form, and a work order closed with wear parts. */
export async function cambiarInsumosTx(
  { tx, audit }: ChangeContext,
  body: CambiarInsumoBody,
  userId: number | null,
): Promise<CambiarInsumoAnswer> {
  {
    const machine = await lockMaquinaria(tx, body.maquinaria_id);
    const parts = await rowsOf<LockedInsumo>(
      tx,
      sql`select im.insumo_maq_id, im.maquinaria_id, im.insumo_id,
          to_char(im.last_date_mantenimiento, 'YYYY-MM-DD') as last_date_mantenimiento,
          to_char(${assignDay}, 'YYYY-MM-DD') as fecha_asignacion
        from insumos_maquinaria im where im.insumo_maq_id in (${sql.join(
          body.checkeds.map((c) => sql`${c}`),
          sql`, `,
        )}) order by im.insumo_maq_id for update`,
    );
    for (const c of body.checkeds) {
      const p = parts.find((x) => Number(x.insumo_maq_id) === c);
      if (!p) throw notFound(MSG.partAssignmentNotFound);
      if (Number(p.maquinaria_id) !== machine.id) throw badRequest(MSG.partNotOfMachine, { checkeds: MSG.partNotOfMachine });
      if (p.last_date_mantenimiento && body.fecha < p.last_date_mantenimiento) {
        throw badRequest(MSG.changeBeforeLast(p.last_date_mantenimiento), { fecha: MSG.changeBeforeLast(p.last_date_mantenimiento) });
      }
      if (!p.last_date_mantenimiento && body.fecha < p.fecha_asignacion) {
        throw badRequest(MSG.changeBeforeAssignment(p.fecha_asignacion), { fecha: MSG.changeBeforeAssignment(p.fecha_asignacion) });
      }
    }
    // Meter quantity per report day up to the change date (the meter summary); each part sums the days that count for it.
    const days = await rowsOf<{ fecha: string; qty: string }>(
      tx,
      sql`select to_char(s.fecha, 'YYYY-MM-DD') as fecha, ${machine.horometro ? sql`s.horas` : sql`s.km`}::text as qty
        from partes_diarios_medidor s
        where s.maquinaria_id = ${machine.id} and s.fecha <= ${body.fecha}::date`,
    );
    const meter = await meterAt(tx, machine.id, body.fecha);
    const ids: number[] = [];
    let retrieve = 0;
    for (const p of parts) {
      const cents = days.filter((d) => countsForInsumo(p, d.fecha)).reduce((s, d) => s + Math.round(Number(d.qty) * 100), 0);
      const horas = cents / 100;
      retrieve = Math.max(retrieve, horas);
      const [row] = await tx
        .insert(cambiosInsumo)
        .values({
          insumo_maq_id: Number(p.insumo_maq_id),
          maquinaria_id: machine.id,
          insumo_id: Number(p.insumo_id),
          fecha: body.fecha,
          observacion: body.observacion,
          horometro_pdiario: meter,
          horometro_vehiculo: body.horometro_vehiculo,
          horas_acumuladas: horas,
          user_id: userId,
        })
        .returning();
      await tx
        .update(insumosMaquinaria)
        .set({ last_date_mantenimiento: body.fecha })
        .where(eq(insumosMaquinaria.insumo_maq_id, Number(p.insumo_maq_id)));
      await audit({ action: 'cambiar', resource: PARTS, resource_id: Number(p.insumo_maq_id), before: p, after: row });
      ids.push(row.id);
    }
    return { data: await cambiosByIds(tx, ids), retrieve_hours: retrieve };
  }
}
