// The app's one QueryClient, made on first use: TanStack Query (and query-client.ts) load after the login screen's
// first paint, in their own chunk (README 'Rendimiento', JS inicial). main.tsx hands loadQueryClient to the router
// and the offline engine, and peekQueryClient to the shell's session end (nothing to cancel before it exists).
import type { QueryClient } from '@tanstack/react-query';

let made: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;

export function loadQueryClient(): Promise<QueryClient> {
  return (loading ??= import('./query-client').then(({ createQueryClient }) => (made = createQueryClient())));
}

export function peekQueryClient(): QueryClient | null {
  return made;
}
