// Public entry of the offline engine (import from '@client/offline').
export { startSync, getDefaultEngine, type StartSyncOptions } from './default-engine';
export { createSyncEngine, LOCK_NAME, type SyncEngine, type SyncEngineDeps, type FlushOptions } from './sync';
export type { SyncEvent, SyncListener, SyncState } from './sync-events';
export { webLock, memoryLock, dexieLease, type LockFn } from './sync-lock';
export { submit, type SubmitResult } from './sync-submit';
export { enqueue, listOutbox, discard, resend, pendingFor } from './outbox';
export type { EnqueueInput, OutboxItem, OutboxMethod, OutboxStatus } from './outbox';
export { createOfflineDb, getDb, DB_NAME, type OfflineDb, type CacheRow } from './db';
export {
  cachedFetch,
  cachedData,
  readCached,
  withCacheFallback,
  useOfflineInfo,
  getOfflineInfo,
  prefetchCatalogs,
  CATALOGS,
  isNetworkError,
  type CachedResult,
  type CacheKey,
  type OfflineInfo,
} from './cache';
export {
  useOutbox,
  usePendingCount,
  useSyncState,
  useMergedRows,
  useOfflineSave,
  useSyncEvent,
  mergePending,
  type WithPending,
  type PendingMark,
} from './hooks';
export { OfflineEngineProvider, useSyncEngine } from './engine-context';
export { registerOutboxEditor, type OutboxEditor } from './editors';
export { pendingCountForLogout } from './logout-guard';
