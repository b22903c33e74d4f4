// Top-bar count of records not yet on the server; hidden at 0, red when one was rejected. Click opens the sync panel.
import { MSG } from '@shared/messages';
import { useOutbox } from '../hooks';

export function PendingBadge({ onClick }: { onClick?: () => void }) {
  const items = useOutbox();
  const rejected = items.filter((i) => i.status === 'rejected').length;
  if (items.length === 0) return null;
  const color = rejected > 0 ? 'bg-red-600' : 'bg-amber-500';
  const title = `${MSG.syncTitle}: ${MSG.syncBadgeTitle(items.length - rejected, rejected)}`;
  return (
    <button
      type="button"
      onClick={onClick}
      title={title}
      aria-label={title}
      className={`inline-flex min-w-6 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold text-white ${color}`}
      data-testid="pending-badge"
    >
      {items.length}
    </button>
  );
}
