// Kardex API: POST /api/movimientos/list {insumo_id (0 = Todos), fini, ffin} → valued ledger rows with the
// running balance, each supply opening with its balance before fini; the server pages 'Todos' by KARDEX_MAX_ROWS
// movements (opening rows not counted), so the pages are read until a short one.
import { KARDEX_MAX_ROWS, SALDO_INICIAL, movimientosApi, type MovimientoRow } from '@shared/contract/movimientos';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';

export type { MovimientoRow };

export const MOVIMIENTOS_KEY = ['movimientos'] as const;

export interface KardexFilter {
  insumo_id: number;
  fini: string;
  ffin: string;
}

/** Every page of the filter, in the server's order (supply, date, movement). */
export async function fetchKardex(filter: KardexFilter, signal?: AbortSignal, pageSize = KARDEX_MAX_ROWS): Promise<MovimientoRow[]> {
  const rows: MovimientoRow[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await call(movimientosApi.list, { body: { ...filter, limit: pageSize, offset }, signal });
    rows.push(...page);
    if (page.filter((r) => r.tipo !== SALDO_INICIAL).length < pageSize) return rows;
  }
}

export function useMovimientos(filter: KardexFilter) {
  return useListQuery<MovimientoRow[]>([...MOVIMIENTOS_KEY, 'list', filter], (signal) => fetchKardex(filter, signal));
}
