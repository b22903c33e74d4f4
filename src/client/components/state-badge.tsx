// ACTIVO / INACTIVO badge of the status columns (activities, users, costs): 1 active, 0 inactive.
import { LABELS } from '@shared/messages';
import { Badge } from '@client/components/ui/badge';

export function activeStateLabel(value: number): string {
  return LABELS.activeState[value === 1 ? 1 : 0];
}

export function ActiveStateBadge({ value }: { value: number }) {
  return <Badge variant={value === 1 ? 'success' : 'danger'}>{activeStateLabel(value)}</Badge>;
}

/** Options of the status select, ACTIVO first (the default of new records). */
export const ACTIVE_STATE_OPTIONS = [
  { value: 1, label: LABELS.activeState[1] },
  { value: 0, label: LABELS.activeState[0] },
] as const;
