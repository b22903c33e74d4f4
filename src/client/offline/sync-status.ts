// The sender's state as the shell shows it: sending, offline (the last attempt got no answer, or the browser says
// so), paused after a 401 until the same user logs in again, or idle; and who listens to its changes.
import type { SessionPayload } from '@client/lib/session';
import { createEmitter, type SyncState } from './sync-events';

export interface StatusDeps {
  getSession: () => SessionPayload | null;
  getToken: () => string | null;
  isOnline: () => boolean;
}

export function createSyncStatus({ getSession, getToken, isOnline }: StatusDeps) {
  const listeners = createEmitter<SyncState>();
  /** The user and token that got the 401: their items wait until that user logs in again. */
  let paused: { userId: number; token: string | null } | null = null;
  let sending = false;
  let offline = !isOnline();
  let state: SyncState = 'idle';

  function compute(): SyncState {
    const session = getSession();
    if (paused && (!session || (session.user.id === paused.userId && getToken() === paused.token))) {
      return 'paused-auth';
    }
    if (sending) return 'sending';
    if (offline) return 'offline';
    return 'idle';
  }

  /** Recomputes the state and tells the listeners when it changed. */
  function refresh(): void {
    const next = compute();
    if (next === state) return;
    state = next;
    listeners.emit(next);
  }

  return {
    get: () => state,
    subscribe: (listener: (s: SyncState) => void) => listeners.on(listener),
    refresh,
    setSending(on: boolean): void {
      sending = on;
      refresh();
    },
    /** Recorded with each answer (or its absence); shown with the next refresh. */
    setOffline(on: boolean): void {
      offline = on;
    },
    pause(userId: number, token: string): void {
      paused = { userId, token };
    },
    /**
     * Whether the user's items still wait for a new login: true while the token is the one that got the 401; a new
     * token of the same user resumes them.
     */
    waitsForLogin(userId: number, token: string): boolean {
      if (!paused || paused.userId !== userId) return false;
      if (paused.token === token) return true;
      paused = null;
      return false;
    },
  };
}

export type SyncStatus = ReturnType<typeof createSyncStatus>;
