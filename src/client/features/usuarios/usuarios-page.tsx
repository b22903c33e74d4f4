// LISTADO DE USUARIOS: table with Excel/PDF export, 'Nuevo' (63), edit (64),
// permissions (65), password (66) and delete (67) with confirmation.
import { useCallback, useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { useDeleteUsuario, useUsuarios, type UsuarioRow } from './api';
import { usuarioColumns } from './columns';
import { PasswordDialog } from './password-dialog';
import { PermissionsDialog } from './permissions-dialog';
import { UsuarioDialog } from './usuario-dialog';

const L = LABELS.usuarios;

export default function UsuariosPage() {
  const list = useUsuarios();
  const remove = useDeleteUsuario();
  const crud = useCrudList((row: UsuarioRow) => remove.mutateAsync(row.id));
  const { edit, askDelete } = crud;
  const [permissionsOf, setPermissionsOf] = useState<UsuarioRow | null>(null);
  const [passwordOf, setPasswordOf] = useState<UsuarioRow | null>(null);

  const columns = useMemo(
    () =>
      usuarioColumns({
        onEdit: edit,
        onPermissions: setPermissionsOf,
        onPassword: setPasswordOf,
        onDelete: askDelete,
      }),
    [edit, askDelete],
  );
  const closePermissions = useCallback(() => setPermissionsOf(null), []);
  const closePassword = useCallback(() => setPasswordOf(null), []);

  return (
    <CrudListScreen title={L.title} fileName={L.fileName} list={list} crud={crud} columns={columns} newCode={ROLE.usuarioNuevo}>
      <UsuarioDialog {...crud.dialogProps} row={crud.target} />
      <PermissionsDialog user={permissionsOf} onClose={closePermissions} />
      <PasswordDialog user={passwordOf} onClose={closePassword} />
    </CrudListScreen>
  );
}
