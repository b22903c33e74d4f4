// The machine-and-dates filter of the lists (exits, requests, failures, repairs, daily reports): the list call's
// filter as a value, the rule a row still on the device follows to appear under it (the server's list applies the
// same one), the filter's state and its toolbar (machine, 'Todos' = 0, and date range).
import { useMemo } from 'react';
import { usePlaceState } from '@client/lib/place';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from './catalogs';
import { DateRangeFilter, useDateRange, type DateRange } from './date-range-filter';
import { maquinariaOptions } from './maquinaria-options';
import { SelectFilter } from './select-filter';

/** The list call's filter: machine (0 = 'Todos') and date range. */
export interface MaquinariaDateBody {
  maquinaria_id: number;
  fini: string;
  ffin: string;
}

/** Whether a row of machine `maquinaria_id` dated `fecha` belongs in the list filtered by `filter`. */
export function inMaquinariaDateRange(row: { maquinaria_id: number; fecha: string }, filter: MaquinariaDateBody): boolean {
  if (filter.maquinaria_id && row.maquinaria_id !== filter.maquinaria_id) return false;
  return !((filter.fini && row.fecha < filter.fini) || (filter.ffin && row.fecha > filter.ffin));
}

/** Filter state; `body` is the list call's payload (maquinaria_id, fini, ffin); `maxMonths` the list's widest range. */
export function useMaquinariaDateFilters(maxMonths: number, initial?: DateRange) {
  const [maquinariaId, setMaquinariaId] = usePlaceState('maquinaria', 0, initial !== undefined);
  const [range, setRange] = useDateRange(initial);
  const body = useMemo<MaquinariaDateBody>(
    () => ({ maquinaria_id: maquinariaId, fini: range.start, ffin: range.end }),
    [maquinariaId, range],
  );
  return { maquinariaId, setMaquinariaId, range, setRange, body, maxMonths };
}

export function MaquinariaDateToolbar({ filters }: { filters: ReturnType<typeof useMaquinariaDateFilters> }) {
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  return (
    <>
      <SelectFilter
        label={LABELS.almacen.machine}
        value={filters.maquinariaId}
        onChange={filters.setMaquinariaId}
        options={options}
        className="w-60"
      />
      <DateRangeFilter value={filters.range} onChange={filters.setRange} maxMonths={filters.maxMonths} />
    </>
  );
}
