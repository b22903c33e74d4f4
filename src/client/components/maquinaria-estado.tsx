// A machine's state as a coloured badge (OPERATIVO green, INOPERATIVA red, EN REPARACION yellow, EN MANTENIMIENTO
// blue) with the spec's words: every machinery list and the machine's record show it.
import { LABELS } from '@shared/messages';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';

const STATE_VARIANT: BadgeVariant[] = ['success', 'danger', 'warning', 'info'];

export function maquinariaStateLabel(estado: number): string {
  return LABELS.machineState[estado] ?? String(estado);
}

export function MaquinariaStateBadge({ estado, className }: { estado: number; className?: string }) {
  return (
    <Badge variant={STATE_VARIANT[estado] ?? 'secondary'} className={className}>
      {maquinariaStateLabel(estado)}
    </Badge>
  );
}
