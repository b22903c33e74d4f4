// Logout warning: how many of the user's records are still only on this device.
import { getDefaultEngine } from './default-engine';
import type { SyncEngine } from './sync';

/**
 * Count of the logged-in user's outbox items (pending, retrying or rejected). The logout modal shows
 * MSG.logoutPendingWarning when it is above 0; the items stay and go after the same user's next login.
 */
export async function pendingCountForLogout(engine: SyncEngine = getDefaultEngine()): Promise<number> {
  return (await engine.list()).length;
}
