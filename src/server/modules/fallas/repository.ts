// Failure queries: the list with machine, photo count and closing repair; one failure with its photos; the
// failures a repair of a machine may take.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { FallaDetail, FallaOption, FallaRow } from '@shared/contract/fallas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, fotos, maquinarias, reparaciones } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { isoTimestamp } from '../../lib/timestamps';
import { listFotos } from '../fotos/repository';

/** created_at as the Lima date the list shows and filters by. */
const fecha = sql<string>`to_char(${fallas.created_at} at time zone 'America/Lima', 'YYYY-MM-DD')`;

const columns = {
  falla_id: fallas.falla_id,
  maquinaria_id: fallas.maquinaria_id,
  placa: maquinarias.placa,
  maquinaria: maquinarias.descripcion,
  descripcion: fallas.descripcion,
  detalle: fallas.detalle,
  maquina_detenida: fallas.maquina_detenida,
  estado: sql<0 | 1>`${fallas.estado}`,
  fecha,
  created_at: isoTimestamp(fallas.created_at),
  nro_fotos: sql<number>`(select count(*)::int from ${fotos} where ${fotos.falla_id} = ${fallas.falla_id})`,
  reparacion_id: sql<
    number | null
  >`(select ${reparaciones.reparacion_id} from ${reparaciones} where ${reparaciones.falla_id} = ${fallas.falla_id})`,
};

export interface FallaFilter {
  maquinaria_id?: number | null;
  fini?: string | null;
  ffin?: string | null;
}

const onMaquinaria = eq(maquinarias.id, fallas.maquinaria_id);

export function listFallas(db: Db, f: FallaFilter): Promise<JsonRows<FallaRow>> {
  const where = and(
    f.maquinaria_id ? eq(fallas.maquinaria_id, f.maquinaria_id) : undefined,
    // The Lima days as a range of instants, so the index on created_at serves the filter.
    f.fini ? sql`${fallas.created_at} >= (${f.fini}::date)::timestamp at time zone 'America/Lima'` : undefined,
    f.ffin ? sql`${fallas.created_at} < (${f.ffin}::date + 1)::timestamp at time zone 'America/Lima'` : undefined,
  );
  return jsonRows(
    db,
    db
      .select(wire(columns))
      .from(fallas)
      .innerJoin(maquinarias, onMaquinaria)
      .where(where)
      .orderBy(desc(fallas.created_at), desc(fallas.falla_id)),
  );
}

export async function getFalla(db: Db, id: number): Promise<FallaDetail> {
  const [row] = await db.select(columns).from(fallas).innerJoin(maquinarias, onMaquinaria).where(eq(fallas.falla_id, id));
  if (!row) throw notFound(MSG.failureNotFound);
  return { ...row, fotos: await listFotos(db, id) };
}

/**
 * The failures a repair of this machine may take: the pending ones, plus the one repair `reparacionId`
 * (being edited) already holds when it is of this machine. Newest first.
 */
export async function fallasForReparacion(db: Db, maquinariaId: number, reparacionId: number | null): Promise<FallaOption[]> {
  const held = reparacionId
    ? sql`${fallas.falla_id} = (select ${reparaciones.falla_id} from ${reparaciones} where ${reparaciones.reparacion_id} = ${reparacionId})`
    : undefined;
  return db
    .select({
      falla_id: fallas.falla_id,
      descripcion: fallas.descripcion,
      detalle: fallas.detalle,
      estado: sql<0 | 1>`${fallas.estado}`,
      fecha,
    })
    .from(fallas)
    .where(and(eq(fallas.maquinaria_id, maquinariaId), held ? or(eq(fallas.estado, 0), held) : eq(fallas.estado, 0)))
    .orderBy(desc(fallas.created_at), desc(fallas.falla_id));
}

/** The newest pending failures with their machine's plate and Lima date (welcome card and bell). */
export function pendingFallas(db: Db, limit: number) {
  return db
    .select({
      falla_id: fallas.falla_id,
      maquinaria_id: fallas.maquinaria_id,
      placa: maquinarias.placa,
      descripcion: fallas.descripcion,
      fecha: sql<string>`to_char(${fallas.created_at} at time zone 'America/Lima', 'YYYY-MM-DD')`,
    })
    .from(fallas)
    .innerJoin(maquinarias, eq(maquinarias.id, fallas.maquinaria_id))
    .where(eq(fallas.estado, 0))
    .orderBy(desc(fallas.created_at), desc(fallas.falla_id))
    .limit(limit);
}
