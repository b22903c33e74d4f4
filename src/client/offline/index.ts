// Public entry of the offline engine (import from '@client/offline'). Its screens and badges are in
// '@client/offline/ui'.
export { startSync, getDefaultEngine } from './default-engine';
// Only what features and the shell use; the engine's internals (the engine factory, locks, the Dexie database,
// the raw cache) are imported from their own modules by the engine and its tests.
export type { SyncEngine } from './sync';
export type { SyncEvent } from './sync-events';
export { type SubmitResult } from './sync-submit';
export { recordPending, type AttachmentInput } from './outbox-files';
export type { OutboxItem } from './db';
export {
  cachedData,
  readCached,
  withCacheFallback,
  useOfflineInfo,
  getOfflineInfo,
  prefetchDetails,
  isNetworkError,
  type OfflineInfo,
  type CacheKey,
} from './cache';
export { deltaFetch, newestFirst, type DeltaSpec } from './list-delta';
export { useOutbox, usePendingCount, useMergedRows, useOfflineSave, useResourceSave, useSyncEvent, type WithPending } from './hooks';
export { useSyncEngine } from './engine-context';
/** @public A correcting editor's files (docs/architecture.md, "How to add an offline form"). */
export { useOutboxFiles } from './hooks';
export { openOutboxEditor, type OutboxEditorProps, type OutboxFix, type TypedFix } from './editors';
export {
  isOfflineResource,
  offlineResource,
  pendingOf,
  registerOfflineResource,
  type OfflineResource,
  type OfflineResourceInfo,
  type Catalog,
  type Pending,
} from './resource';
export { pendingCountForLogout } from './logout-guard';
