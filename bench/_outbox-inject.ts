// Bundled by bench/offline.ts into the page (an IIFE, window.__benchOutbox): queues exits while offline through
// the app's own outbox code, the exits' offline declaration (its outbox input) and outbox-store's addItem on the app's Dexie schema (a
// second connection to the same IndexedDB database the page's engine reads). Nothing is sent from here: the
// replay is the page's engine when the connection returns.
import type { SalidaOutboxMeta, SalidaSave } from '@client/features/salidas/api';
import { salidasOffline } from '@client/features/salidas/offline';
import { createOfflineDb } from '@client/offline/db';
import { addItem } from '@client/offline/outbox-store';

/** Queues one POST /api/salidas per form for the session's user; returns how many items the outbox holds. */
export async function queueExits(forms: SalidaSave[], meta: SalidaOutboxMeta, owner: { userId: number; userName: string }) {
  const db = createOfflineDb();
  try {
    for (const form of forms) await addItem(db, salidasOffline.input(form, meta), owner, Date.now());
    return await db.outbox.count();
  } finally {
    db.close();
  }
}
