// Builds the logged-in routes from the route table (app/screens.ts): only built screens get a route.
import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { SCREENS, type ScreenDef } from '@client/app/screens';
import type { AppRouteContext } from './context';
import { toast } from '@client/lib/toast';
import { requireRole, requireSession } from './guards';

/** Why the user landed on Inicio instead of the screen they asked for (the texts load after the login's first JS). */
const denied = () => void import('@shared/messages').then(({ MSG }) => toast.warning(MSG.screenNotAllowed));

/** What a screen needs before it opens: its catalogues (loaded with their module) and its own preload. */
function loadFirst(def: ScreenDef, qc: QueryClient): Promise<unknown> | undefined {
  const catalogs = def.catalogs;
  if (!catalogs?.length && !def.preload) return undefined;
  return Promise.all([
    catalogs?.length ? import('@client/components/catalogs').then((m) => m.loadCatalogs(qc, catalogs)) : undefined,
    def.preload?.(qc),
  ]);
}

/** One child route of the logged-in layout per screen that has a page. */
export function screenRoutes(getParentRoute: () => AnyRoute): AnyRoute[] {
  return (Object.entries(SCREENS) as [string, ScreenDef][])
    .filter(([, def]) => def.load !== undefined)
    .map(([, def]) =>
      createRoute({
        getParentRoute,
        path: def.path,
        beforeLoad: ({ location }) => requireRole(requireSession(location), def.code, denied),
        loader: ({ context }) => loadFirst(def, (context as AppRouteContext).queryClient),
        component: lazyRouteComponent(def.load!),
      }),
    );
}
