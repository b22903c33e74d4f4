// The exit form's stock projection as a hook: pending outbox exits (live), this exit's stored lines and the
// form's other lines; also flags lines that no longer fit (e.g. another exit was queued meanwhile).
import { useCallback, useMemo } from 'react';
import { toCents } from '@shared/domain/money';
import { useOutbox } from '@client/offline';
import type { SalidaLine } from './api';
import { availableForLine, pendingOutflow, storedLinesOf } from './stock-projection';

export interface SalidaAvailabilityInput {
  lines: readonly SalidaLine[];
  trash: readonly SalidaLine[];
  /** Outbox item being corrected ('Abrir y corregir'): it must not count against itself. */
  excludeOutboxId?: string;
}

export function useSalidaAvailability({ lines, trash, excludeOutboxId }: SalidaAvailabilityInput) {
  const outbox = useOutbox();
  const pending = useMemo(() => pendingOutflow(outbox, excludeOutboxId), [outbox, excludeOutboxId]);
  const stored = useMemo(() => storedLinesOf(lines, trash), [lines, trash]);

  /** Available quantity of a supply for line `index` (-1 or lines.length for a new line). */
  const availableAt = useCallback(
    (index: number, insumoId: number, stock: number) =>
      availableForLine({ stock, insumoId, pending, stored, otherLines: lines.filter((_, i) => i !== index) }),
    [pending, stored, lines],
  );

  /** Indexes of lines whose quantity is above what is available now. */
  const overLines = useMemo(
    () => new Set(lines.flatMap((l, i) => (toCents(l.cantidad) > toCents(availableAt(i, l.insumo_id, l.stock)) ? [i] : []))),
    [lines, availableAt],
  );

  return { availableAt, overLines, pending };
}
