// Logout: POST /api/logout, then the token is cleared and the user goes to login. A 401 on the
// logout call also clears; any other logout error is ignored. Concurrent calls share one logout.
import { authApi } from '@shared/contract/auth';
import { call } from '@client/lib/api';
import { clearToken, getToken } from '@client/lib/session';
import { forgetPlaces } from './place';
import { endSessionUi } from './session-end';

let inflight: Promise<void> | null = null;

export function logout(): Promise<void> {
  inflight ??= (async () => {
    try {
      if (getToken()) await call(authApi.logout, { handle401: false });
    } catch {
      // 401: the token is already invalid; other errors (offline, 5xx) are ignored as the spec says.
    } finally {
      clearToken();
      forgetPlaces();
      endSessionUi({ keepReturn: false });
      inflight = null;
    }
  })();
  return inflight;
}
