// Wires the shell's session ending to the router and the query cache: any 401 (api client, offline engine)
// and every logout end here; the user lands on login (with the return address after a 401).
import type { QueryClient } from '@tanstack/react-query';
import { LOGIN_MSG as MSG } from '@shared/messages-login';
import { onUnauthorized } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { AppRouter } from '@client/router';
import { safeReturn } from '@client/routes/guards';
import { PATHS } from '@client/routes/paths';
import { bumpSessionEpoch, endSessionUi, setSessionEndHandler } from '@client/lib/session-end';

let lastNotice = 0;

/** `queryClient`: the client, or what gives it once made (app/query-client-ref.ts peekQueryClient). */
export function installShell(router: AppRouter, queryClient: QueryClient | (() => QueryClient | null)): () => void {
  const client = () => (typeof queryClient === 'function' ? queryClient() : queryClient);
  setSessionEndHandler(({ keepReturn }) => {
    const back = keepReturn ? safeReturn(router.state.location.href) : undefined;
    void client()?.cancelQueries();
    void router.navigate({ to: PATHS.login, search: back ? { redirect: back } : {}, replace: true }).then(() => {
      // No modal of the old screen survives, and the next user never sees the previous user's rows.
      bumpSessionEpoch();
      client()?.removeQueries();
    });
  });
  const off = onUnauthorized(() => {
    // Several requests can fail with 401 at once: one notice is enough.
    if (Date.now() - lastNotice > 3000) toast.info(MSG.sessionRequired);
    lastNotice = Date.now();
    endSessionUi({ keepReturn: true });
  });
  return () => {
    off();
    setSessionEndHandler(null);
  };
}
