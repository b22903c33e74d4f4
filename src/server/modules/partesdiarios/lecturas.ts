// Meter readings of the daily reports on the server (docs/architecture.md, "Meter readings"): the plausibility check
// of shared/domain/lecturas.ts against the machine's other reports, under the machine's row lock (two reports of one
// machine saved at once are checked one after the other); a refused keyed save (an offline replay) is kept in
// lecturas_rechazadas for the alerts, outside the refused transaction, which changes nothing else.
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkLectura, type Lectura } from '@shared/domain/lecturas';
import type { Db } from '../../db/client';
import { lecturasRechazadas, maquinarias } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/errors';
import { rowsOf } from '../../lib/sql';
import { MSG } from '@shared/messages';
import { leerParametros } from '../parametros/service';

/** The configured km/day limit (the parameter `km_max_dia`, parametros/service.ts: its key and default live there). */
export async function kmPorDia(db: Db): Promise<number> {
  return (await leerParametros(db)).km_max_dia;
}

/** A report's readings to check, with the machine it belongs to. */
export interface LecturaParte {
  parte_id: number | null;
  nro_parte_interno: string;
  fecha: string;
  maquinaria_id: number;
  horometro_inicial: number;
  horometro_final: number;
}

/** A refusal of a report's readings: 422 with the message under the field it is about. */
export class LecturaRefused extends AppError {
  constructor(
    message: string,
    field: string,
    public lectura: LecturaParte,
  ) {
    super(422, message, { [field]: message });
    this.name = 'LecturaRefused';
  }
}

/**
 * The machine's reports with readings that can neighbour a report of `fecha`: those of that day, the newest before it
 * and the oldest after it (by date, then initial reading): what checkLectura needs, bounded whatever the history.
 */
async function vecinos(tx: Db, maquinariaId: number, fecha: string, except: number | null): Promise<Lectura[]> {
  const not = except == null ? sql`` : sql`and p.parte_id <> ${except}`;
  const cols = sql`p.parte_id, p.nro_parte_interno, to_char(p.fecha, 'YYYY-MM-DD') as fecha,
    p.horometro_inicial::float8 as horometro_inicial, p.horometro_final::float8 as horometro_final`;
  const base = sql`from partes_diarios p where p.maquinaria_id = ${maquinariaId} and p.horometro_inicial is not null ${not}`;
  return rowsOf<Lectura>(
    tx,
    sql`(select ${cols} ${base} and p.fecha = ${fecha}::date)
      union all (select ${cols} ${base} and p.fecha < ${fecha}::date order by p.fecha desc, p.horometro_inicial desc limit 1)
      union all (select ${cols} ${base} and p.fecha > ${fecha}::date order by p.fecha, p.horometro_inicial limit 1)`,
  );
}

/**
 * Checks a report's readings against its machine's other reports, holding the machine's row lock (the meter summary's
 * lock, taken by the triggers anyway) so two reports of one machine are checked in turn. Throws LecturaRefused (422,
 * the error under `path` + the field, naming the conflicting report); nothing when the report has no readings.
 */
export async function assertLectura(tx: Db, r: LecturaParte, path = ''): Promise<void> {
  const [m] = await rowsOf<{ horometro: boolean }>(
    tx,
    sql`select horometro from ${maquinarias} where id = ${r.maquinaria_id} for no key update`,
  );
  if (!m) throw notFound(MSG.machineNotFound);
  const others = await vecinos(tx, r.maquinaria_id, r.fecha, r.parte_id);
  const refusal = checkLectura(r, others, { horometro: m.horometro, kmPorDia: m.horometro ? undefined : await kmPorDia(tx) });
  if (refusal) throw new LecturaRefused(refusal.message, `${path}${refusal.field}`, r);
}

/**
 * Keeps a refused reading of a keyed save (an offline replay: the device's report did not fit the server's) for the
 * alerts, in its own statement after the refused transaction rolled back; once per key.
 */
export async function recordRefusal(req: FastifyRequest, err: unknown): Promise<void> {
  if (!(err instanceof LecturaRefused)) return;
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !key) return;
  const l = err.lectura;
  await req.server.db
    .insert(lecturasRechazadas)
    .values({
      maquinaria_id: l.maquinaria_id,
      nro_parte_interno: l.nro_parte_interno,
      fecha: l.fecha,
      horometro_inicial: l.horometro_inicial,
      horometro_final: l.horometro_final,
      mensaje: err.message,
      user_id: req.user?.id ?? null,
      idempotency_key: key.slice(0, 100),
    })
    .onConflictDoNothing();
}
