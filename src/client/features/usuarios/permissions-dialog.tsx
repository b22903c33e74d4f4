// 'Asignar permisos' modal: the tree of getpermissionstree with the user's codes (getpermissions) checked;
// saving sends every checked code (savepermission), with the original's messages.
import { useEffect, useState } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/lib/toast';
import { usePermissionTree, useSavePermissions, useUserPermissions, type UsuarioRow } from './api';
import { PermissionTree } from './permission-tree';
import { ModalActions } from '@client/components/modal-actions';

export function PermissionsDialog({ user, onClose }: { user: UsuarioRow | null; onClose: () => void }) {
  const tree = usePermissionTree();
  const roles = useUserPermissions(user?.id ?? null);
  const save = useSavePermissions();
  const [checked, setChecked] = useState<Set<number> | null>(null);

  useEffect(() => {
    if (!user) setChecked(null);
    else if (roles.data) setChecked(new Set(roles.data.roles));
  }, [user, roles.data]);

  const failed = roles.isError || tree.isError;
  useEffect(() => {
    if (user && failed) {
      toast.error(MSG.loadFailed);
      onClose();
    }
  }, [user, failed, onClose]);

  const submit = async () => {
    if (!user || !checked) return;
    try {
      await save.mutateAsync({ id: user.id, myChoices: [...checked].sort((a, b) => a - b) });
      toast.success(MSG.permissionsSaved);
      onClose();
    } catch {
      toast.error(MSG.permissionsFailed);
    }
  };

  const busy = save.isPending;
  const ready = !!tree.data && checked !== null;
  return (
    <Modal
      open={user !== null}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={LABELS.usuarios.permissionsOf(user?.username ?? '')}
      width="lg"
      closeDisabled={busy}
      footer={
        <>
          <ModalActions busy={busy} onCancel={onClose} onConfirm={() => void submit()} confirmDisabled={!ready} />
        </>
      }
    >
      {ready ? (
        <PermissionTree tree={tree.data!} checked={checked!} onChange={setChecked} disabled={busy} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner showLabel />
        </div>
      )}
    </Modal>
  );
}
