// Typeahead searches of the warehouse forms: the server first; with no network, the cached catalogue filtered
// on the device (same matching as the server: code or name, case- and accent-insensitive, at most 20).
import type { InsumoRow, InsumoSearchPedido, InsumoSearchSalida } from '@shared/contract/insumos';
import type { OperadorRow, OperadorSuggestion } from '@shared/contract/operadores';
import { normalizeSearch, supplySearchText } from '@shared/domain/stock';
import { api } from '@client/lib/api';
import { isNetworkError, readCached } from '@client/offline';
import { INSUMOS_KEY, OPERADORES_KEY } from './api';

export const SEARCH_LIMIT = 20;

/** Runs `online`; on a network failure answers with `offline()` when the device has a copy. */
export async function withCacheFallback<T>(online: () => Promise<T>, offline: () => Promise<T | undefined>): Promise<T> {
  try {
    return await online();
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const local = await offline();
    if (local === undefined) throw err;
    return local;
  }
}

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

export function searchSuppliesSalida(q: string, signal?: AbortSignal): Promise<InsumoSearchSalida[]> {
  return withCacheFallback(
    () =>
      api.get<{ items: InsumoSearchSalida[] }>(`/api/insumos/search?q=${encodeURIComponent(q)}&mode=salida`, signal).then((r) => r.items),
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
    () =>
      api.get<{ items: InsumoSearchPedido[] }>(`/api/insumos/search?q=${encodeURIComponent(q)}&mode=pedido`, signal).then((r) => r.items),
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

/** Operators whose DNI starts with the typed digits. */
export function filterOperators(rows: readonly OperadorRow[], prefix: string, limit = SEARCH_LIMIT): OperadorSuggestion[] {
  if (!/^\d+$/.test(prefix)) return [];
  return rows
    .filter((o) => o.dni.startsWith(prefix))
    .sort((a, b) => a.dni.localeCompare(b.dni))
    .slice(0, limit)
    .map(({ operador_id, dni, nombres }) => ({ operador_id, dni, nombres }));
}

export function suggestOperators(dni: string, signal?: AbortSignal): Promise<OperadorSuggestion[]> {
  return withCacheFallback(
    () => api.get<{ items: OperadorSuggestion[] }>(`/api/operadores/suggestdni/${encodeURIComponent(dni)}`, signal).then((r) => r.items),
    async () => {
      const rows = (await readCached<OperadorRow[]>(OPERADORES_KEY))?.data;
      return rows && filterOperators(rows, dni);
    },
  );
}
