// The logged-in part of the app: the layout inside the QueryClientProvider of the client its route's beforeLoad
// loaded (router.tsx), so TanStack Query stays off the login screen's first download.
import { QueryClientProvider } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { AppRouteContext } from '@client/routes/context';
import { AppLayout } from './layout';

/** @public loaded by name through lazyRouteComponent in router.tsx */
export function AppShell() {
  const { queryClient } = useRouteContext({ strict: false }) as AppRouteContext;
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
    </QueryClientProvider>
  );
}
