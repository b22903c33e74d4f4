// Users contract: user form, list row, permissions form and password form.
import { z } from 'zod';
import { MENU, ROLE, READERS } from '../auth/permissions';
import { FIELD, MSG } from '../messages';
import { editorMode, id, idParam, messageResponse, optionalText, state01, text } from './common';
import { endpoint } from './endpoint';

export const PASSWORD_MIN = 8;

export const usernameField = text(60).pipe(z.string().regex(/^[A-Za-z0-9._@-]{3,60}$/, FIELD.username));

const email = z
  .union([z.literal(''), z.email(FIELD.email).max(120, FIELD.tooLong(120))], { error: FIELD.email })
  .nullish()
  .transform((v) => v || null);

export const usuarioBody = z.object({
  id: id.nullish(),
  username: usernameField,
  email,
  estado: state01.default(1),
  full_name: optionalText(160),
  area_id: id.nullish(),
  editorMode,
});
export type UsuarioBody = z.infer<typeof usuarioBody>;

export const usuarioRow = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  estado: z.number(),
  created_at: z.string(),
  full_name: z.string(),
  area_id: z.number().nullable(),
  area_nombre: z.string().nullable(),
});
export type UsuarioRow = z.infer<typeof usuarioRow>;

export const savePermissionBody = z.object({
  id: id.nullish(),
  myChoices: z.array(id, { error: FIELD.invalidValue }).max(500, FIELD.invalidValue),
});
export type SavePermissionBody = z.infer<typeof savePermissionBody>;

/** A new password: required, PASSWORD_MIN to 128 characters. The route and every password form judge it with this. */
const newPassword = z
  .string({ error: FIELD.required })
  .min(1, FIELD.required)
  .min(PASSWORD_MIN, FIELD.tooShort(PASSWORD_MIN))
  .max(128, FIELD.tooLong(128));

/** The confirmation is optional on the wire (the spec's payload is `{ id, password }`); when given, it must repeat the password. */
export const setPasswordBody = z
  .object({
    id: id.nullish(),
    password: newPassword,
    confirmedPassword: z.string().max(128, FIELD.tooLong(128)).nullish(),
  })
  .refine((v) => !v.confirmedPassword || v.confirmedPassword === v.password, {
    message: MSG.passwordsDontMatch,
    path: ['confirmedPassword'],
  });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** GET /api/usuarios/getpermissions/:id: the user's permission codes. */
export const usuarioPermissions = z.object({ roles: z.array(z.number()) });
/** PUT /api/usuarios/savepermission/:id: the codes as saved (sorted, without repeats). */
export const savedPermissions = messageResponse.extend({ roles: z.array(z.number()) });

export interface PermissionTreeNode {
  text: string;
  value: number;
  checked: boolean;
  children?: PermissionTreeNode[];
}
/** A node of the tree; it holds nodes of its own kind, so the OpenAPI document names it (one component). */
export const permissionTreeNode: z.ZodType<PermissionTreeNode> = z
  .object({
    text: z.string(),
    value: z.number(),
    checked: z.boolean(),
    get children() {
      return z.array(permissionTreeNode).optional();
    },
  })
  .meta({ id: 'PermissionTreeNode' });

export const usuariosApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/usuarios',
    summary: 'Usuarios con su área',
    description: 'Leer usuarios y sus códigos es de la pantalla de usuarios (menú 62), no de cualquier sesión.',
    access: [MENU.usuarios],
    answer: z.array(usuarioRow),
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/api/usuarios/getpermissions/:id',
    summary: 'Los códigos de permiso de un usuario',
    access: [MENU.usuarios],
    params: idParam,
    answer: usuarioPermissions,
  }),
  permissionTree: endpoint({
    method: 'POST',
    path: '/api/usuarios/getpermissionstree',
    summary: 'El árbol de permisos (menús y botones con su código) que se asigna en la pantalla de usuarios',
    access: READERS.usuarios,
    answer: z.array(permissionTreeNode),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/usuarios',
    summary: 'Registra un usuario con la contraseña por defecto (deberá cambiarla al ingresar) y sin permisos',
    description: 'Un nombre de usuario ya usado (sin distinguir mayúsculas) es un 409.',
    access: [ROLE.usuarioNuevo],
    idempotent: true,
    body: usuarioBody,
    answer: usuarioRow,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/usuarios/:id',
    summary: 'Edita un usuario',
    description:
      'Un nombre de usuario ya usado es un 409. Desactivarse a sí mismo o dejar la oficina sin ningún usuario activo que administre usuarios es un 403.',
    access: [ROLE.usuarioEditar],
    idempotent: true,
    params: idParam,
    body: usuarioBody,
    answer: usuarioRow,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/usuarios/:id',
    summary: 'Elimina un usuario',
    description: 'Eliminarse a sí mismo o eliminar al último usuario que administra usuarios es un 403.',
    access: [ROLE.usuarioEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
  savePermissions: endpoint({
    method: 'PUT',
    path: '/api/usuarios/savepermission/:id',
    summary: 'Guarda los códigos de permiso de un usuario (ordenados, sin repetidos)',
    description: 'Un código que no está en el árbol de permisos es un 400; quitar al último administrador de usuarios, un 403.',
    access: [ROLE.usuarioPermisos],
    idempotent: true,
    params: idParam,
    body: savePermissionBody,
    answer: savedPermissions,
  }),
  setPassword: endpoint({
    method: 'PUT',
    path: '/api/usuarios/setpwd/:id',
    summary: 'Cambia la contraseña de un usuario y cierra sus otras sesiones',
    description:
      'La propia la cambia cualquier usuario (sin el código 66), pero no a la contraseña por defecto; la de otro pide el código 66.',
    access: [ROLE.usuarioClave],
    selfAllowed: true,
    idempotent: true,
    params: idParam,
    body: setPasswordBody,
    answer: messageResponse,
  }),
} as const;
