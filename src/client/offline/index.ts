// Public entry of the offline engine (import from '@client/offline'). Its screens and badges are in
// '@client/offline/ui'.
export { startSync, getDefaultEngine, type StartSyncOptions } from './default-engine';
export { createSyncEngine, LOCK_NAME, type SyncEngine, type SyncEngineDeps, type FlushOptions } from './sync';
export type { SyncEvent, SyncListener, SyncState } from './sync-events';
export { webLock, memoryLock, dexieLease, type LockFn } from './sync-lock';
export { submit, OutboxRejection, type SubmitResult } from './sync-submit';
export type { EnqueueInput } from './outbox-store';
export { recordPending, type AttachmentInput } from './outbox-files';
export {
  createOfflineDb,
  getDb,
  DB_NAME,
  type OfflineDb,
  type CacheRow,
  type OutboxItem,
  type OutboxFile,
  type OutboxMethod,
  type OutboxStatus,
  type UploadSpec,
} from './db';
export {
  cachedFetch,
  cachedData,
  readCached,
  withCacheFallback,
  useOfflineInfo,
  getOfflineInfo,
  prefetchCatalogs,
  prefetchDetails,
  CATALOGS,
  isNetworkError,
  type CachedResult,
  type CacheKey,
  type OfflineInfo,
} from './cache';
export {
  useOutbox,
  useOutboxFiles,
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
export { registerOutboxEditor, openOutboxEditor, type OutboxEditor, type OutboxEditorProps, type OutboxFix } from './editors';
export { pendingCountForLogout } from './logout-guard';
