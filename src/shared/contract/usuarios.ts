// Users contract: user form, list row, permissions form and password form.
import { z } from 'zod';
import { FIELD, MSG } from '../messages';
import { editorMode, id, messageResponse, optionalText, state01, text } from './common';

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
export const permissionTreeNode: z.ZodType<PermissionTreeNode> = z.object({
  text: z.string(),
  value: z.number(),
  checked: z.boolean(),
  get children() {
    return z.array(permissionTreeNode).optional();
  },
});
