// Users queries: list rows, locked reads, the user managers lock, and duplicate-username checks.
import { and, eq, ne, sql } from 'drizzle-orm';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { UsuarioRow } from '@shared/contract/usuarios';
import type { Db } from '../../db/client';
import { areas, usuarios } from '../../db/schema/index';
import { isoTimestamp } from '../../lib/timestamps';

/**
 * "Able to manage users": active and holding the Configuracion group (61, without it the side menu hides the
 * users entry), the users menu (62) and assign permissions (65, with it they can grant themselves the rest).
 */
export const MANAGER_CODES = [MENU.configuracion, MENU.usuarios, ROLE.usuarioPermisos];

export const isManager = (u: { estado: number; roles: number[] }) => u.estado === 1 && MANAGER_CODES.every((c) => u.roles.includes(c));

const rowColumns = {
  id: usuarios.id,
  username: usuarios.username,
  email: usuarios.email,
  estado: usuarios.estado,
  created_at: isoTimestamp(usuarios.createdAt),
  full_name: usuarios.fullName,
  area_id: usuarios.areaId,
  area_nombre: areas.nombre,
};

export async function listUsuarios(db: Db, id?: number): Promise<UsuarioRow[]> {
  const q = db.select(rowColumns).from(usuarios).leftJoin(areas, eq(areas.id, usuarios.areaId));
  const rows = await (id === undefined ? q.orderBy(usuarios.username) : q.where(eq(usuarios.id, id)));
  return rows.map((r) => ({ ...r, area_nombre: r.area_nombre ?? null }));
}

/** The user row, locked for the rest of the transaction. */
export async function lockUsuario(tx: Db, id: number) {
  const [u] = await tx
    .select({ id: usuarios.id, username: usuarios.username, estado: usuarios.estado, roles: usuarios.roles })
    .from(usuarios)
    .where(eq(usuarios.id, id))
    .for('update');
  return u ?? null;
}

/**
 * Locks every active user manager, so two concurrent changes cannot each remove "another" manager
 * and leave none (the second waits, then sees the first one's result).
 */
export async function lockManagers(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(
      and(
        eq(usuarios.estado, 1),
        sql`${usuarios.roles} @> ARRAY[${sql.join(
          MANAGER_CODES.map((c) => sql`${c}`),
          sql`, `,
        )}]::integer[]`,
      ),
    )
    .orderBy(usuarios.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Usernames are unique regardless of case (the column constraint alone is case-sensitive). */
export async function usernameTaken(tx: Db, username: string, exceptId?: number): Promise<boolean> {
  const cond = sql`lower(${usuarios.username}) = lower(${username})`;
  const [row] = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(exceptId === undefined ? cond : and(cond, ne(usuarios.id, exceptId)))
    .limit(1);
  return !!row;
}

export async function areaExists(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.id, id)).limit(1);
  return !!row;
}
