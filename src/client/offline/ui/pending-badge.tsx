// Top-bar count of records not yet sent; hidden at 0, red when one was rejected. Click opens the sync panel.
import { MSG } from '@shared/messages';
import { usePendingCount, useOutbox } from '../hooks';

export function PendingBadge({ onClick }: { onClick?: () => void }) {
  const count = usePendingCount();
  const hasRejected = useOutbox().some((i) => i.status === 'rejected');
  if (count === 0) return null;
  const color = hasRejected ? 'bg-red-600' : 'bg-amber-500';
  return (
    <button
      type="button"
      onClick={onClick}
      title={`${MSG.syncTitle}: ${MSG.syncPendingCount(count)}`}
      aria-label={`${MSG.syncTitle}: ${MSG.syncPendingCount(count)}`}
      className={`inline-flex min-w-6 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold text-white ${color}`}
      data-testid="pending-badge"
    >
      {count}
    </button>
  );
}
