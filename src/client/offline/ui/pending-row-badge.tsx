// 'pendiente' / 'rechazado' badge of list rows that come from the device's outbox (not yet on the server).
import { MSG, LABELS } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';
import type { PendingMark as Mark } from '../merge-pending';

export function PendingRowBadge({ mark }: { mark: Mark | undefined }) {
  if (!mark) return null;
  const rejected = mark === 'rechazado';
  return (
    <Badge
      variant={rejected ? 'danger' : 'warning'}
      title={rejected ? MSG.syncRejectedHint : LABELS.almacen.pendingHint}
      className="normal-case"
    >
      {rejected ? MSG.syncBadgeRejected : MSG.syncBadgePending}
    </Badge>
  );
}
