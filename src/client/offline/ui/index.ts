// The offline engine's screens and badges (import from '@client/offline/ui'): the Sincronización panel, the host
// of the 'Abrir y corregir' forms, the top bar's pending count, the 'pendiente' / 'rechazado' badge of list rows,
// the login screen's note about records waiting. They sit above the kit; the engine ('@client/offline') below it.
export { SyncPanel } from './sync-panel';
export { OutboxEditorHost } from './outbox-editor-host';
export { PendingBadge } from './pending-badge';
export { OfflineIndicator } from './offline-indicator';
export { PendingRowBadge } from './pending-row-badge';
export { PendingLoginNote } from './pending-login-note';
export { PendingKeyCell, pendingExportText, pendingActionsColumn, type PendingRowActions } from './pending-cells';
