// Catalogues the warehouse forms need (machines, operators, supplies with stock, units), read through the
// offline cache under the same keys the engine refreshes after login (offline/cache.ts CATALOGS).
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { InsumoRow, UnimedRow } from '@shared/contract/insumos';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import type { OperadorRow } from '@shared/contract/operadores';
import { api } from '@client/lib/api';
import { cachedData } from '@client/offline';

export type { InsumoRow, MaquinariaRow, OperadorRow, UnimedRow };

export const MAQUINARIAS_KEY = ['maquinarias'] as const;
export const OPERADORES_KEY = ['operadores'] as const;
export const INSUMOS_KEY = ['insumos'] as const;
export const UNIMEDS_KEY = ['pedidos', 'unimeds'] as const;

/**
 * A catalogue: network first, the device copy when there is no network. Unlike a list screen's load, a failing
 * catalogue does not end the session (the form still opens; its selects are just empty).
 */
export function catalogQuery<T>(key: QueryKey, url: string) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => cachedData<T>(key, () => api.get<T>(url, signal)),
    staleTime: 60_000,
    retry: false,
  });
}

export const maquinariasQuery = () => catalogQuery<MaquinariaRow[]>(MAQUINARIAS_KEY, '/api/maquinarias');
export const operadoresQuery = () => catalogQuery<OperadorRow[]>(OPERADORES_KEY, '/api/operadores');
export const insumosQuery = () => catalogQuery<InsumoRow[]>(INSUMOS_KEY, '/api/insumos');
export const unimedsQuery = () => catalogQuery<UnimedRow[]>(UNIMEDS_KEY, '/api/pedidos/unimeds');

export const useMaquinarias = () => useQuery(maquinariasQuery());
export const useOperadores = () => useQuery(operadoresQuery());
export const useInsumosCatalog = () => useQuery(insumosQuery());
export const useUnimeds = () => useQuery(unimedsQuery());

const BY_NAME = { maquinarias: maquinariasQuery, operadores: operadoresQuery, insumos: insumosQuery, unimeds: unimedsQuery } as const;

/** Route preload (spec §2: "/salida loads machines and units first"); a failure never blocks the screen. */
export function preloadCatalogs(qc: QueryClient, names: (keyof typeof BY_NAME)[]): Promise<unknown> {
  return Promise.all(names.map((n) => qc.ensureQueryData(BY_NAME[n]() as ReturnType<typeof catalogQuery<unknown>>).catch(() => undefined)));
}

/** Text of a machine in selects and lists: 'PLACA - DESCRIPCIÓN'. */
export function machineLabel(m: Pick<MaquinariaRow, 'placa' | 'descripcion'>): string {
  return m.descripcion ? `${m.placa} - ${m.descripcion}` : m.placa;
}

export function machineOptions(rows: readonly MaquinariaRow[] | undefined): { value: number; label: string }[] {
  return (rows ?? []).map((m) => ({ value: m.id, label: machineLabel(m) })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}
