// 'Cambiar contraseña' modal of the users list: new password and confirmation (required, must match).
import { useState } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { toast } from '@client/lib/toast';
import { PasswordForm, setPassword, type PasswordValues } from './password-form';
import type { UsuarioRow } from './api';
import { ModalActions } from '@client/components/modal-actions';

const FORM_ID = 'usuario-password-form';

export function PasswordDialog({ user, onClose }: { user: UsuarioRow | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    if (!user) return;
    setBusy(true);
    try {
      await setPassword(user.id, values);
      toast.success(MSG.operationOk);
      onClose();
    } catch {
      toast.error(MSG.passwordFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(o) => !o && !busy && onClose()}
      title={LABELS.usuarios.passwordOf(user?.username ?? '')}
      closeDisabled={busy}
      footer={<ModalActions busy={busy} onCancel={onClose} form={FORM_ID} />}
    >
      {user && <PasswordForm key={user.id} id={FORM_ID} onSubmit={submit} disabled={busy} />}
    </Modal>
  );
}
