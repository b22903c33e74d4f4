// Events of the sync engine (item sent/rejected/retrying, file uploaded, queue paused) and their relay to other tabs.
import type { OutboxItem } from './db';
import type { OutboxFileInfo } from './outbox-files';

export type SyncState = 'idle' | 'sending' | 'paused-auth' | 'offline';

/**
 * `remote`: relayed from the tab that sent it. `awaited`: an interactive save (useOfflineSave) in this tab is
 * waiting for this item and reports the result itself, so a global listener should not toast it again.
 */
interface EventBase {
  item: OutboxItem;
  /** The attached file the event is about (an upload after the item was accepted). */
  file?: OutboxFileInfo;
  remote?: boolean;
  awaited?: boolean;
}

/**
 * 'sent': the server accepted the item (its files, if any, follow one by one); 'uploaded': one file accepted;
 * 'rejected': the item, or the last of its files, was refused and waits for the user in Sincronización.
 */
export type SyncEvent =
  | (EventBase & { type: 'sent'; status: number; data: unknown; replayed: boolean })
  | (EventBase & { type: 'uploaded'; file: OutboxFileInfo; status: number; data: unknown })
  | (EventBase & { type: 'rejected'; status: number; message: string; body: unknown })
  | (EventBase & { type: 'retrying'; status: number; message: string; nextAttemptAt: number })
  | (EventBase & { type: 'paused' });

export type SyncListener = (event: SyncEvent) => void;

/** The part of BroadcastChannel the engine uses (injectable in tests). */
export interface EventChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

/** A tiny listener set; `emit` never lets one failing listener stop the others. */
export function createEmitter<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    on(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(value: T): void {
      for (const l of [...listeners]) {
        try {
          l(value);
        } catch (err) {
          console.error(err);
        }
      }
    },
  };
}

/** The app's channel between tabs, or null where BroadcastChannel does not exist. */
export function defaultChannel(): EventChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('maquinarias-outbox');
}
