// The state of a preventive task in Spanish: Vencida (red), Próxima (yellow), Al día (green).
import type { EstadoTarea } from '@shared/domain/planes';
import { LABELS } from '@shared/messages';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';

const VARIANT: Record<EstadoTarea, BadgeVariant> = { vencida: 'danger', proxima: 'warning', al_dia: 'success' };

export const estadoLabel = (estado: EstadoTarea) => LABELS.planes.estado[estado];

export function EstadoTareaBadge({ estado }: { estado: EstadoTarea }) {
  return (
    <Badge variant={VARIANT[estado]} className="normal-case">
      {estadoLabel(estado)}
    </Badge>
  );
}
