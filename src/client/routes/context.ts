// What the routes' guards and loaders receive from the router. TanStack Query is not on the login screen's first
// download: the router only holds a loader of the app's QueryClient, and the logged-in layout's beforeLoad awaits
// it and hands the client to the screens below it (their loaders, and the layout's QueryClientProvider).
import type { QueryClient } from '@tanstack/react-query';

export interface RouterContext {
  loadQueryClient: () => Promise<QueryClient>;
}

/** The context of the logged-in routes (children of the layout). */
export interface AppRouteContext extends RouterContext {
  queryClient: QueryClient;
}
