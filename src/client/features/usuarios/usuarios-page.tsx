// LISTADO DE USUARIOS (spec 001 §2, §6, §8): table with Excel/PDF export, 'Nuevo' (63), edit (64),
// permissions (65), password (66) and delete (67) with confirmation.
import { useCallback, useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { DataTable } from '@client/components/data-table';
import { ListScreen, OfflineCopyNotice } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { messageFor403 } from '@client/lib/query';
import { toast } from '@client/lib/toast';
import { useDeleteUsuario, useUsuarios, type UsuarioRow } from './api';
import { usuarioColumns } from './columns';
import { PasswordDialog } from './password-dialog';
import { PermissionsDialog } from './permissions-dialog';
import { UsuarioDialog } from './usuario-dialog';

const L = LABELS.usuarios;

export default function UsuariosPage() {
  const list = useUsuarios();
  const remove = useDeleteUsuario();
  const [editing, setEditing] = useState<{ row: UsuarioRow | null } | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<UsuarioRow | null>(null);
  const [passwordOf, setPasswordOf] = useState<UsuarioRow | null>(null);
  const [deleting, setDeleting] = useState<UsuarioRow | null>(null);

  const columns = useMemo(
    () =>
      usuarioColumns({
        onEdit: (row) => setEditing({ row }),
        onPermissions: setPermissionsOf,
        onPassword: setPasswordOf,
        onDelete: setDeleting,
      }),
    [],
  );
  const closePermissions = useCallback(() => setPermissionsOf(null), []);
  const closePassword = useCallback(() => setPasswordOf(null), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.info(MSG.deleted);
    } catch (err) {
      toast.error(messageFor403(err, MSG.deleteFailed));
      throw err;
    }
  };

  return (
    <ListScreen
      title={L.title}
      notice={list.offline.fromCache && list.offline.savedAt ? <OfflineCopyNotice since={list.offline.savedAt} /> : null}
    >
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
      <ConfirmDelete open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)} onConfirm={confirmDelete} />
    </ListScreen>
  );
}
