// A machine's state and its history (docs/architecture.md, "Machine state"). `maquinarias.estado` is the state of the
// machine's one open interval in `maquinarias_estados`; every change closes that interval and opens the next one, with
// why it began (ALTA, MANUAL with a reason, FALLA, ORDEN, REPARACION), the record that caused it and the user. Every
// writer of a machine's state goes through `cambiarEstado`, inside the transaction of the change that causes it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { maquinarias, maquinariasEstados } from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';

/** The machine states, by their stored number (MSG.machineState's order). */
export const ESTADO = { operativo: 0, inoperativa: 1, enReparacion: 2, enMantenimiento: 3 } as const;
export type OrigenEstado = 'ALTA' | 'MANUAL' | 'FALLA' | 'ORDEN' | 'REPARACION';

export interface CambioEstado {
  maquinariaId: number;
  estado: number;
  origen: OrigenEstado;
  /** The failure, order or repair that caused it. */
  refId?: number | null;
  motivo?: string | null;
  userId?: number | null;
  /** When the new state began (ISO time; default: now). */
  desde?: string;
}

/**
 * Puts the machine in `estado` from `desde`: closes its open interval and opens a new one. A change to the state it
 * already has records nothing (returns false). The caller holds the transaction; the machine row is locked here.
 */
export async function cambiarEstado(tx: Db, c: CambioEstado): Promise<boolean> {
  const [m] = await tx.select({ estado: maquinarias.estado }).from(maquinarias).where(eq(maquinarias.id, c.maquinariaId)).for('update');
  if (!m) return false;
  const desde = c.desde ?? new Date().toISOString();
  const [open] = await tx
    .select({ id: maquinariasEstados.id, estado: maquinariasEstados.estado, desde: maquinariasEstados.desde })
    .from(maquinariasEstados)
    .where(and(eq(maquinariasEstados.maquinaria_id, c.maquinariaId), isNull(maquinariasEstados.hasta)));
  if (open && open.estado === c.estado && m.estado === c.estado) return false;
  if (open) {
    // An interval never ends before it began (a change dated before the open one's start closes it at its start).
    await tx
      .update(maquinariasEstados)
      .set({ hasta: sql`greatest(${maquinariasEstados.desde}, ${desde}::timestamptz)` })
      .where(eq(maquinariasEstados.id, open.id));
  }
  await tx.insert(maquinariasEstados).values({
    maquinaria_id: c.maquinariaId,
    estado: c.estado,
    desde: open && Date.parse(open.desde) > Date.parse(desde) ? open.desde : desde,
    origen: c.origen,
    ref_id: c.refId ?? null,
    motivo: c.motivo ?? null,
    user_id: c.userId ?? null,
  });
  if (m.estado !== c.estado) await tx.update(maquinarias).set({ estado: c.estado }).where(eq(maquinarias.id, c.maquinariaId));
  return true;
}

/** Orders that are still open (not CERRADA nor ANULADA): an open order on a stopped machine keeps it stopped. */
export const ORDENES_ABIERTAS = ['ABIERTA', 'EN CURSO', 'EN ESPERA DE REPUESTOS'] as const;

/**
 * Whether something still keeps the machine stopped: a pending failure reported with "máquina detenida" or an open
 * work order on the stopped machine, other than the failure `exceptFalla` (the one being closed or changed).
 */
export async function sigueDetenida(tx: Db, maquinariaId: number, exceptFalla: number | null = null): Promise<boolean> {
  const [r] = await rowsOf<{ si: boolean }>(
    tx,
    sql`select (
      exists (select 1 from fallas f where f.maquinaria_id = ${maquinariaId} and f.estado = 0 and f.maquina_detenida
        and f.falla_id <> ${exceptFalla ?? 0})
      or exists (select 1 from ordenes_trabajo o where o.maquinaria_id = ${maquinariaId} and o.maquina_detenida
        and o.estado in (${sql.join(
          ORDENES_ABIERTAS.map((e) => sql`${e}`),
          sql`, `,
        )}))
    ) as si`,
  );
  return r?.si === true;
}

/**
 * Returns a machine stopped for repair to OPERATIVO once nothing keeps it stopped (a repair closed its failure, a
 * failure stopped being one that stops it). Only EN REPARACION, the state failures put it in, is released: INOPERATIVA
 * is a manual decision and EN MANTENIMIENTO belongs to preventive orders. Returns whether the state changed.
 */
export async function liberarMaquina(
  tx: Db,
  c: { maquinariaId: number; origen: OrigenEstado; refId?: number | null; userId?: number | null; exceptFalla?: number | null },
): Promise<boolean> {
  const [m] = await tx.select({ estado: maquinarias.estado }).from(maquinarias).where(eq(maquinarias.id, c.maquinariaId));
  if (!m || m.estado !== ESTADO.enReparacion) return false;
  if (await sigueDetenida(tx, c.maquinariaId, c.exceptFalla ?? null)) return false;
  return cambiarEstado(tx, { maquinariaId: c.maquinariaId, estado: ESTADO.operativo, origen: c.origen, refId: c.refId, userId: c.userId });
}

/** Stops the machine for repair (a failure with "máquina detenida"): EN REPARACION unless it is already stopped. */
export async function detenerPorFalla(
  tx: Db,
  c: { maquinariaId: number; fallaId: number; userId?: number | null; desde?: string },
): Promise<boolean> {
  const [m] = await tx.select({ estado: maquinarias.estado }).from(maquinarias).where(eq(maquinarias.id, c.maquinariaId));
  if (!m || m.estado !== ESTADO.operativo) return false;
  return cambiarEstado(tx, {
    maquinariaId: c.maquinariaId,
    estado: ESTADO.enReparacion,
    origen: 'FALLA',
    refId: c.fallaId,
    userId: c.userId,
    desde: c.desde,
  });
}
