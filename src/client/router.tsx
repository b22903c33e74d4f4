// The router: memory history (navigation never changes the address bar), the public routes
// (root → login, login, forced password change) and the logged-in layout with the screens of app/screens.ts.
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { enterPlace, notePlace, savedScreen } from './lib/place';
import { useSessionEpoch } from './lib/session-end';
import type { RouterContext } from './routes/context';
import { changePasswordGuard, loginGuard, parseLoginSearch, requireSession } from './routes/guards';
import { PATHS } from './routes/paths';
import { screenRoutes } from './routes/screen-routes';

function Root() {
  // Keyed on the session epoch: ending a session remounts everything, so no modal survives it.
  const epoch = useSessionEpoch();
  return <Outlet key={epoch} />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: () => <Navigate to={PATHS.root} replace />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PATHS.root,
  beforeLoad: () => {
    throw redirect({ to: PATHS.login, replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PATHS.login,
  validateSearch: parseLoginSearch,
  beforeLoad: ({ search }) => loginGuard(search),
  component: lazyRouteComponent(() => import('./app/login-page'), 'LoginPage'),
});

const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: PATHS.changePassword,
  beforeLoad: () => {
    changePasswordGuard();
  },
  component: lazyRouteComponent(() => import('./app/change-password-page'), 'ChangePasswordPage'),
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  // The logged-in screens get the app's QueryClient here (loaded on first need, not with the login screen).
  beforeLoad: async ({ location, context }): Promise<{ queryClient: QueryClient }> => {
    requireSession(location);
    return { queryClient: await context.loadQueryClient() };
  },
  component: lazyRouteComponent(() => import('./app/app-shell'), 'AppShell'),
});

const welcomeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: PATHS.welcome,
  component: lazyRouteComponent(() => import('./app/welcome-page'), 'WelcomePage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  changePasswordRoute,
  appRoute.addChildren([welcomeRoute, ...screenRoutes(() => appRoute)]),
]);

/**
 * The first entry of the memory history: the address the page was opened with (deep links), or, on a reload of the
 * app's own address, the screen this tab had open (lib/place.ts; its guard still asks for the session and the code).
 */
export function initialEntry(): string {
  if (typeof location === 'undefined') return PATHS.root;
  const path = location.pathname === '/index.html' ? PATHS.root : location.pathname;
  if (path === PATHS.root && !location.search) return savedScreen() ?? PATHS.root;
  return path + location.search;
}

/** Public screens are not a place to come back to. */
const keptPlace = (pathname: string) =>
  pathname !== PATHS.root && !pathname.startsWith(PATHS.login) && !pathname.startsWith(PATHS.changePassword);

/** `queryClient`: the client itself (tests) or its loader (the app: app/query-client-ref.ts). */
export function createAppRouter(queryClient: QueryClient | (() => Promise<QueryClient>), entry: string = initialEntry()) {
  const loadQueryClient = typeof queryClient === 'function' ? queryClient : () => Promise.resolve(queryClient);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [entry] }),
    context: { loadQueryClient },
    defaultPreload: false,
    defaultPendingMs: 150,
    scrollRestoration: false,
  });
  router.subscribe('onBeforeLoad', ({ toLocation }) => enterPlace(toLocation.pathname));
  router.subscribe('onResolved', ({ toLocation }) => {
    if (keptPlace(toLocation.pathname)) notePlace(toLocation.href);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
