// Error texts of the warehouse screens (spec 000 §8) in one place.
import { ApiError } from '@client/lib/api';

/** Exit save: nothing is shown on error (spec §8) except a 409, whose message says which supply ran out. */
export function exitSaveErrorMessage(err: unknown): string | null {
  return err instanceof ApiError && err.status === 409 && err.message ? err.message : null;
}
