// 'Abrir y corregir' save: replaces the rejected outbox item by the corrected one (engine.resend: new
// Idempotency-Key, one Dexie transaction) and waits for its outcome like an interactive save.
import { ApiError } from '@client/lib/api';
import type { SubmitResult, SyncEngine, SyncEvent } from '@client/offline';

/** The corrected copy was rejected too; `itemId` is the item that is now the rejected one. */
export class ResendRejected extends Error {
  constructor(
    public readonly error: ApiError,
    public readonly itemId: string,
  ) {
    super(error.message);
    this.name = 'ResendRejected';
  }
}

/** Resolves the server answer, `{ queued: true }` when it stays queued; rejects with ResendRejected. */
export function resendAndWait<T = unknown>(engine: SyncEngine, id: string, body: unknown, waitMs = 25_000): Promise<SubmitResult<T>> {
  return new Promise<SubmitResult<T>>((resolve, reject) => {
    let freshId: string | null = null;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unwatch: () => void = () => undefined;
    const mine = (e: SyncEvent) => e.item.id === freshId || (e.item.meta as { resentFrom?: string } | undefined)?.resentFrom === id;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      off();
      unwatch();
      clearTimeout(timer);
      fn();
    };
    const off = engine.on((e) => {
      if (!mine(e)) return;
      if (e.type === 'sent') finish(() => resolve({ queued: false, data: e.data as T, replayed: e.replayed }));
      else if (e.type === 'rejected') finish(() => reject(new ResendRejected(new ApiError(e.status, e.message, e.body), e.item.id)));
      else finish(() => resolve({ queued: true, item: e.item }));
    });
    engine.resend(id, body).then(
      (fresh) => {
        freshId = fresh.id;
        if (settled) return;
        const stop = engine.watch(fresh.id);
        unwatch = () => void stop();
        const queued = () => finish(() => resolve({ queued: true, item: fresh }));
        if (!engine.isOnline()) queued();
        else if (!settled) timer = setTimeout(queued, waitMs);
      },
      (err: unknown) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}
