// 'Cambiar contraseña' modal of the users list: new password and confirmation (required, must match); Grabar stays
// disabled while the form is invalid.
import { useState } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { ApiError } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { PasswordForm, setPassword, type PasswordValues } from './password-form';
import type { UsuarioRow } from './api';
import { ModalActions } from '@client/components/modal-actions';

const FORM_ID = 'usuario-password-form';

export function PasswordDialog({ user, onClose }: { user: UsuarioRow | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [valid, setValid] = useState(false);

  const submit = async (values: PasswordValues) => {
    if (!user) return;
    setBusy(true);
    try {
      await setPassword(user.id, values);
      toast.success(MSG.operationOk);
      onClose();
    } catch (err) {
      // A refusal says why (the server's reason); anything else keeps the spec's message.
      toast.error(err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : MSG.passwordFailed);
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
      footer={<ModalActions busy={busy} onCancel={onClose} form={FORM_ID} confirmDisabled={!valid} />}
    >
      {user && <PasswordForm key={user.id} id={FORM_ID} onSubmit={submit} disabled={busy} onValidChange={setValid} />}
    </Modal>
  );
}
