// Whether the device's main pointer is a finger (`(pointer: coarse)`), as a hook that follows changes (a tablet
// with a keyboard and trackpad attached switches). One media query list for the whole app.
import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

let list: MediaQueryList | undefined;
function media(): MediaQueryList | undefined {
  if (!list && typeof window !== 'undefined' && typeof window.matchMedia === 'function') list = window.matchMedia(QUERY);
  return list;
}

function subscribe(onChange: () => void): () => void {
  const mql = media();
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
}

const coarse = () => media()?.matches ?? false;

/** True on a touch screen: controls there say what they do in words (no hover tooltips). */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, coarse, () => false);
}
