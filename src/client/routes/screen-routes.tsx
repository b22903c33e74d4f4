// Builds the logged-in routes from the screens' addresses (screen-paths.ts). The rest of each screen's definition
// (app/screens.ts: role code, page, catalogues) is loaded by the route itself when it is first entered, so neither
// the table nor the permission constants are part of the login screen's download.
import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent, notFound, type AnyRoute } from '@tanstack/react-router';
import type { ScreenDef } from '@client/app/screens';
import type { AppRouteContext } from './context';
import { toast } from '@client/lib/toast';
import { requireRole, requireSession } from './guards';
import { SCREEN_PATHS, type ScreenKey } from './screen-paths';

/** Why the user landed on Inicio instead of the screen they asked for (the texts load after the login's first JS). */
const denied = () => void import('@shared/messages').then(({ MSG }) => toast.warning(MSG.screenNotAllowed));

/** The screen's definition, from the route table loaded on first use. */
const screenDef = (key: ScreenKey): Promise<ScreenDef> => import('@client/app/screens').then(({ SCREENS }) => SCREENS[key]);

/** What a screen needs before it opens: its catalogues (loaded with their module) and its own preload. */
function loadFirst(def: ScreenDef, qc: QueryClient): Promise<unknown> | undefined {
  const catalogs = def.catalogs;
  if (!catalogs?.length && !def.preload) return undefined;
  return Promise.all([
    catalogs?.length ? import('@client/components/catalogs').then((m) => m.loadCatalogs(qc, catalogs)) : undefined,
    def.preload?.(qc),
  ]);
}

/** One child route of the logged-in layout per screen; a screen without a page (not built) is not found. */
export function screenRoutes(getParentRoute: () => AnyRoute): AnyRoute[] {
  return (Object.entries(SCREEN_PATHS) as [ScreenKey, string][]).map(([key, path]) =>
    createRoute({
      getParentRoute,
      path,
      beforeLoad: async ({ location }) => {
        const session = requireSession(location);
        const def = await screenDef(key);
        if (!def.load) throw notFound();
        requireRole(session, def.code, denied);
      },
      loader: async ({ context }) => loadFirst(await screenDef(key), (context as AppRouteContext).queryClient),
      component: lazyRouteComponent(() => screenDef(key).then((def) => def.load!())),
    }),
  );
}
