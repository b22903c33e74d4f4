// Toolbar of the lists filtered by machine ('Todos' = 0) and date range (exits, requests, failures, repairs):
// state and controls.
import { useMemo, useState } from 'react';
import { LABELS } from '@shared/messages';
import { DateRangeFilter, useDateRange, type DateRange } from '@client/components/date-range-filter';
import { SelectFilter } from '@client/components/select-filter';
import type { MachineDateBody } from '@client/components/machine-date';
import { machineOptions, useMaquinarias } from './api';

export type { MachineDateBody };

/** Filter state; `body` is the list call's payload (maquinaria_id, fini, ffin). */
export function useMachineDateFilters(initial?: DateRange) {
  const [maquinariaId, setMaquinariaId] = useState(0);
  const [range, setRange] = useDateRange(initial);
  const body = useMemo<MachineDateBody>(() => ({ maquinaria_id: maquinariaId, fini: range.start, ffin: range.end }), [maquinariaId, range]);
  return { maquinariaId, setMaquinariaId, range, setRange, body };
}

export function MachineDateToolbar({ filters }: { filters: ReturnType<typeof useMachineDateFilters> }) {
  const machines = useMaquinarias();
  const options = useMemo(() => machineOptions(machines.data), [machines.data]);
  return (
    <>
      <SelectFilter
        label={LABELS.almacen.machine}
        value={filters.maquinariaId}
        onChange={filters.setMaquinariaId}
        options={options}
        className="w-60"
      />
      <DateRangeFilter value={filters.range} onChange={filters.setRange} />
    </>
  );
}
