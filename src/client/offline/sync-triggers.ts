// Page-driven flush triggers of the sender: start, 'online'/'offline', tab visible, session changes.
import type { QueryClient } from '@tanstack/react-query';
import type { SyncEngine } from './sync';

export interface TriggerOptions {
  queryClient?: QueryClient;
  subscribeSession?: (listener: () => void) => () => void;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** Wires the triggers and flushes once (crash recovery runs inside it); returns a function removing them. */
export function wireTriggers(engine: SyncEngine, opts: TriggerOptions = {}): () => void {
  if (opts.queryClient) engine.setQueryClient(opts.queryClient);
  const win = opts.win ?? (typeof window === 'undefined' ? undefined : window);
  const doc = opts.doc ?? (typeof document === 'undefined' ? undefined : document);
  const onOnline = () => engine.setOnline(true);
  const onOffline = () => engine.setOnline(false);
  const onVisible = () => {
    if (doc?.visibilityState === 'visible') void engine.flush();
  };
  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  doc?.addEventListener('visibilitychange', onVisible);
  const unsubscribe = opts.subscribeSession?.(() => engine.sessionChanged());
  void engine.flush();
  return () => {
    win?.removeEventListener('online', onOnline);
    win?.removeEventListener('offline', onOffline);
    doc?.removeEventListener('visibilitychange', onVisible);
    unsubscribe?.();
  };
}
