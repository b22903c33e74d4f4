// Supplies: the stock list of 'Insumos y materiales' and the catalogue the warehouse forms read
// offline (one device copy under one key), plus the typeahead searches of exits and requests: the server first;
// with no network, the cached catalogue filtered on the device (same matching as the server: code or name, case-
// and accent-insensitive, at most 20).
import { useQuery } from '@tanstack/react-query';
import { insumosApi, type InsumoRow, type InsumoSearchPedido, type InsumoSearchSalida } from '@shared/contract/insumos';
import { normalizeSearch, supplySearchText } from '@shared/domain/stock';
import { call } from '@client/lib/api';
import { CATALOG, catalogQuery } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';
import { readCached, withCacheFallback } from '@client/offline';

export type { InsumoRow };

export const INSUMOS_KEY = CATALOG.insumos.key;
export const SEARCH_LIMIT = 20;

export function useInsumos() {
  return useListQuery(INSUMOS_KEY, (signal) => call(insumosApi.list, { signal }));
}

export const insumosQuery = () => catalogQuery(CATALOG.insumos);
export const useInsumosCatalog = () => useQuery(insumosQuery());

/** Supplies whose code or name contains the query; code prefixes first, then by code. */
export function filterSupplies(rows: readonly InsumoRow[], q: string, limit = SEARCH_LIMIT): InsumoRow[] {
  const norm = normalizeSearch(q);
  if (!norm) return [];
  return rows
    .map((r) => ({ r, text: supplySearchText(r.insumo_codigo, r.insumo_name) }))
    .filter((x) => x.text.includes(norm))
    .sort(
      (a, b) =>
        Number(b.text.startsWith(norm)) - Number(a.text.startsWith(norm)) || a.r.insumo_codigo.localeCompare(b.r.insumo_codigo, 'es'),
    )
    .slice(0, limit)
    .map((x) => x.r);
}

const cachedSupplies = async () => (await readCached<InsumoRow[]>(INSUMOS_KEY))?.data;

/** The item of each typeahead mode. */
interface SearchItems {
  salida: InsumoSearchSalida;
  pedido: InsumoSearchPedido;
}

/** The typeahead search in one mode: the server answers that mode's items only. */
const searchSupplies = <M extends keyof SearchItems>(q: string, mode: M, signal?: AbortSignal) =>
  call(insumosApi.search, { query: { q, mode }, signal }).then((r) => r.items as SearchItems[M][]);

export function searchSuppliesSalida(q: string, signal?: AbortSignal): Promise<InsumoSearchSalida[]> {
  return withCacheFallback(
    () => searchSupplies(q, 'salida', signal),
    async () => {
      const rows = await cachedSupplies();
      return (
        rows &&
        filterSupplies(rows, q).map(({ id, insumo_codigo, insumo_name, unimed, stock }) => ({
          id,
          insumo_codigo,
          insumo_name,
          unimed,
          stock,
        }))
      );
    },
  );
}

export function searchSuppliesPedido(q: string, signal?: AbortSignal): Promise<InsumoSearchPedido[]> {
  return withCacheFallback(
    () => searchSupplies(q, 'pedido', signal),
    async () => {
      const rows = await cachedSupplies();
      return (
        rows &&
        filterSupplies(rows, q).map((r) => ({
          bien_id: r.id,
          bien_nombre: r.insumo_name,
          codigo: r.insumo_codigo,
          unimed_id: r.unimed_id,
          unimed_abrev: r.unimed,
        }))
      );
    },
  );
}
