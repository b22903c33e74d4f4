// Error texts of the warehouse screens (spec 000 §8) in one place.
import { MSG } from '@shared/messages';
import { ApiError } from '@client/lib/api';

/**
 * Delete failure: the server's message on 403 (spec) and on 409, the product's business refusal (an entry
 * whose stock was already issued); otherwise 'No se pudo eliminar registro'.
 */
export function deleteErrorMessage(err: unknown): string {
  return err instanceof ApiError && (err.status === 403 || err.status === 409) && err.message ? err.message : MSG.deleteFailed;
}

/** Exit save: nothing is shown on error (spec §8) except a 409, whose message says which supply ran out. */
export function exitSaveErrorMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status === 409 && err.message ? err.message : null;
}
