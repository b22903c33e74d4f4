// The offline engine's screens and badges (import from '@client/offline/ui'): the Sincronización panel, the
// top bar's pending count, the 'pendiente' / 'rechazado' badge of list rows. They sit above the kit; the engine
// (import from '@client/offline') sits below it.
export { SyncPanel } from './sync-panel';
export { PendingBadge } from './pending-badge';
export { PendingRowBadge } from './pending-row-badge';
