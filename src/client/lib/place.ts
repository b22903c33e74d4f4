// The user's place in the app, kept for the tab across reloads and service-worker updates. The
// address bar never changes (memory history, as the spec's app), so a reload used to land on Inicio: now the open
// screen and its filters are kept in sessionStorage and reopened. Only this tab keeps them, and only for its session:
// a logout forgets them, so the next user starts on their own Inicio.
import { useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'lugar:';
const SCREEN = `${PREFIX}pantalla`;

let currentPath = '';

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** The router tells where the user is going, before the screen renders (the filters' keys are per screen). */
export function enterPlace(pathname: string): void {
  currentPath = pathname;
}

/** The router tells where the user arrived (their in-app address), to reopen it after a reload. */
export function notePlace(href: string): void {
  storage()?.setItem(SCREEN, href);
}

/** The screen to reopen after a reload of this tab (its in-app address), or null. */
export function savedScreen(): string | null {
  return storage()?.getItem(SCREEN) ?? null;
}

/** Forgets every kept place of this tab (logout). */
export function forgetPlaces(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.keys(s)) if (key.startsWith(PREFIX)) s.removeItem(key);
}

/**
 * useState kept per screen for the tab: a list's filters survive a reload. `initial` given by the caller (a filter
 * an Inicio card opened the screen with) wins over what was kept. Values go through JSON.
 */
export function usePlaceState<T>(key: string, initial: T | (() => T), explicit = false): [T, Dispatch<SetStateAction<T>>] {
  const [path] = useState(currentPath);
  const storeKey = path ? `${PREFIX}${path}:${key}` : null;
  const [value, setValue] = useState<T>(() => {
    const raw = storeKey && !explicit ? storage()?.getItem(storeKey) : null;
    if (raw) {
      try {
        return JSON.parse(raw) as T;
      } catch {
        /* a damaged entry is ignored */
      }
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  const set: Dispatch<SetStateAction<T>> = (next) =>
    setValue((prev) => {
      const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      if (storeKey) storage()?.setItem(storeKey, JSON.stringify(v));
      return v;
    });
  return [value, set];
}
