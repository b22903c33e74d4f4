// A daily report as sent (complete, or partial next to a stored one) turned into the values to store: machine,
// operator (by id or DNI), active activity, active cost line with its unit, pretot and monto in cents.
import { eq, inArray, sql } from 'drizzle-orm';
import type { ParteFields } from '@shared/contract/partesdiarios';
import { lineTotal } from '@shared/domain/valoriza';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { actividades, costos, costosDet, partesDiarios } from '../../db/schema/index';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { maquinariaPlate } from '../maquinarias/repository';
import { operadorId } from '../operadores/repository';

export interface StoredParte {
  parte_id: number;
  nro_parte_interno: string;
  fecha: string;
  maquinaria_id: number;
  operador_id: number;
  actividad_id: number;
  valoriza_id: number | null;
  horometro_inicial: number | null;
  horometro_final: number | null;
  pd_detalle_id: number;
  costo_det_id: number;
  cantid: number;
  preuni: number;
  unidad: string;
}

export interface ResolvedParte {
  values: {
    nro_parte_interno: string;
    fecha: string;
    maquinaria_id: number;
    operador_id: number;
    actividad_id: number;
    monto: number;
    horometro_inicial: number | null;
    horometro_final: number | null;
  };
  /** Prefix of its field errors (a valuation's item). */
  path: string;
  line: { costo_det_id: number; cantid: number; preuni: number; pretot: number; unidad: string };
}

/** Locks the reports (in id order, so two saves never deadlock) and reads them with their service line. */
export async function lockPartes(tx: Db, ids: number[]): Promise<Map<number, StoredParte>> {
  const out = new Map<number, StoredParte>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  await tx
    .select({ id: partesDiarios.parte_id })
    .from(partesDiarios)
    .where(inArray(partesDiarios.parte_id, unique))
    .orderBy(partesDiarios.parte_id)
    .for('update');
  const rows = await rowsOf<StoredParte>(
    tx,
    sql`select p.parte_id, p.nro_parte_interno, to_char(p.fecha, 'YYYY-MM-DD') as fecha, p.maquinaria_id, p.operador_id,
          p.actividad_id, p.valoriza_id, p.horometro_inicial::float8 as horometro_inicial,
          p.horometro_final::float8 as horometro_final, d.pd_detalle_id, d.costo_det_id, d.cantid::float8 as cantid,
          d.preuni::float8 as preuni, d.unidad
        from ${partesDiarios} p
        join lateral (select * from partes_diarios_det x where x.parte_id = p.parte_id order by x.pd_detalle_id limit 1) d on true
        where p.parte_id in (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) out.set(r.parte_id, r);
  return out;
}

/** One stored report, locked; 404 when unknown. */
export async function lockParte(tx: Db, id: number): Promise<StoredParte> {
  const stored = (await lockPartes(tx, [id])).get(id);
  if (!stored) throw notFound(MSG.reportNotFound(id));
  return stored;
}

/** Runs a lookup shared with the exits and moves its field errors under `path` (the exit's `operador_dni` is our `dni`). */
async function underPath<T>(path: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    const errors = Object.entries(err.errors).map(([k, v]) => [`${path}${k === 'operador_dni' ? 'dni' : k}`, v]);
    throw new AppError(err.statusCode, err.message, Object.fromEntries(errors));
  }
}

async function activity(tx: Db, id: number, path: string): Promise<void> {
  const [a] = await tx.select({ estado: actividades.activ_estado }).from(actividades).where(eq(actividades.id, id)).for('share');
  if (!a) throw badRequest(MSG.activityNotFound, { [`${path}actividad_id`]: MSG.activityNotFound });
  if (a.estado !== 1) throw badRequest(MSG.activityInactive, { [`${path}actividad_id`]: MSG.activityInactive });
}

/** The cost line, share-locked so a cost edit removing it waits for this save (or is seen by it). */
async function costLine(tx: Db, id: number, mustBeActive: boolean, path: string) {
  const key = `${path}partesdiarios_det.costo_det_id`;
  const [line] = await tx
    .select({ precio: costosDet.precio, unidad: costosDet.unidad, estado: costosDet.estado, costo_estado: costos.estado })
    .from(costosDet)
    .innerJoin(costos, eq(costos.id, costosDet.costo_id))
    .where(eq(costosDet.costo_det_id, id))
    .for('share', { of: costosDet });
  if (!line) throw badRequest(MSG.costLineNotFound, { [key]: MSG.costLineNotFound });
  if (mustBeActive && (line.estado !== 1 || line.costo_estado !== 1))
    throw badRequest(MSG.costLineInactive, { [key]: MSG.costLineInactive });
  return line;
}

/**
 * The values to store for `input`; a field not sent keeps the stored value. A new or changed activity or
 * cost line must be active; an unchanged one may have been deactivated since. The machine of a stored
 * report never changes. `fecha` is the date of a new report sent without one; `path` prefixes field errors.
 */
export async function resolveParte(
  tx: Db,
  input: ParteFields,
  stored: StoredParte | null,
  opts: { fecha: string; path?: string },
): Promise<ResolvedParte> {
  const path = opts.path ?? '';
  const maquinaria_id = stored?.maquinaria_id ?? (input.maquinaria_id as number);
  if (stored && input.maquinaria_id != null && input.maquinaria_id !== stored.maquinaria_id)
    throw badRequest(MSG.reportMachineLocked, { [`${path}maquinaria_id`]: MSG.reportMachineLocked });
  if (!stored) await underPath(path, maquinariaPlate(tx, maquinaria_id));

  const operador_id =
    input.operador_id != null || input.dni != null
      ? await underPath(path, operadorId(tx, { operador_id: input.operador_id, operador_dni: input.dni }))
      : (stored?.operador_id as number);

  const actividad_id = input.actividad_id ?? (stored?.actividad_id as number);
  if (actividad_id !== stored?.actividad_id) await activity(tx, actividad_id, path);

  const det = input.partesdiarios_det;
  const costo_det_id = det?.costo_det_id ?? (stored?.costo_det_id as number);
  const sameLine = costo_det_id === stored?.costo_det_id;
  const line = await costLine(tx, costo_det_id, !sameLine, path);
  const cantid = det?.cantid ?? (stored?.cantid as number);
  const preuni = det?.preuni ?? (sameLine ? (stored?.preuni as number) : line.precio);
  const pretot = lineTotal(cantid, preuni);
  // Readings: missing keeps the stored ones (or none), both null clears them (the contract sends them in pairs).
  const readings =
    input.horometro_inicial !== undefined || input.horometro_final !== undefined
      ? { horometro_inicial: input.horometro_inicial ?? null, horometro_final: input.horometro_final ?? null }
      : { horometro_inicial: stored?.horometro_inicial ?? null, horometro_final: stored?.horometro_final ?? null };
  return {
    path,
    values: {
      nro_parte_interno: input.nro_parte_interno ?? (stored?.nro_parte_interno as string),
      fecha: input.fecha ?? stored?.fecha ?? opts.fecha,
      maquinaria_id,
      operador_id,
      actividad_id,
      monto: pretot,
      ...readings,
    },
    line: { costo_det_id, cantid, preuni, pretot, unidad: sameLine && stored ? stored.unidad : line.unidad },
  };
}

/** True when saving `r` would change nothing of `s` (a valuation resending its reports as they are). */
export function sameParte(r: ResolvedParte, s: StoredParte): boolean {
  const v = r.values;
  return (
    v.nro_parte_interno === s.nro_parte_interno &&
    v.fecha === s.fecha &&
    v.operador_id === s.operador_id &&
    v.actividad_id === s.actividad_id &&
    v.horometro_inicial === s.horometro_inicial &&
    v.horometro_final === s.horometro_final &&
    r.line.costo_det_id === s.costo_det_id &&
    r.line.cantid === s.cantid &&
    r.line.preuni === s.preuni
  );
}
