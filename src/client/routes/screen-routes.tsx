// Builds the logged-in routes from the route table (app/screens.ts): only built screens get a route.
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { SCREENS, type ScreenDef } from '@client/app/screens';
import type { AppRouteContext } from './context';
import { requireRole, requireSession } from './guards';

/** One child route of the logged-in layout per screen that has a page. */
export function screenRoutes(getParentRoute: () => AnyRoute): AnyRoute[] {
  return (Object.entries(SCREENS) as [string, ScreenDef][])
    .filter(([, def]) => def.load !== undefined)
    .map(([, def]) =>
      createRoute({
        getParentRoute,
        path: def.path,
        beforeLoad: ({ location }) => requireRole(requireSession(location), def.code),
        loader: ({ context }) => def.preload?.((context as AppRouteContext).queryClient),
        component: lazyRouteComponent(def.load!),
      }),
    );
}
