// LISTADO DE USUARIOS (spec 001 §2, §6, §8): table with Excel/PDF export, 'Nuevo' (63), edit (64),
// permissions (65), password (66) and delete (67) with confirmation.
import { useCallback, useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { useDeleteUsuario, useUsuarios, type UsuarioRow } from './api';
import { usuarioColumns } from './columns';
import { PasswordDialog } from './password-dialog';
import { PermissionsDialog } from './permissions-dialog';
import { UsuarioDialog } from './usuario-dialog';

const L = LABELS.usuarios;

export default function UsuariosPage() {
  const list = useUsuarios();
  const remove = useDeleteUsuario();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: UsuarioRow) => remove.mutateAsync(row.id));
  const [editing, setEditing] = useState<{ row: UsuarioRow | null } | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<UsuarioRow | null>(null);
  const [passwordOf, setPasswordOf] = useState<UsuarioRow | null>(null);

  const columns = useMemo(
    () =>
      usuarioColumns({
        onEdit: (row) => setEditing({ row }),
        onPermissions: setPermissionsOf,
        onPassword: setPasswordOf,
        onDelete: askDelete,
      }),
    [askDelete],
  );
  const closePermissions = useCallback(() => setPermissionsOf(null), []);
  const closePassword = useCallback(() => setPasswordOf(null), []);

  return (
    <ListScreen title={L.title} offline={list.offline}>
      <DataTable
        label={L.title}
        columns={columns}
        data={list.data}
        loading={list.isLoading}
        exportConfig={{ fileName: L.fileName, title: L.title }}
        toolbarRight={<NewButton code={ROLE.usuarioNuevo} onClick={() => setEditing({ row: null })} />}
      />
      <UsuarioDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} row={editing?.row ?? null} />
      <PermissionsDialog user={permissionsOf} onClose={closePermissions} />
      <PasswordDialog user={passwordOf} onClose={closePassword} />
      {deleteDialog}
    </ListScreen>
  );
}
