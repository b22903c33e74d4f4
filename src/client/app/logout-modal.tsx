// Logout confirmation: '¿Listo para salir?', the text, Cancelar / Salir; warns while records of
// the user are still only on this device (offline outbox).
import { useEffect, useState } from 'react';
import { CloudAlert } from 'lucide-react';
import { MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { logout } from '@client/lib/logout';
import { ModalActions } from '@client/components/modal-actions';

export interface LogoutModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injectable for tests; defaults to the offline engine's count of the user's unsent records. */
  countPending?: () => Promise<number>;
  onLogout?: () => Promise<void>;
}

const defaultCount = () => import('@client/offline').then((m) => m.pendingCountForLogout());

export function LogoutModal({ open, onOpenChange, countPending = defaultCount, onLogout = logout }: LogoutModalProps) {
  const [pending, setPending] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    countPending()
      .then((n) => alive && setPending(n))
      .catch(() => alive && setPending(0));
    return () => {
      alive = false;
    };
  }, [open, countPending]);

  const exit = async () => {
    setBusy(true);
    try {
      await onLogout();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !busy && onOpenChange(o)}
      title={MSG.logoutTitle}
      width="sm"
      closeDisabled={busy}
      footer={
        <>
          <ModalActions busy={busy} onCancel={() => onOpenChange(false)} confirmLabel={MSG.exit} onConfirm={() => void exit()} />
        </>
      }
    >
      <p className="text-sm text-slate-700">{MSG.logoutText}</p>
      {pending > 0 && (
        <p role="alert" className="mt-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <CloudAlert className="size-5 shrink-0" aria-hidden="true" />
          <span>
            {MSG.logoutPendingWarning} ({MSG.syncPendingCount(pending)})
          </span>
        </p>
      )}
    </Modal>
  );
}
