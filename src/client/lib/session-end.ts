// How the shell ends a session in the UI (any 401, logout, list-load failures): one handler set by main.tsx.
import { useSyncExternalStore } from 'react';

export interface SessionEndOptions {
  /** Keep the current screen as the return address (401); false for a voluntary logout. */
  keepReturn: boolean;
}

type Handler = (opts: SessionEndOptions) => void;

let handler: Handler | null = null;
let epoch = 0;
const listeners = new Set<() => void>();

/** main.tsx (and tests) install what ending a session does: navigate to login, drop cached data. */
export function setSessionEndHandler(h: Handler | null): void {
  handler = h;
}

/**
 * Ends the session in the UI: the handler navigates to login (which unmounts the logged-in layout and every
 * modal under it) and then bumps the session epoch. Bumping before the navigation would remount the old
 * screen, whose queries would fire again without a token (a 401 loop).
 */
export function endSessionUi(opts: SessionEndOptions): void {
  if (handler) handler(opts);
  else bumpSessionEpoch();
}

/** Remounts everything keyed on the epoch (the router's root outlet). */
export function bumpSessionEpoch(): void {
  epoch += 1;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Changes every time a session ends; used as a React key to remount (and so close) everything below. */
export function useSessionEpoch(): number {
  return useSyncExternalStore(
    subscribe,
    () => epoch,
    () => epoch,
  );
}
