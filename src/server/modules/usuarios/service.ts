// Users rules: create/edit/delete, permissions and passwords, never leaving the office without a user manager.
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ALL_CODES, PERMISSION_TREE, ROLE, type PermissionNode } from '@shared/auth/permissions';
import type { PermissionTreeNode, SavePermissionBody, SetPasswordBody, UsuarioBody, UsuarioRow } from '@shared/contract/usuarios';
import { FIELD, MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema/index';
import { badRequest, conflict, denied, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { runChange } from '../../plugins/change';
import { areaExists, isManager, listUsuarios, lockManagers, lockUsuario, usernameTaken } from './repository';

const RESOURCE = 'usuarios';
const ALLOWED = new Set(ALL_CODES);

/**
 * Locks the user managers, then the target user. Every change that may remove a manager takes its locks in this
 * one order (managers by id first), so two managers removing each other wait for one another instead of
 * deadlocking: the second then sees the first one's result and is refused as the last manager.
 */
async function lockForManagerChange(tx: Db, id: number) {
  const managers = await lockManagers(tx);
  const current = await lockUsuario(tx, id);
  if (!current) throw notFound(MSG.notFound);
  return { managers, current };
}

/** Refuses a change after which no active user could manage users. */
function guardLastManager(managers: number[], targetId: number, after: { estado: number; roles: number[] } | null) {
  const wasManager = managers.includes(targetId);
  if (wasManager && !(after && isManager(after)) && managers.length <= 1) throw forbidden(MSG.lastUserManager);
}

async function checkFields(tx: Db, body: UsuarioBody, exceptId?: number) {
  if (await usernameTaken(tx, body.username, exceptId)) throw conflict(MSG.duplicateUsername);
  if (body.area_id != null && !(await areaExists(tx, body.area_id))) {
    throw badRequest(MSG.invalidInput, { area_id: FIELD.invalidValue });
  }
}

function checkBodyId(pathId: number, bodyId: number | null | undefined) {
  if (bodyId != null && bodyId !== pathId) throw badRequest(MSG.invalidInput, { id: FIELD.invalidValue });
}

async function one(tx: Db, id: number): Promise<UsuarioRow> {
  const [row] = await listUsuarios(tx, id);
  return row;
}

export const list = (db: Db) => listUsuarios(db);

export function create(req: FastifyRequest, body: UsuarioBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      await checkFields(tx, body);
      const [created] = await tx
        .insert(usuarios)
        .values({
          username: body.username,
          email: body.email,
          fullName: body.full_name ?? body.username,
          passwordHash: await hashPassword(req.server.config.DEFAULT_PASSWORD),
          defaultPassword: 1,
          estado: body.estado,
          areaId: body.area_id ?? null,
          roles: [],
        })
        .returning({ id: usuarios.id });
      const after = await one(tx, created.id);
      await audit({ action: 'create', resource: RESOURCE, resource_id: created.id, after });
      return after;
    },
    201,
  );
}

export function update(req: FastifyRequest, id: number, body: UsuarioBody) {
  checkBodyId(id, body.id);
  return runChange(req, async ({ tx, audit }) => {
    const { managers, current } = await lockForManagerChange(tx, id);
    if (id === req.user!.id && body.estado !== 1) throw forbidden(MSG.cannotDeactivateSelf);
    guardLastManager(managers, id, { estado: body.estado, roles: current.roles });
    await checkFields(tx, body, id);
    const before = await one(tx, id);
    await tx
      .update(usuarios)
      .set({
        username: body.username,
        email: body.email,
        estado: body.estado,
        ...(body.full_name ? { fullName: body.full_name } : {}),
        ...(body.area_id !== undefined ? { areaId: body.area_id } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(usuarios.id, id));
    const after = await one(tx, id);
    await audit({ action: 'update', resource: RESOURCE, resource_id: id, before, after });
    return after;
  });
}

export function remove(req: FastifyRequest, id: number) {
  if (id === req.user!.id) throw forbidden(MSG.cannotDeleteSelf);
  return runChange(req, async ({ tx, audit }) => {
    const { managers, current } = await lockForManagerChange(tx, id);
    guardLastManager(managers, id, null);
    const before = { ...(await one(tx, id)), roles: current.roles };
    await tx.delete(usuarios).where(eq(usuarios.id, id));
    await audit({ action: 'delete', resource: RESOURCE, resource_id: id, before });
    return { message: MSG.deleted };
  });
}

export async function permissions(db: Db, id: number): Promise<{ roles: number[] }> {
  const [u] = await db.select({ roles: usuarios.roles }).from(usuarios).where(eq(usuarios.id, id)).limit(1);
  if (!u) throw notFound(MSG.loadFailed);
  return { roles: u.roles };
}

const withChecked = (nodes: PermissionNode[]): PermissionTreeNode[] =>
  nodes.map((n) => ({ text: n.text, value: n.value, checked: false, ...(n.children ? { children: withChecked(n.children) } : {}) }));

export const permissionTree = (): PermissionTreeNode[] => withChecked(PERMISSION_TREE);

export function savePermissions(req: FastifyRequest, id: number, body: SavePermissionBody) {
  checkBodyId(id, body.id);
  const unknown = [...new Set(body.myChoices.filter((c) => !ALLOWED.has(c)))];
  if (unknown.length) throw badRequest(MSG.unknownPermission(unknown.join(', ')), { myChoices: FIELD.invalidValue });
  const roles = [...new Set(body.myChoices)].sort((a, b) => a - b);
  return runChange(req, async ({ tx, audit }) => {
    const { managers, current } = await lockForManagerChange(tx, id);
    guardLastManager(managers, id, { estado: current.estado, roles });
    await tx
      .update(usuarios)
      .set({ roles, updatedAt: sql`now()` })
      .where(eq(usuarios.id, id));
    await audit({ action: 'permissions', resource: RESOURCE, resource_id: id, before: { roles: current.roles }, after: { roles } });
    return { message: MSG.permissionsSaved, roles };
  });
}

/** Own password: any logged-in user; another user's: role 66. */
export function setPassword(req: FastifyRequest, id: number, body: SetPasswordBody) {
  const user = req.user!;
  if (id !== user.id && !user.roles.includes(ROLE.usuarioClave)) throw denied(MSG.forbidden);
  checkBodyId(id, body.id);
  // One's own new password must be one's own: the default one would keep the user on the forced change screen,
  // changing it again forever. A manager may still reset another user to it (that user then has to change it).
  if (id === user.id && body.password === req.server.config.DEFAULT_PASSWORD) {
    throw badRequest(MSG.passwordIsDefault, { password: MSG.passwordIsDefault });
  }
  return runChange(req, async ({ tx, audit }) => {
    const current = await lockUsuario(tx, id);
    if (!current) throw notFound(MSG.notFound);
    // The default password keeps the user on the change-password screen (token matchPassword).
    const defaultPassword = body.password === req.server.config.DEFAULT_PASSWORD ? 1 : 0;
    await tx
      .update(usuarios)
      .set({
        passwordHash: await hashPassword(body.password),
        defaultPassword,
        // Ends every other session of this user; one's own change keeps the session it was made from. Tokens
        // carry whole seconds, so the sessions of this very second end too; later logins are issued from the
        // next second on (lib/tokens.ts signToken).
        sessionsValidFrom: Math.floor(Date.now() / 1000) + 1,
        sessionKeptJti: id === user.id ? user.jti : null,
        updatedAt: sql`now()`,
      })
      .where(eq(usuarios.id, id));
    await audit({
      action: 'password',
      resource: RESOURCE,
      resource_id: id,
      after: { default_password: defaultPassword, self: id === user.id },
    });
    return { message: MSG.operationOk };
  });
}
