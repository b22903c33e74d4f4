// The delete flow every list screen shares: remember the row asked for, confirm, delete, toast the outcome.
import { useState, type ReactNode } from 'react';
import { MSG } from '@shared/messages';
import { ApiError, isNoConnection } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { ConfirmDelete } from './confirm-delete';

/**
 * Delete failure: the server's message on 403 (spec) and on 409 (a business refusal, such as an entry whose
 * stock was already issued); without a connection 'No se pudo eliminar registro' says so (deletes are not queued
 * offline); otherwise 'No se pudo eliminar registro'.
 */
export function deleteErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.deleteFailed;
  if ((err.status === 403 || err.status === 409) && err.message) return err.message;
  return isNoConnection(err) ? MSG.deleteFailedOffline : MSG.deleteFailed;
}

export interface DeleteFlow<Row> {
  /** Opens the confirmation for `row`. */
  ask: (row: Row) => void;
  /** The confirmation modal; render it once in the page. */
  dialog: ReactNode;
}

/** `remove` runs after the user confirms; success toasts 'Registro eliminado', failure the server's reason. */
export function useDeleteFlow<Row>(remove: (row: Row) => Promise<unknown>): DeleteFlow<Row> {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const confirm = async () => {
    if (deleting === null) return;
    try {
      await remove(deleting);
      toast.info(MSG.deleted);
    } catch (err) {
      toast.error(deleteErrorMessage(err));
      throw err;
    }
  };
  return {
    ask: setDeleting,
    dialog: <ConfirmDelete open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)} onConfirm={confirm} />,
  };
}
