// What a refused machinery save shows: the server's reason when it gave one (400 with the field at fault, 404, 409
// 'Placa ingresado ya se encuentra registrado'), the no-connection text without network, else the spec's text.
import { MSG } from '@shared/messages';
import { ApiError, isNoConnection } from '@client/lib/api';

export function saveErrorMessage(err: unknown, fallback: string): string {
  if (isNoConnection(err)) return MSG.saveFailedOffline;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.message) {
    const fields = err.fieldErrors ? Object.values(err.fieldErrors).filter((m) => m && m !== err.message) : [];
    return fields.length > 0 ? `${err.message}: ${fields.join('; ')}` : err.message;
  }
  return fallback;
}
