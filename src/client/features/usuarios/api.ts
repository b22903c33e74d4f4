// Users API: list, save (crear → POST, editar → PUT), delete, permission tree and codes, password.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usuariosApi, type PermissionTreeNode, type UsuarioBody, type UsuarioRow } from '@shared/contract/usuarios';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';

export type { PermissionTreeNode, UsuarioRow };

export const USUARIOS_KEY = ['usuarios'] as const;

export function useUsuarios() {
  return useListQuery(USUARIOS_KEY, (signal) => call(usuariosApi.list, { signal }));
}

/** The tree of every grantable code (POST with a null payload, spec); the route preloads it. */
export function permissionTreeQuery() {
  return queryOptions({
    queryKey: ['usuarios', 'permissionstree'],
    queryFn: () => call(usuariosApi.permissionTree, {}),
    staleTime: Infinity,
    retry: false,
  });
}

export function usePermissionTree() {
  return useQuery(permissionTreeQuery());
}

/** The codes a user holds; fetched fresh every time the permission modal opens. */
export function useUserPermissions(userId: number | null) {
  return useQuery({
    queryKey: ['usuarios', userId, 'permissions'],
    queryFn: ({ signal }) => call(usuariosApi.permissions, { params: { id: userId ?? 0 }, signal }),
    enabled: userId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST or PUT of the contract's body (usuarioBody); empty email and name go as none. */
export function saveUsuario(
  form: Pick<UsuarioBody, 'id' | 'username' | 'estado' | 'editorMode'> & { email: string; full_name?: string },
): Promise<UsuarioRow> {
  const body = { ...form, email: form.email.trim() || null, full_name: form.full_name?.trim() || undefined };
  return form.editorMode === 'crear'
    ? call(usuariosApi.create, { body })
    : call(usuariosApi.update, { params: { id: form.id ?? 0 }, body });
}

export function useSaveUsuario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveUsuario, onSuccess: () => qc.invalidateQueries({ queryKey: USUARIOS_KEY }) });
}

export function useDeleteUsuario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usuariosApi.remove, { params: { id } }),
    onSuccess: (_d, id) => {
      qc.setQueryData<UsuarioRow[]>(USUARIOS_KEY, (rows) => rows?.filter((r) => r.id !== id));
      return qc.invalidateQueries({ queryKey: USUARIOS_KEY });
    },
  });
}

export function useSavePermissions() {
  return useMutation({
    mutationFn: ({ id, myChoices }: { id: number; myChoices: number[] }) =>
      call(usuariosApi.savePermissions, { params: { id }, body: { id, myChoices } }),
  });
}
