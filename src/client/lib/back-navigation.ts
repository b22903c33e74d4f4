// The browser's back button and the tablet's back gesture inside a memory-history app.
//
// The router keeps its history in memory so the address bar never changes. Without more, the back
// gesture would leave the app at once. So every in-app navigation that adds a screen also adds a browser history
// entry with the SAME address, and going back through one of them takes the router back one screen. An open modal
// adds one more entry (one for all the modals open at once): going back through it asks the topmost modal to close,
// as its ✕ would; if the modal stays open (a '¿Descartar los cambios?' confirmation, a save in progress), the entry
// is added again so the next back asks again. A modal closed by its own buttons removes its entry.
//
// History operations of the browser are asynchronous (history.back() reports through a later popstate), so the
// entries this module removes itself are counted, and anything it would add meanwhile waits for those reports.
import { useEffect, useRef } from 'react';

/** What the router offers this module (TanStack's history: memory in the app, any in tests). */
export interface RouterHistoryLike {
  subscribe(cb: (e: { action: { type: string } }) => void): () => void;
  back(): void;
  forward(): void;
  canGoBack(): boolean;
}

interface EntryState {
  /** Position of the entry above the page's first entry (0). */
  backIdx: number;
  /** 'guard': the entry of the open modals; 'screen': a screen of the router. */
  backKind: 'screen' | 'guard';
}

const openModals: { request: () => void }[] = [];
let installed: { router: RouterHistoryLike; off: () => void } | null = null;
/** Position of the browser's current entry. */
let current = 0;
/** True while the entry of the open modals is the browser's current entry. */
let guard = false;
/** Entries this module removed itself whose popstate has not arrived yet. */
let ownPops = 0;
/** History additions waiting for those popstates. */
let waiting: (() => void)[] = [];

function entryState(kind: EntryState['backKind'], idx: number): EntryState & Record<string, unknown> {
  return { ...(history.state as Record<string, unknown> | null), backIdx: idx, backKind: kind };
}

/** Runs a history change now, or after the popstates of the entries being removed. */
function whenSettled(change: () => void) {
  if (ownPops > 0) waiting.push(change);
  else change();
}

function pushGuard() {
  whenSettled(() => {
    if (guard || openModals.length === 0) return;
    current += 1;
    history.pushState(entryState('guard', current), '', location.href);
    guard = true;
  });
}

function removeOwnEntry() {
  ownPops += 1;
  history.back();
}

function onRouterChange({ action }: { action: { type: string } }) {
  if (action.type !== 'PUSH') return;
  whenSettled(() => {
    if (guard) {
      // A screen opened from a modal: the modals' entry becomes the screen's, and they get a new one if they stay.
      history.replaceState(entryState('screen', current), '', location.href);
      guard = false;
      pushGuard();
      return;
    }
    current += 1;
    history.pushState(entryState('screen', current), '', location.href);
  });
}

function onPopState(e: PopStateEvent) {
  const state = e.state as Partial<EntryState> | null;
  const target = typeof state?.backIdx === 'number' ? state.backIdx : 0;
  if (ownPops > 0) {
    ownPops -= 1;
    current = target;
    if (ownPops === 0) {
      const run = waiting;
      waiting = [];
      run.forEach((change) => change());
    }
    return;
  }
  const router = installed?.router;
  if (!router) return;
  if (target > current) {
    // Forward: a screen the router still remembers; a modal's entry cannot reopen its modal, so it is dropped.
    current = target;
    if (state?.backKind === 'guard' && !guard) removeOwnEntry();
    else router.forward();
    return;
  }
  let steps = current - target;
  current = target;
  if (guard) {
    guard = false;
    steps -= 1;
    openModals.at(-1)?.request();
    // The modal may refuse or ask first: it keeps an entry while open (checked once React has re-rendered).
    setTimeout(pushGuard, 0);
  }
  for (; steps > 0 && router.canGoBack(); steps -= 1) router.back();
}

/** Connects the router to the browser's history; returns the disconnect (tests). */
export function installBackNavigation(router: RouterHistoryLike): () => void {
  installed?.off();
  current = 0;
  guard = false;
  ownPops = 0;
  waiting = [];
  history.replaceState(entryState('screen', 0), '', location.href);
  const unsubscribe = router.subscribe(onRouterChange);
  window.addEventListener('popstate', onPopState);
  const off = () => {
    unsubscribe();
    window.removeEventListener('popstate', onPopState);
    installed = null;
  };
  installed = { router, off };
  return off;
}

/**
 * While `open`, the back gesture calls `request` (close as the ✕ does) instead of leaving the screen. Used by the
 * kit's Modal; any other overlay that should close on back uses it too.
 */
export function useBackClose(open: boolean, request: () => void): void {
  const latest = useRef(request);
  useEffect(() => {
    latest.current = request;
  });
  useEffect(() => {
    if (!open || !installed) return;
    const entry = { request: () => latest.current() };
    openModals.push(entry);
    pushGuard();
    return () => {
      const i = openModals.indexOf(entry);
      if (i >= 0) openModals.splice(i, 1);
      if (openModals.length > 0) return;
      whenSettled(() => {
        if (!guard || openModals.length > 0) return;
        guard = false;
        removeOwnEntry();
      });
    };
  }, [open]);
}
