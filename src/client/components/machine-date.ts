// The machine-and-dates filter of the lists (exits, requests, failures, repairs, daily reports) as a value, and the
// rule a row still on the device follows to appear under it (the server's list applies the same one).

/** The list call's filter: machine (0 = 'Todos') and date range. */
export interface MachineDateBody {
  maquinaria_id: number;
  fini: string;
  ffin: string;
}

/** Whether a row of machine `maquinaria_id` dated `fecha` belongs in the list filtered by `filter`. */
export function inMachineDateRange(row: { maquinaria_id: number; fecha: string }, filter: MachineDateBody): boolean {
  if (filter.maquinaria_id && row.maquinaria_id !== filter.maquinaria_id) return false;
  return !((filter.fini && row.fecha < filter.fini) || (filter.ffin && row.fecha > filter.ffin));
}
